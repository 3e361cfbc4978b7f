/** Issue 11, slice C: tax rates, FX, the monthly billing run, invoices and their PDF. */
export const BILLING_INVOICE_ROUTES = {
} as const;
