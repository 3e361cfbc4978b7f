import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZAuthInfo, type TAuthInfo, type TPrincipal } from '@portal/proto';
import { ApiError, apiCall } from './api';
import { clearSessionHint, principalFromAuth, readSessionHint } from './session';

/** TanStack Query key of GET /v1/user-auth. */
export const AUTH_QUERY_KEY = ['user-auth'] as const;
/** The auth info changes only with login, logout or an owner's edit: keep it a while. */
const AUTH_STALE_MS = 5 * 60_000;

/** UI languages that write the family name first. */
const FAMILY_FIRST = new Set(['ja-jp', 'zh-cn', 'zh-tw', 'vi-vn']);

export interface SessionView {
  principal: TPrincipal | null;
  userId: string;
  userName: string;
  email: string;
  companyName: string;
  /** The browser's user_id cookie: what the force-logout watcher compares against. */
  cookieUserId: string;
  /** 'server' once GET /v1/user-auth answered; until then the hint cookies are a first guess. */
  source: 'hint' | 'server';
  /** The server's answer is still awaited. */
  pending: boolean;
}

async function fetchAuthInfo(signal: AbortSignal): Promise<TAuthInfo> {
  const info = ZAuthInfo.parse(await apiCall('get', '/user-auth', ZAuthInfo, { signal, outlivesRoute: true }));
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
  const { i18n } = useTranslation();
  const hint = readSessionHint();
  const query = useQuery({
    queryKey: AUTH_QUERY_KEY,
    queryFn: ({ signal }) => fetchAuthInfo(signal),
    enabled: hint.principal !== null,
    staleTime: AUTH_STALE_MS,
    retry: (count, error) => !(error instanceof ApiError) && count < 1,
  });
  const info = hint.principal !== null ? query.data : undefined;
  const pending = hint.principal !== null && query.isPending;
  if (!info) return { ...hint, cookieUserId: hint.userId, companyName: '', source: 'hint', pending };
  const user = info.user_info;
  const parts = user ? [user.family_name, user.given_name] : [];
  if (!FAMILY_FIRST.has(i18n.language)) parts.reverse();
  const name = parts.filter(Boolean).join(' ');
  return {
    cookieUserId: hint.userId,
    principal: principalFromAuth(info),
    userId: user?.uuid ?? hint.userId,
    userName: name || hint.userName,
    email: user?.email ?? hint.email,
    companyName: info.authority_info?.company_name ?? '',
    source: 'server',
    pending: false,
  };
}

/** After login or logout: the next page asks the server again. */
export function forgetAuthInfo(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: AUTH_QUERY_KEY });
}
