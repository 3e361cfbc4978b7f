import { useQuery } from '@tanstack/react-query';
import { IDENTITY_ROUTES, SESSION_ROUTES, evaluatePolicy, type TPrincipal } from '@portal/proto';
import type { RouteOutput } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The logged-in user's own profile (name, language, email, password) and sessions. */

export type TProfile = RouteOutput<typeof IDENTITY_ROUTES.profileGet>;
export type TSession = RouteOutput<typeof IDENTITY_ROUTES.sessionList>['sessions'][number];

export const useProfile = () => useQuery(routeQuery(IDENTITY_ROUTES.profileGet, {}));

/**
 * Name and language, password, or the email confirmed with its code (`action`). The name and the
 * email are also in the auth info (the user menu), so both are read again. Field errors show in
 * the form (quiet).
 */
export const useUpdateProfile = () => useRouteMutation(IDENTITY_ROUTES.profileUpdate, { invalidates: [IDENTITY_ROUTES.profileGet, SESSION_ROUTES.userAuth], quiet: true });
/** The code for a new address: the profile's pending change is now this one. */
export const useSendEmailCode = () => useRouteMutation(IDENTITY_ROUTES.profileSendCode, { invalidates: [IDENTITY_ROUTES.profileGet], quiet: true });

/**
 * Whether the principal may read the company's support sessions: the route's own policy, evaluated
 * as the gateway does (a client's owner; not a partner's or operator's profile).
 */
export function canSeeSupportSessions(principal: TPrincipal | null): boolean {
  return evaluatePolicy(IDENTITY_ROUTES.supportSessionList.policy, principal) === 'allow';
}

/** The user's own sessions, and for an owner the company's support sessions. */
export const useOwnSessions = () => useQuery(routeQuery(IDENTITY_ROUTES.sessionList, {}));
export const useSupportSessions = () => useQuery(routeQuery(IDENTITY_ROUTES.supportSessionList, {}));
export const useEndOwnSession = () => useRouteMutation(IDENTITY_ROUTES.sessionEnd, { invalidates: [IDENTITY_ROUTES.sessionList], invalidateOn: 'settled' });
export const useEndSupportSession = () => useRouteMutation(IDENTITY_ROUTES.supportSessionEnd, { invalidates: [IDENTITY_ROUTES.supportSessionList], invalidateOn: 'settled' });
