import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { USAGE_ROUTES, dashboardRouteName, type TDashboardProduct } from '@portal/proto';
import type { RouteInput } from '../../lib/api-client';
import { routeQuery } from '../../lib/api-query';

/** Issue 13, slice B: the usage dashboards and the client activity log (contracts from the usage area module). */

export type TDashboardParams = RouteInput<(typeof USAGE_ROUTES)['logs_bownow']>;
export type TClientActivityParams = RouteInput<typeof USAGE_ROUTES.clientActivityList>;

/** One product's dashboard; while another term or unit loads, the previous answer stays on screen. */
export const useDashboard = (product: TDashboardProduct, params: TDashboardParams) =>
  useQuery({ ...routeQuery(USAGE_ROUTES[dashboardRouteName(product)], params), placeholderData: keepPreviousData });

export const useClientActivity = (params: TClientActivityParams) =>
  useQuery({ ...routeQuery(USAGE_ROUTES.clientActivityList, params), placeholderData: keepPreviousData });
