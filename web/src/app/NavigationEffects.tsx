import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { schedulePageView, type PageViewer } from '../lib/analytics';
import { useSession } from '../lib/use-session';
import { clearCurrentProduct } from '../lib/current-product';
import { beginRoute } from '../lib/route-abort';
import type { TErrorCode } from './pages/ErrorPage';
import { NOT_FOUND_ROUTE_NAME, findRoute } from './route-table';

/** The error pages of spec §8 that live in the hash, whatever the path (/#/403, /#/404, /#/500). */
export const HASH_ERRORS: Record<string, TErrorCode> = { '#/403': '403', '#/404': '404', '#/500': '500' };

function routeNameOf(pathname: string, hash: string): string {
  const code = HASH_ERRORS[hash];
  if (code) return `error_${code}`;
  return findRoute(pathname)?.name ?? NOT_FOUND_ROUTE_NAME;
}

function titleKeyOf(name: string): string {
  if (name === NOT_FOUND_ROUTE_NAME || name === 'error_404') return 'errors.not_found_title';
  if (name === 'error_403') return 'errors.forbidden_title';
  if (name === 'error_500') return 'errors.server_error_title';
  return `route.${name}`;
}

/**
 * Per navigation: abort the old route's requests, reset the content scroll, set the title and
 * schedule the analytics page view (spec §2).
 */
export function NavigationEffects() {
  const { pathname, search, hash } = useLocation();
  const { t, i18n } = useTranslation();
  const name = routeNameOf(pathname, hash);
  // Who views the page, as GET /v1/user-auth says when the event goes out (1 s later).
  const session = useSession();
  const viewer = useRef<PageViewer | null>(null);
  useEffect(() => {
    viewer.current = session.principal
      ? { userId: session.userId, companyId: session.principal.client_uuid ?? session.principal.partner_uuid ?? '', userName: session.userName, email: session.email }
      : null;
  });

  useEffect(() => {
    beginRoute(`${pathname}${search}`);
    window.scrollTo?.({ top: 0, left: 0 });
  }, [pathname, search]);

  // Leaving a route clears the current product info (spec §2). This runs before the new page's
  // own effects, so a product page can set its product again on mount.
  useEffect(() => {
    clearCurrentProduct();
  }, [pathname]);

  useEffect(() => {
    document.title = `${t(titleKeyOf(name))} | ${t('common.product_name')}`;
  }, [name, t, i18n.language]);

  useEffect(() => {
    // The title effect above runs first, so the event carries this page's title.
    return schedulePageView(name, () => viewer.current);
  }, [name, pathname, search, hash]);

  return null;
}
