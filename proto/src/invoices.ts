import { z } from 'zod';
import { ZInvoiceStatus, ZRegion, ZShard } from './enums.js';
import { ZCurrency } from './plan-master.js';
import { zonedDate } from './datetime.js';

// Issue 11, slice C2: the monthly billing run, invoices and their PDF (docs/design/billing.md).

/** A billing month, `YYYY-MM` (the month an invoice bills, in business dates). */
export const ZBillingMonth = z.string().trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
export type TBillingMonth = z.infer<typeof ZBillingMonth>;

/** Spec §4 "Invoice status" (the enum lives in enums.ts). */
export type TInvoiceStatus = z.infer<typeof ZInvoiceStatus>;

/**
 * What an invoice line bills: a plan or a monthly option for the month, a single-month option, an
 * initial cost (once, in the month billing starts), metered usage of the previous billing range,
 * or the remaining months of the minimum term as a penalty.
 */
export const BILLABLE_KINDS = ['plan', 'option_monthly', 'option_shot', 'initial_cost', 'usage', 'penalty'] as const;
export const ZBillableKind = z.enum(BILLABLE_KINDS);
export type TBillableKind = z.infer<typeof ZBillableKind>;

// ---- licence.contracts.billable (internal) ----

/** One page of clients, by client uuid after `after` (a NATS reply stays well under its payload limit). */
export const ZBillableQuery = z.object({
  shard: ZShard,
  month: ZBillingMonth,
  after: z.uuid().optional(),
  limit: z.number().int().min(1).max(1000).default(500),
  /** Only this client (the next-invoice preview of /billing/list; a client principal may ask for itself only). */
  client_uuid: z.uuid().optional(),
});
export type TBillableQuery = z.infer<typeof ZBillableQuery>;

export const ZBillableItem = z.object({
  contract_id: z.uuid(),
  product: z.string(),
  plan_id: z.string(),
  kind: ZBillableKind,
  /** language -> name, snapshotted on the contract. */
  name: z.record(z.string(), z.string()),
  /** Unit amount in minor units of `currency`, excluding tax. */
  unit_amount_minor: z.number().int(),
  quantity: z.number().int().min(0),
  /** The business dates the line covers (inclusive). */
  period_from: z.iso.date(),
  period_to: z.iso.date(),
});
export type TBillableItem = z.infer<typeof ZBillableItem>;

export const ZBillableClient = z.object({
  client_uuid: z.uuid(),
  company_name: z.string(),
  region: z.string(),
  currency: ZCurrency,
  items: z.array(ZBillableItem),
});
export type TBillableClient = z.infer<typeof ZBillableClient>;

export const ZBillable = z.object({
  month: ZBillingMonth,
  /** Clients with something to bill in the month (others of the page are left out). */
  clients: z.array(ZBillableClient),
  /** Clients of the page looked at (those with nothing to bill included), for the run's progress. */
  scanned: z.number().int(),
  /** On the first page (no `after`): how many clients have a contract that may bill in the month. */
  total: z.number().int().nullable(),
  /** The cursor of the next page, or null after the last one. */
  next_after: z.uuid().nullable(),
});
export type TBillable = z.infer<typeof ZBillable>;

// ---- GET /v1/billing/list ----

/** Issue 23: a year of invoices (by issue date, Asia/Tokyo business dates) and a status. */
export const ZInvoiceYear = z.coerce.number().int().min(2000).max(2100);
/** Invoices are dated in business dates: Asia/Tokyo in every region (DESIGN §5). */
export const INVOICE_DATE_ZONE = 'Asia/Tokyo';
/** The business year an instant falls in: what the year filter offers first, whatever the viewer's own clock zone. */
export function invoiceYearAt(at: Date | number): number {
  return Number(zonedDate(at, INVOICE_DATE_ZONE).slice(0, 4));
}
export const ZInvoiceFilter = z.object({
  year: ZInvoiceYear.optional(),
  status: ZInvoiceStatus.optional(),
});
export type TInvoiceFilter = z.infer<typeof ZInvoiceFilter>;

export const ZInvoiceListQuery = ZInvoiceFilter.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type TInvoiceListQuery = z.infer<typeof ZInvoiceListQuery>;

