import { useQuery } from '@tanstack/react-query';
import { LICENCE_ROUTES } from '@portal/proto';
import type { RouteInput } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** Terms of use (operator list, versions, editor), terms-and-conditions URLs, and the public terms page. */

export type TTermsListParams = RouteInput<typeof LICENCE_ROUTES.termsList>;

export const useTermsList = (params: TTermsListParams) => useQuery(routeQuery(LICENCE_ROUTES.termsList, params));
/** One version with its HTML, for the editor. */
export const useTermsDetail = (id: string | null) => useQuery({ ...routeQuery(LICENCE_ROUTES.termsGet, { id: id ?? '' }), enabled: !!id });
/** Issue 25: a draft of the next version; editing a draft; publishing it (major or minor). Published versions are never rewritten. */
export const useCreateTermsDraft = () => useRouteMutation(LICENCE_ROUTES.termsCreate, { quiet: true, invalidates: [LICENCE_ROUTES.termsList] });
export const useUpdateTerms = () => useRouteMutation(LICENCE_ROUTES.termsUpdate, { quiet: true, invalidates: [LICENCE_ROUTES.termsList, LICENCE_ROUTES.termsGet] });
export const usePublishTermsVersion = () => useRouteMutation(LICENCE_ROUTES.termsPublish, {
  quiet: true, invalidates: [LICENCE_ROUTES.termsList, LICENCE_ROUTES.termsGet, LICENCE_ROUTES.termsPublic],
});

/** Issue 25: the current text of a kind and the text the caller last agreed to; agreeing to the versions shown. */
export const useAgreementDocument = (kind: RouteInput<typeof LICENCE_ROUTES.agreementDocument>['kind'], enabled = true) =>
  useQuery({ ...routeQuery(LICENCE_ROUTES.agreementDocument, { kind }), enabled });
// Read again after a refusal too: a version published meanwhile is what the screen must show.
export const useGiveAgreement = () => useRouteMutation(LICENCE_ROUTES.agreementGive, {
  quiet: true, invalidates: [LICENCE_ROUTES.agreementInfo, LICENCE_ROUTES.agreementDocument], invalidateOn: 'settled',
});

export const useTermsUrls = () => useQuery(routeQuery(LICENCE_ROUTES.termsUrlList, {}));
export const useCreateTermsUrl = () => useRouteMutation(LICENCE_ROUTES.termsUrlCreate, { quiet: true, invalidates: [LICENCE_ROUTES.termsUrlList] });
export const useUpdateTermsUrl = () => useRouteMutation(LICENCE_ROUTES.termsUrlUpdate, { quiet: true, invalidates: [LICENCE_ROUTES.termsUrlList] });

/** The current terms of a language (the visitor's by default) and the privacy policy's address. Public. */
export const usePublicTerms = (language?: RouteInput<typeof LICENCE_ROUTES.termsPublic>['language']) =>
  useQuery({ ...routeQuery(LICENCE_ROUTES.termsPublic, language ? { language } : {}), staleTime: 5 * 60_000 });
