import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_ROUTES } from '@portal/proto';
import type { RouteInput } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The operator's review of plan applications (spec §4 "Licence review"). */

export type TApplicationQuery = RouteInput<typeof API_ROUTES.planApplicationList>;
export const usePlanApplications = (query: TApplicationQuery) =>
  useQuery({ ...routeQuery(API_ROUTES.planApplicationList, query), placeholderData: keepPreviousData });
export const useAllowApplication = () => useRouteMutation(API_ROUTES.planApplicationAllow, { invalidates: [API_ROUTES.planApplicationList], invalidateOn: 'settled', quiet: true });
export const useRejectApplication = () => useRouteMutation(API_ROUTES.planApplicationReject, { invalidates: [API_ROUTES.planApplicationList], invalidateOn: 'settled', quiet: true });
