import { z } from 'zod';
import { ZEmail, ZFormBoolean } from './common.js';
import { ZLanguage, ZRegion } from './enums.js';
import { UPLOAD_MAX_BYTES } from './routes/route.js';

// Issue 11, slice B: bank-transfer and direct-debit requests, their confirmation by an operator,
// operator registration and the CSV import/export of these methods (docs/design/billing.md).

const keyed = (key: string) => ({ message: key, params: { key } });

/** The methods a client asks for by request; a card is registered directly (slice A). */
export const REQUESTED_METHODS = ['bank_transfer', 'direct_debit'] as const;
export const ZRequestedMethod = z.enum(REQUESTED_METHODS);
export type TRequestedMethod = z.infer<typeof ZRequestedMethod>;

/** 1 普通 (ordinary), 2 当座 (current): the two account types of ../shared/ref/payments-jp.md. */
export const BANK_ACCOUNT_TYPES = ['ordinary', 'current'] as const;
export const ZBankAccountType = z.enum(BANK_ACCOUNT_TYPES);
export type TBankAccountType = z.infer<typeof ZBankAccountType>;
/** The zengin numbers of the account types, as CSV files and banks write them. */
export const BANK_ACCOUNT_TYPE_CODES: Record<TBankAccountType, '1' | '2'> = { ordinary: '1', current: '2' };

/** pending: waiting for an operator; registered: the method is the client's; rejected: refused with a reason. */
export const PAYMENT_REQUEST_STATUSES = ['pending', 'registered', 'rejected'] as const;
export const ZPaymentRequestStatus = z.enum(PAYMENT_REQUEST_STATUSES);
export type TPaymentRequestStatus = z.infer<typeof ZPaymentRequestStatus>;

/** Where a registration came from: a client's request, an operator's form, or a CSV import. */
export const PAYMENT_REQUEST_SOURCES = ['client', 'operator', 'csv'] as const;
export type TPaymentRequestSource = (typeof PAYMENT_REQUEST_SOURCES)[number];

/** Japan Post Bank: its branch ("記号") has 5 digits and its account number 8 (the reference's exception). */
export const JAPAN_POST_BANK_CODE = '9900';
/** Holder names: at most 30 half-width katakana (ｦ–ﾟ, with ﾞ ﾟ ｰ), spaces and the symbols ( ) - . / , */
export const ACCOUNT_HOLDER_MAX = 30;
const HOLDER = /^[\uFF66-\uFF9F ().\-/,]+$/;

/** The reference's bank data shapes, field by field, each refused with its own message. */
export const BANK_RULES = {
  bankCode: (v: string) => /^\d{4}$/.test(v),
  branchCode: (bankCode: string, v: string) => (bankCode === JAPAN_POST_BANK_CODE ? /^\d{5}$/ : /^\d{3}$/).test(v),
  accountNumber: (bankCode: string, v: string) => (bankCode === JAPAN_POST_BANK_CODE ? /^\d{8}$/ : /^\d{7}$/).test(v),
  accountHolder: (v: string) => v.length <= ACCOUNT_HOLDER_MAX && HOLDER.test(v),
  /** Without hyphens: 10 or 11 digits (Japanese landline and mobile numbers). */
  phone: (v: string) => /^0\d{9,10}$/.test(v),
} as const;

const required = (max: number) => z.string().trim().min(1).max(max);

/** The bank account of a request or a registration; `bank_code` decides the lengths of branch and number. */
export const ZBankAccountFields = z.object({
  bank_code: z.string().trim().min(1),
  bank_name: required(60),
  branch_code: z.string().trim().min(1),
  branch_name: required(60),
  account_type: ZBankAccountType,
  account_number: z.string().trim().min(1),
  account_holder: z.string().trim().min(1),
});
export type TBankAccountFields = z.infer<typeof ZBankAccountFields>;

/** Contact of the request (spec §3 "Payment-method request"): company, person, email, phone without hyphens, details. */
export const ZRequestContactFields = z.object({
  company_name: required(100),
  person_name: required(60),
  email: ZEmail,
  phone: z.string().trim().min(1),
  details: z.string().trim().max(1000).default(''),
});

type BankShape = { bank_code: string; branch_code: string; account_number: string; account_holder: string; phone?: string };

