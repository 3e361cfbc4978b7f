import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { REGION_PROFILES, type TRegion } from '@portal/proto';
import { AppRoutes } from '../app/AppRoutes';
import { Providers, createQueryClient } from '../app/Providers';
import { initI18n } from '../i18n';
import { rememberLanguage } from '../lib/locale';

/** Exposes the router's current location to assertions. */
export const seen = { pathname: '', search: '', hash: '' };
/** In-app navigation for tests (as a link click would do). */
export const router: { navigate?: NavigateFunction } = {};
function LocationProbe() {
  const location = useLocation();
  router.navigate = useNavigate();
  seen.pathname = location.pathname;
  seen.search = location.search;
  seen.hash = location.hash;
  return null;
}

async function englishUi(): Promise<void> {
  // The api client's x-language and the client-side validation messages follow this choice too.
  rememberLanguage('en-us');
  await initI18n('en-us');
}

/**
 * The whole app (router, guards, shell, lazy pages) at `url`. For what routing decides: guards,
 * redirects, menus, the shell. A page's own behaviour is tested with renderPage.
 */
export async function renderApp(url: string) {
  await englishUi();
  // The layouts are lazy chunks that main.tsx preloads; here too, so that a spec's time goes to
  // what it tests rather than to transforming the shell on first use.
  await Promise.all([import('../app/layouts/ShellLayout'), import('../app/layouts/PublicLayout')]);
  return render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  );
}

/** The hint cookies (lib/session.ts) of the usual visitors; GET /v1/user-auth answers from them (test/api-mock.ts). */
export const AUTH = {
  owner: { level: '3' },
  admin: { level: '6' },
  user: { level: '9' },
  partner: { level: '3', login_operator_type: '1', user_id: 'p-staff' },
  operator: { level: '3', login_operator_type: '3', user_id: 'op-1' },
  /** A partner's support (proxy) session in a client's portal. */
  support: { level: '3', login_operator_type: '1', proxy_ident: 'p-staff' },
  /** Issue 14: an operator's support session in a (primary) partner's area. */
  partnerSupport: { level: '3', login_operator_type: '2', proxy_ident: 'op-1', proxy_target: 'partner' },
} as const satisfies Record<string, Record<string, string>>;

export interface PageOptions {
  /** The page's route pattern, so that it reads its params (`/invite/:access_token`). Default: the url's path. */
  path?: string;
  /** Where the router starts, query string included. Default: `path`, else `/`. */
  url?: string;
  /** Who is logged in (hint cookies): a preset or the cookies themselves. Default: nobody. */
  auth?: keyof typeof AUTH | Record<string, string>;
  /** The host's region (as the gateway's <meta name="portal-locale"> says). Default: the test host's, Japan. */
  region?: TRegion;
}

/** The page is served by a host of `region` (its name order, time zone, languages); the UI stays English. */
export function serveFromRegion(region: TRegion): void {
  const profile = REGION_PROFILES[region];
  window.__PORTAL_LOCALE__ = { region, language: profile.defaultLanguage, languages: profile.languages };
}

/**
 * One page with what it needs around it: providers (Mantine, TanStack Query with a fresh cache),
 * a memory router with the page at `path`, and English i18n. No shell, no guards, no lazy chunk.
 * Navigating elsewhere renders nothing there; `seen` says where the page went.
 */
export async function renderPage(page: ReactElement, { path, url, auth, region }: PageOptions = {}) {
  for (const [name, value] of Object.entries(typeof auth === 'string' ? AUTH[auth] : auth ?? {})) setCookie(name, value);
  if (region) serveFromRegion(region);
  await englishUi();
  const start = url ?? path ?? '/';
  const queryClient = createQueryClient();
  const result = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[start]}>
        <LocationProbe />
        <Routes>
          <Route path={path ?? new URL(start, 'http://portal.test').pathname} element={page} />
          <Route path="*" element={null} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return { ...result, queryClient };
}

export function setCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
}

/** The window's width (happy-dom evaluates media queries against it): 390 for a phone, 1280 for a laptop. */
export function setViewportWidth(width: number, height = 844): void {
  (window as unknown as { happyDOM: { setWindowSize(size: { width: number; height: number }): void } }).happyDOM.setWindowSize({ width, height });
}
