import { lazy } from 'react';

/** The client's invoice history (issue 11, slice C2), a lazy chunk for the router. */
export const InvoiceListPage = lazy(() => import('./pages/InvoiceListPage'));
/** Amounts, business dates and months as the invoice pages write them (issue 23: the operator's invoice payments too). */
export { formatBusinessDate, formatMoney, formatMonth } from './format';
