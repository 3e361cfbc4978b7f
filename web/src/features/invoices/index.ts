import { lazy } from 'react';

/** The client's invoice history (issue 11, slice C2), a lazy chunk for the router. */
export const InvoiceListPage = lazy(() => import('./pages/InvoiceListPage'));
