import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BACKOFFICE_PARTNERS_ROUTES as R, IDENTITY_ROUTES } from '@portal/proto';
import type { RouteInput, RouteOutput } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** Issue 14, slice B: the operator's partners, a partner's sub-partners and system settings. */

export type TPartnerListParams = RouteInput<typeof R.operatorPartnerList>;
export type TPartnerDetailAnswer = RouteOutput<typeof R.operatorPartnerGet>;
export type TPartnerCreateInput = RouteInput<typeof R.operatorPartnerCreate>;

export function usePartnerList(params: TPartnerListParams) {
  return useQuery({ ...routeQuery(R.operatorPartnerList, params), placeholderData: keepPreviousData });
}
export const usePartnerCsv = () => useRouteMutation(R.operatorPartnerCsv, { quiet: true });
export const usePartner = (partner_uuid: string) => useQuery(routeQuery(R.operatorPartnerGet, { partner_uuid }));

// The wizard's steps: validated by the server with the confirm's schemas; refusals show under the fields.
export const useCheckLicence = () => useRouteMutation(R.operatorPartnerCheckLicence, { quiet: true });
export const useCheckPartnerInfo = () => useRouteMutation(R.operatorPartnerCheckInfo, { quiet: true });
export const useCheckBilling = () => useRouteMutation(R.operatorPartnerCheckBilling, { quiet: true });
export const useCheckRegistration = () => useRouteMutation(R.operatorPartnerCheckRegistration, { quiet: true });
export const useCreatePartner = () => useRouteMutation(R.operatorPartnerCreate, { quiet: true, invalidates: [R.operatorPartnerList] });

const CHANGES = [R.operatorPartnerList, R.operatorPartnerGet];
export const usePartnerContracts = () => useRouteMutation(R.operatorPartnerContracts, { invalidates: CHANGES });
export const usePartnerRegistration = () => useRouteMutation(R.operatorPartnerRegistration, { quiet: true, invalidates: CHANGES });
export const usePartnerStatus = () => useRouteMutation(R.operatorPartnerStatus, { invalidates: CHANGES, invalidateOn: 'settled' });
export const usePartnerReview = () => useRouteMutation(R.operatorPartnerReview, { invalidates: CHANGES, invalidateOn: 'settled' });
export const usePartnerDirectContract = () => useRouteMutation(R.operatorPartnerDirectContract, { invalidates: CHANGES, invalidateOn: 'settled' });

export const useSubPartners = () => useQuery(routeQuery(R.partnerSubPartnerList, {}));
export const useCheckSubPartner = () => useRouteMutation(R.partnerSubPartnerCheck, { quiet: true });
export const useRegisterSubPartner = () => useRouteMutation(R.partnerSubPartnerCreate, { quiet: true, invalidates: [R.partnerSubPartnerList] });

export const usePartnerSettings = () => useQuery(routeQuery(R.partnerSettingsGet, {}));
export const useSavePartnerSettings = () => useRouteMutation(R.partnerSettingsUpdate, { quiet: true, invalidates: [R.partnerSettingsGet] });

// A partner's inquiry receivers (notification keeps them in the partner's region).
export const usePartnerReceivers = (partner_uuid: string, region: RouteInput<typeof R.operatorPartnerReceivers>['region']) =>
  useQuery(routeQuery(R.operatorPartnerReceivers, { partner_uuid, region }));
export const useAddPartnerReceiver = () => useRouteMutation(R.operatorPartnerReceiverAdd, { quiet: true, invalidates: [R.operatorPartnerReceivers] });
export const useRemovePartnerReceiver = () => useRouteMutation(R.operatorPartnerReceiverRemove, { invalidates: [R.operatorPartnerReceivers], invalidateOn: 'settled' });

/** Issue 14: an operator's single-use support-login link into a partner's area (the dialog shows a refusal itself). */
export const usePartnerSupportLogin = () => useRouteMutation(IDENTITY_ROUTES.operatorPartnerProxyLogin, { quiet: true });
