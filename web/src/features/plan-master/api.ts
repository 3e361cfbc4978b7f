import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_ROUTES } from '@portal/proto';
import type { RouteInput } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The operator's plan master (plans, options, initial costs): list, create, edit, display order. */

export type TPlanListParams = RouteInput<typeof API_ROUTES.planMasterList>;

/** The master filtered by product, type and status; the previous answer stays while a new filter loads. */
export function usePlanMasterList(params: TPlanListParams) {
  return useQuery({ ...routeQuery(API_ROUTES.planMasterList, params), placeholderData: keepPreviousData });
}

/** Every row of one product (the form's link and initial-cost choices). */
export function useProductRows(product: string | null) {
  return useQuery({ ...routeQuery(API_ROUTES.planMasterList, { product: (product ?? undefined) as TPlanListParams['product'] }), enabled: !!product });
}

/** The forms show a refusal under their fields themselves (quiet). */
export const useCreatePlan = () => useRouteMutation(API_ROUTES.planMasterCreate, { quiet: true, invalidates: [API_ROUTES.planMasterList] });
export const useUpdatePlan = () => useRouteMutation(API_ROUTES.planMasterUpdate, { quiet: true, invalidates: [API_ROUTES.planMasterList] });
/** A refused order means the list on screen is stale: read it again either way. */
export const useOrderPlans = () => useRouteMutation(API_ROUTES.planMasterOrder, { invalidates: [API_ROUTES.planMasterList], invalidateOn: 'settled' });
