import { useQuery, type QueryClient } from '@tanstack/react-query';
import { SESSION_ROUTES, formatPersonName, type TAuthInfo, type TPrincipal } from '@portal/proto';
import { callRoute, routeKey } from './api-client';
import { browser } from './browser';
import { hostLocale } from './locale';
import { clearSessionHint, principalFromAuth, readSessionHint } from './session';
import { sessionIdentity } from './session-events';

/** The auth info changes only with login, logout or an owner's edit: keep it a while. */
const AUTH_STALE_MS = 5 * 60_000;

export interface SessionView {
  principal: TPrincipal | null;
  /** Who the user is: from GET /v1/user-auth only ('' until it answers; no cookie carries them). */
  userId: string;
  userName: string;
  email: string;
  companyName: string;
  /** 'server' once GET /v1/user-auth answered; until then the hint cookies are a first guess. */
  source: 'hint' | 'server';
  /** The server's answer is still awaited. */
  pending: boolean;
  /** Issue 22: the Specified Commercial Transactions Act notice the side menu links (auth info's `sidebar_law_url`; '' when none). */
  lawUrl: string;
}

async function fetchAuthInfo(signal: AbortSignal): Promise<TAuthInfo> {
  const info = await callRoute(SESSION_ROUTES.userAuth, {}, { signal, outlivesRoute: true });
  // The server says there is no session: the hints are stale (they would keep /login bouncing).
  if (!info.auth_flg) clearSessionHint();
  return info;
}

/**
 * The session for guards, menus and the user menu. The readable hint cookies answer at once, so
 * guards do not flash; GET /v1/user-auth (cached) then decides. A failure that is not a refusal
 * (network) keeps the hint; a 40000 is handled by the api client (hints cleared, to login).
 */
export function useSession(): SessionView {
  const hint = readSessionHint();
  const query = useQuery({
    queryKey: routeKey(SESSION_ROUTES.userAuth, {}),
    queryFn: ({ signal }) => fetchAuthInfo(signal),
    enabled: hint.principal !== null,
    staleTime: AUTH_STALE_MS,
  });
  const info = hint.principal !== null ? query.data : undefined;
  const pending = hint.principal !== null && query.isPending;
  if (!info) return { principal: hint.principal, userId: '', userName: '', email: '', companyName: '', source: 'hint', pending, lawUrl: '' };
  const user = info.user_info;
  // The host's region decides the order (spec §1), not the UI language: 山田一郎 on the Japanese host in English too.
  const name = user ? formatPersonName(hostLocale().region, user) : '';
  return {
    principal: principalFromAuth(info),
    userId: user?.uuid ?? '',
    userName: name,
    email: user?.email ?? '',
    companyName: info.authority_info?.company_name ?? '',
    source: 'server',
    pending: false,
    lawUrl: info.sidebar_law_url,
  };
}

/**
 * Who this browser's session is now, asked afresh (the force-logout watcher's check; '' when
 * nobody is logged in).
 */
export async function currentSessionIdentity(): Promise<string> {
  const info = await callRoute(SESSION_ROUTES.userAuth, {}, { outlivesRoute: true, quiet: true });
  return info.auth_flg ? sessionIdentity(principalFromAuth(info)) : '';
}

/** After login or logout: the next page asks the server again. */
export function forgetAuthInfo(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: routeKey(SESSION_ROUTES.userAuth) });
}

/**
 * Logout (the user menu): ends the session on the server, forgets it here and goes to /login.
 * The session is forgotten on this side even when the call fails.
 */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await callRoute(SESSION_ROUTES.logout, {}, { outlivesRoute: true });
  } catch {
    // The api client has shown the refusal, if any.
  } finally {
    clearSessionHint();
    forgetAuthInfo(queryClient);
    browser.hardNavigate('/login');
  }
}
