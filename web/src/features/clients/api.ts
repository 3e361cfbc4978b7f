import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IDENTITY_ROUTES, LICENCE_ROUTES } from '@portal/proto';
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
  useRouteMutation(IDENTITY_ROUTES.proxyLoginIssue, { quiet: true, invalidates: [LICENCE_ROUTES.clientList], invalidateOn: 'settled' });
