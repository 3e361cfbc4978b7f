import { BILLING_PAYMENT_ROUTES } from './billing-payment.js';
import { BILLING_REQUEST_ROUTES } from './billing-requests.js';
import { BILLING_INVOICE_ROUTES } from './billing-invoices.js';

/**
 * The billing service's /v1 calls. Each slice of issue 11 owns one module; the SPA imports
 * `BILLING_ROUTES` (or a slice's object) so these contracts load with the billing pages, not in
 * the entry bundle.
 */
export const BILLING_ROUTES = { ...BILLING_PAYMENT_ROUTES, ...BILLING_REQUEST_ROUTES, ...BILLING_INVOICE_ROUTES } as const;
export { BILLING_PAYMENT_ROUTES, BILLING_REQUEST_ROUTES, BILLING_INVOICE_ROUTES };
