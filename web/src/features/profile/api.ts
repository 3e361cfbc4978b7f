import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, evaluatePolicy, type TPrincipal } from '@portal/proto';
import type { RouteOutput } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The logged-in user's own profile (name, language, email, password) and sessions. */

export type TProfile = RouteOutput<typeof API_ROUTES.profileGet>;
export type TSession = RouteOutput<typeof API_ROUTES.sessionList>['sessions'][number];

export const useProfile = () => useQuery(routeQuery(API_ROUTES.profileGet, {}));

/**
 * Name and language, password, or the email confirmed with its code (`action`). The name and the
 * email are also in the auth info (the user menu), so both are read again. Field errors show in
 * the form (quiet).
 */
export const useUpdateProfile = () => useRouteMutation(API_ROUTES.profileUpdate, { invalidates: [API_ROUTES.profileGet, API_ROUTES.userAuth], quiet: true });
/** The code for a new address: the profile's pending change is now this one. */
export const useSendEmailCode = () => useRouteMutation(API_ROUTES.profileSendCode, { invalidates: [API_ROUTES.profileGet], quiet: true });

/**
 * Whether the principal may read the company's support sessions: the route's own policy, evaluated
 * as the gateway does (a client's owner; not a partner's or operator's profile).
 */
export function canSeeSupportSessions(principal: TPrincipal | null): boolean {
  return evaluatePolicy(API_ROUTES.supportSessionList.policy, principal) === 'allow';
}

/** The user's own sessions, and for an owner the company's support sessions. */
export const useOwnSessions = () => useQuery(routeQuery(API_ROUTES.sessionList, {}));
export const useSupportSessions = () => useQuery(routeQuery(API_ROUTES.supportSessionList, {}));
export const useEndOwnSession = () => useRouteMutation(API_ROUTES.sessionEnd, { invalidates: [API_ROUTES.sessionList], invalidateOn: 'settled' });
export const useEndSupportSession = () => useRouteMutation(API_ROUTES.supportSessionEnd, { invalidates: [API_ROUTES.supportSessionList], invalidateOn: 'settled' });
