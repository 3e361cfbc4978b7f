import { z } from 'zod';
import { BILLING, OPERATOR_ONLY } from '../policy.js';
import { Subjects } from '../subjects.js';
import {
  ZFxRateCreate, ZFxRateCreated, ZFxRateList, ZRateDeleted, ZRateRef, ZTaxRateCreate, ZTaxRateCreated, ZTaxRateList, ZTaxRateListQuery,
} from '../tax-fx.js';
import {
  ZBillingRunList, ZBillingRunListQuery, ZBillingRunStart, ZBillingRunStarted, ZInvoiceCsv, ZInvoiceFilter, ZInvoiceList, ZInvoiceListQuery, ZInvoicePayNow,
  ZInvoicePayNowResult, ZInvoicePaymentRecord, ZInvoicePaymentRecorded, ZInvoicePdf, ZOperatorInvoiceList, ZOperatorInvoiceQuery, ZInvoicePdfQuery, ZInvoiceZipManifest, ZInvoiceZipQuery,
} from '../invoices.js';
import { route } from './route.js';

/** Issue 11, slice C: tax rates, FX, the monthly billing run, invoices and their PDF. */
export const BILLING_INVOICE_ROUTES = {
  // ---- slice C1: tax rates and FX (operator) ----
  taxRateList: route({
    method: 'GET', path: '/operator/tax_rates', policy: OPERATOR_ONLY, subject: Subjects.billing.taxRateList,
    request: ZTaxRateListQuery, response: ZTaxRateList,
    summary: 'Operator: tax rates per country and category with their history (past, in force, scheduled), and the earliest date a new rate may apply from.',
  }),
  taxRateCreate: route({
    method: 'POST', path: '/operator/tax_rates', policy: OPERATOR_ONLY, subject: Subjects.billing.taxRateCreate,
    request: ZTaxRateCreate, response: ZTaxRateCreated,
    summary: 'Operator: add a tax rate (one decimal place) applying from a date after today in Asia/Tokyo, never to a date that may already be invoiced.',
  }),
  taxRateDelete: route({
    method: 'DELETE', path: '/operator/tax_rates', policy: OPERATOR_ONLY, subject: Subjects.billing.taxRateDelete,
    request: ZRateRef, response: ZRateDeleted,
    summary: 'Operator: withdraw a scheduled tax rate (one not yet in force); rates in force or past stay as history.',
  }),
  fxRateList: route({
    method: 'GET', path: '/operator/fx_rates', policy: OPERATOR_ONLY, subject: Subjects.billing.fxRateList,
    request: z.object({}), response: ZFxRateList,
    summary: 'Operator: the standard USD→JPY rate in force now and its history, newest first.',
  }),
  fxRateCreate: route({
    method: 'POST', path: '/operator/fx_rates', policy: OPERATOR_ONLY, subject: Subjects.billing.fxRateCreate,
    request: ZFxRateCreate, response: ZFxRateCreated,
    summary: 'Operator: set the standard USD→JPY rate from now or from a later time (never backdated).',
  }),
  fxRateDelete: route({
    method: 'DELETE', path: '/operator/fx_rates', policy: OPERATOR_ONLY, subject: Subjects.billing.fxRateDelete,
    request: ZRateRef, response: ZRateDeleted,
    summary: 'Operator: withdraw a scheduled standard rate (one not yet in force).',
  }),
  // ---- end of slice C1 ----
  // ---- slice C2: invoices, their PDF, the monthly billing runs ----
  invoiceList: route({
    method: 'GET', path: '/billing/list', policy: BILLING, subject: Subjects.billing.invoiceList,
    request: ZInvoiceListQuery, response: ZInvoiceList,
    summary: "The client's invoices, newest first; the next invoice to be issued (priced, with its lines); the unpaid ones with overdue and how to pay now",
  }),
  invoicePayNow: route({
    method: 'POST', path: '/billing/pay_now', policy: BILLING, subject: Subjects.billing.invoicePayNow,
    request: ZInvoicePayNow, response: ZInvoicePayNowResult,
    summary: "Issue 23: charges the card on file again for one of the client's failed or overdue invoices (40011 invoice.pay_now_refused when it is not one)",
  }),
  invoicePdf: route({
    method: 'GET', path: '/billing/invoice_pdf', policy: BILLING, subject: Subjects.billing.invoicePdf,
    request: ZInvoicePdfQuery, response: ZInvoicePdf, summary: "One of the client's invoices as a PDF (base64), in the client's language",
  }),
  // Issue 23: the receipt of a paid invoice, the listed invoices as CSV, a year's PDFs as one zip.
  receiptPdf: route({
    method: 'GET', path: '/billing/receipt_pdf', policy: BILLING, subject: Subjects.billing.receiptPdf,
    request: ZInvoicePdfQuery, response: ZInvoicePdf, summary: "The receipt of one of the client's paid invoices as a PDF (base64); 40011 while the invoice is unpaid",
  }),
  invoiceCsv: route({
    method: 'GET', path: '/billing/invoice_csv', policy: BILLING, subject: Subjects.billing.invoiceCsv,
    request: ZInvoiceFilter, response: ZInvoiceCsv, summary: "The client's invoices that the list's year and status filters select, as CSV (base64, UTF-8 with BOM)",
  }),
  invoiceZip: route({
    method: 'GET', path: '/billing/invoice_zip', policy: BILLING, subject: Subjects.billing.invoiceZip,
    request: ZInvoiceZipQuery, response: ZInvoiceZipManifest, download: { kind: 'zip', entrySubject: Subjects.billing.invoicePdf },
    summary: "A year's invoices as PDFs in one zip (application/zip, streamed: not the envelope); a refusal is the envelope",
  }),
  billingRunList: route({
    method: 'GET', path: '/operator/billing_runs', policy: OPERATOR_ONLY, subject: Subjects.billing.billingRunList,
    request: ZBillingRunListQuery, response: ZBillingRunList, summary: 'Monthly billing runs per shard with their progress, newest month first',
  }),
  billingRunStart: route({
    method: 'POST', path: '/operator/billing_runs', policy: OPERATOR_ONLY, subject: Subjects.billing.billingRunStart,
    request: ZBillingRunStart, response: ZBillingRunStarted, summary: 'Starts (or resumes) the billing run of a month in every shard',
  }),
  // Issue 23 (receipts): what the operator records by hand, a bank transfer received or a direct debit's result.
  operatorInvoiceList: route({
    method: 'GET', path: '/operator/invoice_payments', policy: OPERATOR_ONLY, subject: Subjects.billing.operatorInvoiceList,
    request: ZOperatorInvoiceQuery, response: ZOperatorInvoiceList,
    summary: 'Operator: invoices of bank-transfer and direct-debit clients in every region (or one), by month and state (open, unpaid, overdue, paid), oldest payment date first, paged',
  }),
  invoicePaymentRecord: route({
    method: 'POST', path: '/operator/invoice_payments', policy: OPERATOR_ONLY, subject: Subjects.billing.invoicePaymentRecord,
    request: ZInvoicePaymentRecord, response: ZInvoicePaymentRecorded,
    summary: 'Operator: records one invoice paid in full (date received, amount equal to its charge total; 40011 otherwise, and for one already paid); mailed to the billing email and logged in the client\'s log',
  }),
  // ---- end of slice C2 ----
} as const;