export const ZInvoiceRow = z.object({
  id: z.uuid(),
  /** The invoice number printed on the PDF. */
  number: z.string(),
  month: ZBillingMonth,
  issued_on: z.iso.date(),
  billing_date: z.iso.date(),
  /** Products billed (ids; the SPA shows their display names). */
  products: z.array(z.string()),
  /** Shown amount, tax included, in `currency` (USD outside Japan). */
  total_minor: z.number().int(),
  currency: ZCurrency,
  /** What is charged, in JPY (equal to total_minor for Japan). */
  charge_total_minor: z.number().int(),
  charge_currency: ZCurrency,
  status: ZInvoiceStatus,
});
export type TInvoiceRow = z.infer<typeof ZInvoiceRow>;

/** Issue 23: a line of the next invoice, as the billing run will write it. */
export const ZNextInvoiceLine = z.object({
  kind: ZBillableKind,
  product: z.string(),
  /** language -> name. */
  name: z.record(z.string(), z.string()),
  /** Months for a penalty (its unit is one month at the monthly amount), otherwise 1. */
  quantity: z.number().int(),
  unit_amount_minor: z.number().int(),
  amount_minor: z.number().int(),
  period_from: z.iso.date(),
  period_to: z.iso.date(),
});
export type TNextInvoiceLine = z.infer<typeof ZNextInvoiceLine>;

export const ZNextInvoice = z.object({
  month: ZBillingMonth,
  /** Issue 23: always the next invoice to be issued (not yet written), so always scheduled. */
  status: z.literal('scheduled'),
  /** The invoice date (the first of the month) and its rate instant, 00:00 JST that day (services/common/src/rates.ts). */
  invoice_date: z.iso.date(),
  rate_instant: z.iso.datetime({ offset: true }),
  billing_date: z.iso.date(),
  subtotal_minor: z.number().int(),
  tax_minor: z.number().int(),
  total_minor: z.number().int(),
  currency: ZCurrency,
  charge_total_minor: z.number().int(),
  charge_currency: ZCurrency,
  /** Tax per rate ("10.0"), rounded once per rate. */
  per_rate: z.array(z.object({ rate: z.string(), subtotal_minor: z.number().int(), tax_minor: z.number().int() })),
  /** Overseas: the standard rate the yen are charged at and the instant it took effect. */
  fx: z.object({ rate: z.string(), applies_at: z.iso.datetime({ offset: true }) }).nullable(),
  lines: z.array(ZNextInvoiceLine),
});
export type TNextInvoice = z.infer<typeof ZNextInvoice>;

/**
 * Issue 23: how an unpaid invoice can be paid now: the card on file is charged again, the bank
 * account to transfer to is shown, or nothing is to be done yet (a card charged on its billing date).
 */
export const PAY_ACTIONS = ['retry_card', 'bank_transfer', 'none'] as const;
export const ZPayAction = z.enum(PAY_ACTIONS);
export type TPayAction = z.infer<typeof ZPayAction>;

export const ZUnpaidInvoice = ZInvoiceRow.extend({
  /** The billing (payment) date has passed unpaid. */
  overdue: z.boolean(),
  pay_action: ZPayAction,
});
export type TUnpaidInvoice = z.infer<typeof ZUnpaidInvoice>;

export const ZInvoiceList = z.object({
  invoices: z.array(ZInvoiceRow),
  total: z.number().int(),
  /** Issue 23: the next invoice to be issued, priced as the run will price it (null when nothing bills in the next months). */
  next: ZNextInvoice.nullable(),
  /** Issue 23: issued invoices not paid yet (scheduled, billed or failed), oldest first. */
  unpaid: z.array(ZUnpaidInvoice),
  /** Issue 23: where a bank-transfer client pays (the provider's account), when one is unpaid. */
  transfer_account: z.string().nullable(),
});
export type TInvoiceList = z.infer<typeof ZInvoiceList>;

// ---- POST /v1/billing/pay_now (issue 23) ----

/** Charges the card on file again for one of the caller's failed or overdue invoices. */
export const ZInvoicePayNow = z.object({ id: z.uuid() });
export const ZInvoicePayNowResult = z.object({ id: z.uuid(), status: ZInvoiceStatus, paid: z.boolean() });
export type TInvoicePayNowResult = z.infer<typeof ZInvoicePayNowResult>;