/** Adds the reference's shape errors to a parse, under each field (shared by the forms, the API and the CSV rows). */
export function refineBankData(value: BankShape, ctx: z.RefinementCtx): void {
  // An empty field already has its "please enter" message; the shape is said once there is a value.
  const add = (path: keyof BankShape, key: string) => {
    if (value[path] !== undefined && value[path] !== '') ctx.addIssue({ code: 'custom', path: [path], message: key, params: { key } });
  };
  const bank = value.bank_code;
  if (!BANK_RULES.bankCode(bank)) add('bank_code', 'payment_request.bank_code_format');
  if (!BANK_RULES.branchCode(bank, value.branch_code)) add('branch_code', bank === JAPAN_POST_BANK_CODE ? 'payment_request.branch_code_format_post' : 'payment_request.branch_code_format');
  if (!BANK_RULES.accountNumber(bank, value.account_number)) add('account_number', bank === JAPAN_POST_BANK_CODE ? 'payment_request.account_number_format_post' : 'payment_request.account_number_format');
  if (!BANK_RULES.accountHolder(value.account_holder)) add('account_holder', 'payment_request.account_holder_format');
  if (value.phone !== undefined && !BANK_RULES.phone(value.phone)) add('phone', 'payment_request.phone_format');
}

/** The client's request: method, contact and bank account (input and confirm steps send the same). */
export const ZPaymentRequestInput = z.object({ method: ZRequestedMethod })
  .extend(ZRequestContactFields.shape)
  .extend(ZBankAccountFields.shape)
  .superRefine(refineBankData);
export type TPaymentRequestInput = z.input<typeof ZPaymentRequestInput>;

/** A request or a registration as the client and the operator see it. */
export const ZPaymentRequestView = z.object({
  id: z.string(),
  region: ZRegion,
  client_uuid: z.string(),
  method: ZRequestedMethod,
  status: ZPaymentRequestStatus,
  source: z.enum(PAYMENT_REQUEST_SOURCES),
  company_name: z.string(),
  person_name: z.string(),
  email: z.string(),
  phone: z.string(),
  details: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  branch_code: z.string(),
  branch_name: z.string(),
  account_type: ZBankAccountType,
  account_number: z.string(),
  account_holder: z.string(),
  reason: z.string().nullable(),
  created_at: z.iso.datetime(),
  reviewed_at: z.iso.datetime().nullable(),
});
export type TPaymentRequestView = z.infer<typeof ZPaymentRequestView>;

/** `POST /payment_request/check`: the confirm step; nothing is written. */
export const ZPaymentRequestChecked = z.object({ valid: z.literal(true) });
/** `GET /payment_request`: the client's latest request (null when none), so the pages can say "confirming". */
export const ZPaymentRequestCurrent = z.object({ request: ZPaymentRequestView.nullable() });
export const ZPaymentRequestFiled = z.object({ request: ZPaymentRequestView });

// ---- operator ----

