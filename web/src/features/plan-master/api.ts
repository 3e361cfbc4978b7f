import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LICENCE_ROUTES } from '@portal/proto';
import type { RouteInput } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The operator's plan master (plans, options, initial costs): list, create, edit, display order. */

export type TPlanListParams = RouteInput<typeof LICENCE_ROUTES.planMasterList>;

/** The master filtered by product, type and status; the previous answer stays while a new filter loads. */
export function usePlanMasterList(params: TPlanListParams) {
  return useQuery({ ...routeQuery(LICENCE_ROUTES.planMasterList, params), placeholderData: keepPreviousData });
}

/** Every row of one product (the form's link and initial-cost choices). */
export function useProductRows(product: string | null) {
  return useQuery({ ...routeQuery(LICENCE_ROUTES.planMasterList, { product: (product ?? undefined) as TPlanListParams['product'] }), enabled: !!product });
}

/** The forms show a refusal under their fields themselves (quiet). */
export const useCreatePlan = () => useRouteMutation(LICENCE_ROUTES.planMasterCreate, { quiet: true, invalidates: [LICENCE_ROUTES.planMasterList] });
export const useUpdatePlan = () => useRouteMutation(LICENCE_ROUTES.planMasterUpdate, { quiet: true, invalidates: [LICENCE_ROUTES.planMasterList] });
/** A refused order means the list on screen is stale: read it again either way. */
export const useOrderPlans = () => useRouteMutation(LICENCE_ROUTES.planMasterOrder, { invalidates: [LICENCE_ROUTES.planMasterList], invalidateOn: 'settled' });
