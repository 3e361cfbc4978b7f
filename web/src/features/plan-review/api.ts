import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LICENCE_ROUTES, type TRegion } from '@portal/proto';
import type { RouteInput } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The operator's review of plan applications (spec §4 "Licence review"). */

export type TApplicationQuery = RouteInput<typeof LICENCE_ROUTES.planApplicationList>;
export const usePlanApplications = (query: TApplicationQuery) =>
  useQuery({ ...routeQuery(LICENCE_ROUTES.planApplicationList, query), placeholderData: keepPreviousData });
export const useAllowApplication = () => useRouteMutation(LICENCE_ROUTES.planApplicationAllow, { invalidates: [LICENCE_ROUTES.planApplicationList], invalidateOn: 'settled', quiet: true });
export const useRejectApplication = () => useRouteMutation(LICENCE_ROUTES.planApplicationReject, { invalidates: [LICENCE_ROUTES.planApplicationList], invalidateOn: 'settled', quiet: true });
/** Issue 25 point 2: what allowing this application would do (read when its confirmation opens). */
export const useAllowPreview = (application: { id: string; region: TRegion } | null) => useQuery({
  ...routeQuery(LICENCE_ROUTES.planApplicationPreview, { id: application?.id ?? '', region: application?.region ?? 'jpn' }), enabled: application !== null,
});
