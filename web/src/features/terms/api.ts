import { useQuery } from '@tanstack/react-query';
import { API_ROUTES } from '@portal/proto';
import type { RouteInput } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** Terms of use (operator list, versions, editor), terms-and-conditions URLs, and the public terms page. */

export type TTermsListParams = RouteInput<typeof API_ROUTES.termsList>;

export const useTermsList = (params: TTermsListParams) => useQuery(routeQuery(API_ROUTES.termsList, params));
/** One version with its HTML, for the editor. */
export const useTermsDetail = (id: string | null) => useQuery({ ...routeQuery(API_ROUTES.termsGet, { id: id ?? '' }), enabled: !!id });
export const usePublishTerms = () => useRouteMutation(API_ROUTES.termsCreate, { quiet: true, invalidates: [API_ROUTES.termsList, API_ROUTES.termsPublic] });
export const useUpdateTerms = () => useRouteMutation(API_ROUTES.termsUpdate, { quiet: true, invalidates: [API_ROUTES.termsList, API_ROUTES.termsGet, API_ROUTES.termsPublic] });

export const useTermsUrls = () => useQuery(routeQuery(API_ROUTES.termsUrlList, {}));
export const useCreateTermsUrl = () => useRouteMutation(API_ROUTES.termsUrlCreate, { quiet: true, invalidates: [API_ROUTES.termsUrlList] });
export const useUpdateTermsUrl = () => useRouteMutation(API_ROUTES.termsUrlUpdate, { quiet: true, invalidates: [API_ROUTES.termsUrlList] });

/** The current terms of a language (the visitor's by default) and the privacy policy's address. Public. */
export const usePublicTerms = (language?: RouteInput<typeof API_ROUTES.termsPublic>['language']) =>
  useQuery({ ...routeQuery(API_ROUTES.termsPublic, language ? { language } : {}), staleTime: 5 * 60_000 });
