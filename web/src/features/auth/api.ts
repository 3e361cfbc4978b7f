import { useQuery } from '@tanstack/react-query';
import { IDENTITY_ROUTES } from '@portal/proto';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/**
 * Getting in: login, password reset, signup, accepting an invitation, support (proxy) login and
 * product single sign-on. Every form shows the server's refusal itself, so the calls are quiet.
 */

export const useLogin = () => useRouteMutation(IDENTITY_ROUTES.login, { quiet: true });

export const useRequestPasswordReset = () => useRouteMutation(IDENTITY_ROUTES.passwordResetRequest, { quiet: true });
/** Whether a mailed reset link is still valid. */
export const usePasswordResetLink = (token: string) => useQuery(routeQuery(IDENTITY_ROUTES.passwordResetCheck, { access_token: token }));
export const useResetPassword = () => useRouteMutation(IDENTITY_ROUTES.passwordResetConfirm, { quiet: true });

/** Temporary registration: the public form, or the internal one behind basic auth. */
export const useTemporaryRegister = (internal: boolean) =>
  useRouteMutation(internal ? IDENTITY_ROUTES.internalTemporaryRegister : IDENTITY_ROUTES.temporaryRegister, { quiet: true });
/** The temporary registration behind a full-registration link (40011 when expired or unknown). */
export const useSignupLink = (token: string) => useQuery(routeQuery(IDENTITY_ROUTES.signupCheck, { access_token: token }));
export const useRegister = () => useRouteMutation(IDENTITY_ROUTES.signupRegister, { quiet: true });

/** The invitation behind an invitation link (40011 when expired or unknown; other refusals say why). */
export const useInvitation = (token: string) => useQuery(routeQuery(IDENTITY_ROUTES.inviteCheck, { access_token: token }));
export const useAcceptInvitation = () => useRouteMutation(IDENTITY_ROUTES.inviteAccept, { quiet: true });

/** Support login with a single-use link; it ends in a full page load, so it outlives the route. */
export const useProxyLogin = () => useRouteMutation(IDENTITY_ROUTES.proxyLogin, { quiet: true, outlivesRoute: true });
/** f9-ident: the hand-off token of a login verified on another region's host becomes the session here. */
export const useLoginHandoff = () => useRouteMutation(IDENTITY_ROUTES.loginHandoff, { quiet: true, outlivesRoute: true });

/** A product token for /servicelogin: sso_login, or proxy_login from a support session. */
export const useServiceLogin = (proxy: boolean) =>
  useRouteMutation(proxy ? IDENTITY_ROUTES.ssoProxyLogin : IDENTITY_ROUTES.ssoLogin, { quiet: true, outlivesRoute: true });