// ---- GET /v1/billing/invoice_pdf ----

export const ZInvoicePdfQuery = z.object({ id: z.uuid() });
export const ZInvoicePdf = z.object({ file_name: z.string(), content_type: z.literal('application/pdf'), content: z.string() });
export type TInvoicePdf = z.infer<typeof ZInvoicePdf>;

// ---- Issue 23: the receipt of a paid invoice, the listed invoices as CSV, a year's PDFs as a zip ----

/** GET /v1/billing/invoice_csv: the invoices the list's filters select (all pages), as the operation log's export answers. */
export const ZInvoiceCsv = z.object({ file_name: z.string(), content_type: z.string(), content: z.string(), rows: z.number().int() });
export type TInvoiceCsv = z.infer<typeof ZInvoiceCsv>;

/** GET /v1/billing/invoice_zip: the year's invoices the zip holds (the gateway streams their PDFs, one at a time). */
export const ZInvoiceZipQuery = z.object({ year: ZInvoiceYear });
export const ZInvoiceZipManifest = z.object({
  file_name: z.string(),
  entries: z.array(z.object({ id: z.uuid(), file_name: z.string() })),
});
export type TInvoiceZipManifest = z.infer<typeof ZInvoiceZipManifest>;

// ---- /v1/operator/invoice_payments (issue 23, receipts) ----

/** Methods whose payment an operator records by hand: a bank transfer received, a direct debit's result. */
export const MANUAL_PAYMENT_METHODS = ['bank_transfer', 'direct_debit'] as const;
export const ZManualPaymentMethod = z.enum(MANUAL_PAYMENT_METHODS);
/**
 * What the operator's list selects: `open` (not paid yet: unpaid and overdue), `unpaid` (issued, not
 * overdue yet), `overdue` (marked failed by the daily sweep), `paid` (paid; to check what was recorded).
 */
export const OPERATOR_INVOICE_STATES = ['open', 'unpaid', 'overdue', 'paid'] as const;
export const ZOperatorInvoiceState = z.enum(OPERATOR_INVOICE_STATES);
export type TOperatorInvoiceState = z.infer<typeof ZOperatorInvoiceState>;

