import { BILLING, OPERATOR_ONLY } from '../policy.js';
import { Subjects } from '../subjects.js';
import {
  ZBillingRunList, ZBillingRunListQuery, ZBillingRunStart, ZBillingRunStarted, ZInvoiceList, ZInvoiceListQuery, ZInvoicePdf, ZInvoicePdfQuery,
} from '../invoices.js';
import { route } from './route.js';

/** Issue 11, slice C: tax rates, FX, the monthly billing run, invoices and their PDF. */
export const BILLING_INVOICE_ROUTES = {
  // ---- slice C2: invoices, their PDF, the monthly billing runs ----
  invoiceList: route({
    method: 'GET', path: '/billing/list', policy: BILLING, subject: Subjects.billing.invoiceList,
    request: ZInvoiceListQuery, response: ZInvoiceList, summary: "The client's invoices, newest first, and the next one to be charged or sent",
  }),
  invoicePdf: route({
    method: 'GET', path: '/billing/invoice_pdf', policy: BILLING, subject: Subjects.billing.invoicePdf,
    request: ZInvoicePdfQuery, response: ZInvoicePdf, summary: "One of the client's invoices as a PDF (base64), in the client's language",
  }),
  billingRunList: route({
    method: 'GET', path: '/operator/billing_runs', policy: OPERATOR_ONLY, subject: Subjects.billing.billingRunList,
    request: ZBillingRunListQuery, response: ZBillingRunList, summary: 'Monthly billing runs per shard with their progress, newest month first',
  }),
  billingRunStart: route({
    method: 'POST', path: '/operator/billing_runs', policy: OPERATOR_ONLY, subject: Subjects.billing.billingRunStart,
    request: ZBillingRunStart, response: ZBillingRunStarted, summary: 'Starts (or resumes) the billing run of a month in every shard',
  }),
} as const;
