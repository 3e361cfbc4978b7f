import { lazy } from 'react';

/** The operators' billing-run screen (issue 11, slice C2), a lazy chunk for the router. */
export const BillingRunsPage = lazy(() => import('./pages/BillingRunsPage'));
