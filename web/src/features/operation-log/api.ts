import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IDENTITY_ROUTES } from '@portal/proto';
import type { RouteInput, RouteOutput } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The company's operation log: the list with its filters, and the CSV export of the same filters. */

export type TOperationLogParams = RouteInput<typeof IDENTITY_ROUTES.operationLog>;
export type TOperationLogPage = RouteOutput<typeof IDENTITY_ROUTES.operationLog>;
export type TExportFilter = Omit<RouteInput<typeof IDENTITY_ROUTES.exportCsv>, 'type'>;

/** One page of the log; the previous page stays on screen while another page or filter loads. */
export function useOperationLog(params: TOperationLogParams) {
  return useQuery({ ...routeQuery(IDENTITY_ROUTES.operationLog, params), placeholderData: keepPreviousData });
}

/** The CSV is built on the server (at most 10,000 rows); a refusal is shown by the api client. */
export const useExportOperationLog = () => useRouteMutation(IDENTITY_ROUTES.exportCsv);
