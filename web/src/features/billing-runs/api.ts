import { useQuery } from '@tanstack/react-query';
import { BILLING_INVOICE_ROUTES } from '@portal/proto';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The operators' monthly billing runs (issue 11, slice C2). */

/** Runs per region with their progress; read again every 5 s while one is queued or running, or the job waits for something. */
export function useBillingRuns() {
  return useQuery({
    ...routeQuery(BILLING_INVOICE_ROUTES.billingRunList, {}),
    refetchInterval: (query) => (query.state.data?.waiting || query.state.data?.runs.some((r) => r.status === 'queued' || r.status === 'running') ? 5000 : false),
  });
}

/** The form shows a refusal under its field itself (quiet). */
export const useStartBillingRun = () => useRouteMutation(BILLING_INVOICE_ROUTES.billingRunStart, { quiet: true, invalidates: [BILLING_INVOICE_ROUTES.billingRunList] });