export const ZOperatorInvoiceQuery = z.object({
  /** One region's shard; absent: every region. */
  region: ZRegion.optional(),
  month: ZBillingMonth.optional(),
  state: ZOperatorInvoiceState.default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type TOperatorInvoiceQuery = z.infer<typeof ZOperatorInvoiceQuery>;

export const ZOperatorInvoiceRow = z.object({
  id: z.uuid(),
  region: ZRegion,
  client_uuid: z.uuid(),
  /** The company name the invoice was issued to (its snapshot). */
  company_name: z.string(),
  number: z.string(),
  month: ZBillingMonth,
  issued_on: z.iso.date(),
  billing_date: z.iso.date(),
  payment_method: ZManualPaymentMethod,
  /** What is to be received: the charge total, in the charge currency (JPY). */
  charge_total_minor: z.number().int(),
  charge_currency: ZCurrency,
  status: ZInvoiceStatus,
  /** Marked overdue by the daily sweep (status failed, reason overdue). */
  overdue: z.boolean(),
  /** When paid: the business date the money was received. */
  paid_on: z.iso.date().nullable(),
});
export type TOperatorInvoiceRow = z.infer<typeof ZOperatorInvoiceRow>;
export const ZOperatorInvoiceList = z.object({ invoices: z.array(ZOperatorInvoiceRow), total: z.number().int() });
export type TOperatorInvoiceList = z.infer<typeof ZOperatorInvoiceList>;

/**
 * Records a received payment of one invoice in full (partial payments are not recorded): the
 * business date received (not in the future, not before the invoice's issue date) and the amount in
 * the charge currency, which must equal the invoice's charge total.
 */
export const ZInvoicePaymentRecord = z.object({
  region: ZRegion,
  id: z.uuid(),
  received_on: z.iso.date(),
  amount_minor: z.number().int().min(0).max(1_000_000_000_000),
});
export type TInvoicePaymentRecord = z.infer<typeof ZInvoicePaymentRecord>;
export const ZInvoicePaymentRecorded = z.object({ invoice: ZOperatorInvoiceRow });

// ---- licence.client.invoice_party (internal) ----

/** The principal's own client (no payload: tenancy from the principal): what its invoices print about it besides the billing info. */
export const ZInvoicePartyQuery = z.object({});
export const ZInvoiceParty = z.object({ corporate_number: z.string() });
export type TInvoiceParty = z.infer<typeof ZInvoiceParty>;

// ---- /v1/operator/billing_runs ----

export const BILLING_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export const ZBillingRunStatus = z.enum(BILLING_RUN_STATUSES);
export type TBillingRunStatus = z.infer<typeof ZBillingRunStatus>;

export const ZBillingRunView = z.object({
  id: z.uuid(),
  shard: ZShard,
  month: ZBillingMonth,
  status: ZBillingRunStatus,
  clients_total: z.number().int(),
  clients_done: z.number().int(),
  invoices_written: z.number().int(),
  attempts: z.number().int(),
  started_at: z.iso.datetime().nullable(),
  finished_at: z.iso.datetime().nullable(),
  updated_at: z.iso.datetime(),
});
export type TBillingRunView = z.infer<typeof ZBillingRunView>;

/**
 * Issue 21: what the billing job is waiting for, when an operator should know: `takeover`, its run
 * stopped answering (its process died) and another worker takes it over within `seconds`; `retry`,
 * its last attempt failed (or its dead run was just taken over) and it starts again in `seconds`;
 * `running` (on a start only), a run has been under way for `seconds` and takes the month in turn.
 * `message` says so in the request's language (server messages `billing_run.waiting_<reason>`).
 */
export const BILLING_JOB_WAITS = ['takeover', 'retry', 'running'] as const;
export const ZBillingJobWaiting = z.object({ reason: z.enum(BILLING_JOB_WAITS), seconds: z.number().int().min(0), message: z.string() });
export type TBillingJobWaiting = z.infer<typeof ZBillingJobWaiting>;

export const ZBillingRunListQuery = z.object({ month: ZBillingMonth.optional() });
export const ZBillingRunList = z.object({ runs: z.array(ZBillingRunView), waiting: ZBillingJobWaiting.nullable() });
export type TBillingRunList = z.infer<typeof ZBillingRunList>;

export const ZBillingRunStart = z.object({ month: ZBillingMonth });
export type TBillingRunStart = z.infer<typeof ZBillingRunStart>;
export const ZBillingRunStarted = z.object({ runs: z.array(ZBillingRunView), queued: z.boolean(), waiting: ZBillingJobWaiting.nullable() });

/** The texts of the invoice PDF (`invoice.pdf.<text>` in proto's locales), rendered in the client's language. */
export const INVOICE_PDF_TEXTS = [
  'title', 'number', 'issued_on', 'billing_date', 'month', 'recipient', 'issuer', 'registration_number', 'description', 'quantity', 'unit_price',
  'amount', 'subtotal_at', 'tax_at', 'total', 'charge', 'kind.usage', 'kind.penalty', 'kind.initial_cost', 'kind.option_shot', 'prices_exclude_tax',
  // Issue 23: both parties' details, the receipt, the paid mark, bank-transfer instructions.
  'division', 'address', 'corporate_number', 'issuer_address', 'issuer_contact', 'transaction_period', 'received_on', 'payment_method', 'receipt_title',
  'received_from', 'amount_received', 'receipt_note', 'paid_mark', 'paid_detail', 'method.card', 'method.bank_transfer', 'method.direct_debit',
  'bank.heading', 'bank.bank', 'bank.branch', 'bank.account', 'bank.type_ordinary', 'bank.type_current', 'bank.holder', 'bank.amount', 'bank.note',
] as const;
/** Issue 23: the invoice CSV's columns (services/billing/src/invoices/invoice-csv.ts). */
export const INVOICE_CSV_COLUMNS = ['number', 'month', 'issued_on', 'billing_date', 'products', 'total', 'currency', 'charge_total', 'charge_currency', 'status'] as const;
