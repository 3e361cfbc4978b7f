/** Issue 11, slice B: bank-transfer and direct-debit requests, operator registration and CSV of payment methods. */
export const BILLING_REQUEST_ROUTES = {
} as const;
