import { matchRoutes } from 'react-router';
import { MENU_GROUPS, SPA_ROUTES, evaluatePolicy, type SpaRoute, type TMenuGroup, type TPrincipal } from '@portal/proto';

/** Route name used for analytics and titles when no SPA route matches. */
export const NOT_FOUND_ROUTE_NAME = 'not_found';

export function findRoute(pathname: string): SpaRoute | null {
  const matches = matchRoutes(SPA_ROUTES.map((route) => ({ path: route.path, route })), pathname);
  return matches?.[matches.length - 1]?.route.route ?? null;
}

export interface MenuSection { group: TMenuGroup; routes: SpaRoute[] }

/** Side menu (spec §2 groups): routes with `menu` that the principal's policy allows. */
export function menuFor(principal: TPrincipal | null): MenuSection[] {
  return MENU_GROUPS.map((group) => ({
    group,
    routes: SPA_ROUTES.filter((r) => r.menu === group && evaluatePolicy(r.policy, principal) === 'allow'),
  })).filter((section) => section.routes.length > 0);
}

export function isShellRoute(route: SpaRoute): boolean {
  return route.policy.access === 'auth';
}
