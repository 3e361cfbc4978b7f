import { lazy } from 'react';
import { currentPrincipal } from '../../lib/session';
import { findRoute, isShellRoute } from '../route-table';

/**
 * The two layouts are chunks of their own: the logged-in shell (AppShell, side menu, user menu with
 * its popover, the force-logout dialog) is not needed to show the login page, and the public
 * layout not inside the app. main.tsx starts the one the first URL needs while the language
 * catalogues load (`preloadLayoutFor`), so the split adds no round trip to the first render
 * (docs/decisions.md, "Hardening: static assets").
 */
const loadShell = () => import('./ShellLayout');
const loadPublic = () => import('./PublicLayout');

export const ShellLayout = lazy(() => loadShell().then((m) => ({ default: m.ShellLayout })));
export const PublicLayout = lazy(() => loadPublic().then((m) => ({ default: m.PublicLayout })));

/**
 * Starts loading the layout `pathname` will render: the shell for a logged-in visitor of a shell
 * route (or of the root, which redirects into it), else the public one (an anonymous visitor of a
 * shell route is sent to /login).
 */
export function preloadLayoutFor(pathname: string, hash = ''): void {
  const route = findRoute(pathname);
  const inShell = !hash.startsWith('#/') && currentPrincipal() !== null && (pathname === '/' || (route !== null && isShellRoute(route)));
  void (inShell ? loadShell() : loadPublic()).catch(() => undefined);
}