export const ZPaymentRequestQuery = z.object({
  status: ZPaymentRequestStatus.default('pending'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZPaymentRequestList = z.object({ requests: z.array(ZPaymentRequestView), total: z.number().int() });
export const ZPaymentRequestRef = z.object({ id: z.uuid(), region: ZRegion });
export const ZPaymentRequestReject = ZPaymentRequestRef.extend({ reason: z.string().trim().min(1).max(500) });

/** An operator registers a bank method on behalf of a client (no request needed). */
export const ZPaymentMethodRegistration = z.object({ client_uuid: z.uuid(), region: ZRegion.default('jpn'), method: ZRequestedMethod })
  .extend(ZRequestContactFields.shape)
  .extend(ZBankAccountFields.shape)
  .superRefine(refineBankData);
export type TPaymentMethodRegistration = z.input<typeof ZPaymentMethodRegistration>;

/** CSV of bank methods, import and download alike: these columns, in any order, named on the first line. */
export const PAYMENT_METHOD_CSV_COLUMNS = [
  'client_uuid', 'method', 'company_name', 'person_name', 'email', 'phone',
  'bank_code', 'bank_name', 'branch_code', 'branch_name', 'account_type', 'account_number', 'account_holder',
] as const;
export type TPaymentMethodCsvColumn = (typeof PAYMENT_METHOD_CSV_COLUMNS)[number];
export const PAYMENT_METHOD_CSV_MAX = 1000;
export const PAYMENT_METHOD_CSV_MAX_BYTES = 1024 * 1024;

/**
 * One CSV row: the registration's fields, with the zengin account type ("1"/"2") or its name.
 * Bank methods are Japanese, so the rows register in the jpn region.
 */
export const ZPaymentMethodCsvRow = z.object({
  client_uuid: z.string().trim().refine((v) => z.uuid().safeParse(v).success, keyed('payment_request.client_uuid_format')),
  method: ZRequestedMethod,
  account_type: z.preprocess((v) => (v === '1' ? 'ordinary' : v === '2' ? 'current' : v), ZBankAccountType),
})
  .extend(ZRequestContactFields.omit({ details: true }).shape)
  .extend(ZBankAccountFields.omit({ account_type: true }).shape)
  .superRefine(refineBankData);
export type TPaymentMethodCsvRow = z.output<typeof ZPaymentMethodCsvRow>;

/**
 * `POST /operator/payment_methods/import` (multipart field `file`): all rows or none. A broken row
 * refuses the whole file (40011, `payment_method.import_failed`) with its errors under the field
 * `line.<n>` (the header is line 1).
 */
export const ZPaymentMethodImport = z.object({
  file_name: z.string().max(255),
  content: z.string().max(Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 8),
  dry_run: ZFormBoolean.default(false),
});
/**
 * Issue 25 point 2: a client's payment method as a confirmation shows it before a change: the kind,
 * its masked label (the card's masked number, or bank, branch and the account's last digits) and a
 * card's expiry (YYYY-MM). Never a full account or card number.
 */
export const ZPaymentMethodSummary = z.object({
  method: z.enum(['credit_card', 'bank_transfer', 'direct_debit']),
  label: z.string(),
  expiry: z.string().nullable(),
});
export type TPaymentMethodSummary = z.infer<typeof ZPaymentMethodSummary>;
/** Operator: one client's current method (what a registration on its behalf replaces). */
export const ZPaymentMethodOfClientQuery = z.object({ client_uuid: z.uuid(), region: ZRegion.default('jpn') });
export const ZPaymentMethodOfClient = z.object({ current: ZPaymentMethodSummary.nullable() });
/** One CSV row as the import will apply it: added (the client has no method) or replacing the current one. */
export const ZPaymentMethodImportRow = z.object({
  line: z.number().int(),
  client_uuid: z.string(),
  company_name: z.string(),
  action: z.enum(['add', 'replace']),
  current: ZPaymentMethodSummary.nullable(),
  next: ZPaymentMethodSummary,
});
export type TPaymentMethodImportRow = z.infer<typeof ZPaymentMethodImportRow>;
export const ZPaymentMethodImportResult = z.object({
  dry_run: z.boolean(),
  registered: z.number().int(),
  /** Issue 25 point 2: each row, what it adds or replaces (a dry run writes nothing and lists the same). */
  rows: z.array(ZPaymentMethodImportRow).default([]),
});
export type TPaymentMethodImportResult = z.infer<typeof ZPaymentMethodImportResult>;

/**
 * Internal (licence.client.names, no /v1 route): which of these clients exist, with their company
 * names, so that an operator's registration or CSV row names a real client. Operators only.
 */
export const ZClientNamesQuery = z.object({ clients: z.array(z.object({ uuid: z.uuid(), region: ZRegion })).max(1000) });
export const ZClientNames = z.object({ clients: z.array(z.object({ uuid: z.string(), region: ZRegion, company_name: z.string() })) });

/** `GET /operator/payment_methods/csv`: the file, as the operation log's export answers (the SPA saves it). */
export const ZPaymentMethodCsvFile = z.object({ file_name: z.string(), content_type: z.string(), content: z.string(), rows: z.number().int() });

/**
 * Internal (identity.client.owners, no /v1 route; issue 25 point 2): the active owners of clients of
 * one region, with their language and name in the region's order, whom billing mails when a
 * client's payment method changes. An operator may ask for any client; a client's session for its
 * own only.
 */
export const ZClientOwnersQuery = z.object({ region: ZRegion, clients: z.array(z.uuid()).min(1).max(1000) });
export const ZClientOwners = z.object({
  owners: z.array(z.object({ client_uuid: z.string(), company_name: z.string(), email: z.string(), language: ZLanguage, name: z.string() })),
});
