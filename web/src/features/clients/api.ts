import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BACKOFFICE_CLIENTS_ROUTES, IDENTITY_ROUTES, LICENCE_ROUTES, NOTIFICATION_NOTICE_ROUTES } from '@portal/proto';
import type { RouteInput } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The client list of the partner and operator areas, and support login into a client's portal. */

export type TClientListParams = RouteInput<typeof LICENCE_ROUTES.clientList>;

/** One page of the clients; the previous page stays on screen while another page or search loads. */
export function useClientList(params: TClientListParams) {
  return useQuery({ ...routeQuery(LICENCE_ROUTES.clientList, params), placeholderData: keepPreviousData });
}

/**
 * A single-use support-login link. The dialog shows a refusal itself (quiet); the client's
 * settings may have changed since the list was read, so the list (each row's eligibility) is read
 * again either way.
 */
export const useIssueSupportLogin = () =>
  useRouteMutation(IDENTITY_ROUTES.proxyLoginIssue, {
    quiet: true, invalidates: [LICENCE_ROUTES.clientList, BACKOFFICE_CLIENTS_ROUTES.boClientList, BACKOFFICE_CLIENTS_ROUTES.partnerClientList], invalidateOn: 'settled',
  });

/** Issue 14, slice A: the operator's and partner's list with filters, and its CSV. */
export type TBoClientQuery = RouteInput<typeof BACKOFFICE_CLIENTS_ROUTES.boClientList>;
export function useBoClients(area: 'operator' | 'partner', params: TBoClientQuery) {
  const route = area === 'operator' ? BACKOFFICE_CLIENTS_ROUTES.boClientList : BACKOFFICE_CLIENTS_ROUTES.partnerClientList;
  return useQuery({ ...routeQuery(route, params), placeholderData: keepPreviousData });
}
export const useBoClientCsv = (area: 'operator' | 'partner') =>
  useRouteMutation(area === 'operator' ? BACKOFFICE_CLIENTS_ROUTES.boClientCsv : BACKOFFICE_CLIENTS_ROUTES.partnerClientCsv, { quiet: true });

/** Issue 25 point 5: the list's bulk actions on a selection (the list and client info read again after a suspension). */
const CLIENT_VIEWS = [
  BACKOFFICE_CLIENTS_ROUTES.boClientList, BACKOFFICE_CLIENTS_ROUTES.partnerClientList, BACKOFFICE_CLIENTS_ROUTES.boClientInfo, BACKOFFICE_CLIENTS_ROUTES.partnerClientInfo,
];
export const useBulkSuspend = (area: 'operator' | 'partner') =>
  useRouteMutation(area === 'operator' ? BACKOFFICE_CLIENTS_ROUTES.boClientBulkSuspend : BACKOFFICE_CLIENTS_ROUTES.partnerClientBulkSuspend, {
    quiet: true, invalidates: CLIENT_VIEWS, invalidateOn: 'settled',
  });
export const useBulkCsv = (area: 'operator' | 'partner') =>
  useRouteMutation(area === 'operator' ? BACKOFFICE_CLIENTS_ROUTES.boClientBulkCsv : BACKOFFICE_CLIENTS_ROUTES.partnerClientBulkCsv, { quiet: true });
export const useNoticeDraftForClients = () =>
  useRouteMutation(NOTIFICATION_NOTICE_ROUTES.operatorNoticeDraftForClients, { quiet: true, invalidates: [NOTIFICATION_NOTICE_ROUTES.operatorNoticeList] });
