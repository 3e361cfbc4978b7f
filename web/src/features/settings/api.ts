import { useQuery } from '@tanstack/react-query';
import { IDENTITY_ROUTES, evaluatePolicy, type TPrincipal } from '@portal/proto';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The client's security settings: IP restriction, email MFA, support-login permission. */

export const useSystemSettings = () => useQuery(routeQuery(IDENTITY_ROUTES.systemSetting, {}));

/** Each save answers the whole settings and shows field errors in its own card (quiet). */
const SAVE = { invalidates: [IDENTITY_ROUTES.systemSetting], quiet: true } as const;
export const useSaveIpSetting = () => useRouteMutation(IDENTITY_ROUTES.ipSetting, SAVE);
export const useSaveMfaSetting = () => useRouteMutation(IDENTITY_ROUTES.mfaSetting, SAVE);
export const useSaveProxyLoginSetting = () => useRouteMutation(IDENTITY_ROUTES.proxyLoginSetting, SAVE);

/** A support session sees the settings read-only: the save routes' policy refuses it (docs/decisions.md). */
export function canChangeSecuritySettings(principal: TPrincipal | null): boolean {
  return evaluatePolicy(IDENTITY_ROUTES.ipSetting.policy, principal) === 'allow';
}
