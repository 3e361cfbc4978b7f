import { parse } from 'csv-parse/sync';
import {
  BANK_ACCOUNT_TYPE_CODES, PAYMENT_METHOD_CSV_COLUMNS, PAYMENT_METHOD_CSV_MAX, ZPaymentMethodCsvRow, fieldMessages,
  type TMessageRef, type TPaymentMethodCsvColumn, type TPaymentMethodCsvRow,
} from '@portal/proto';
import type { PaymentRequestRecord } from './payment-requests.repository.js';

/** What reading an import file gives: its rows, a refusal of the whole file, or the broken rows by line. */
export type TCsvImport =
  | { ok: true; rows: TPaymentMethodCsvRow[] }
  | { ok: false; refusal: TMessageRef }
  | { ok: false; lines: Record<number, TMessageRef[]> };

/**
 * Reads a payment-method CSV (text already decoded): a first line naming the columns of
 * PAYMENT_METHOD_CSV_COLUMNS in any order (case and spaces ignored), then at most
 * PAYMENT_METHOD_CSV_MAX rows, each checked with the same schema and bank rules as the forms, and
 * each client at most once. Any broken row makes the whole file fail with every broken row named
 * by its line (the header is line 1), so that an import registers all rows or none.
 */
export function readPaymentMethodCsv(text: string): TCsvImport {
  let records: string[][];
  try {
    records = parse(text, { skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch {
    return { ok: false, refusal: { key: 'payment_method.csv_columns', params: { columns: PAYMENT_METHOD_CSV_COLUMNS.join(',') } } };
  }
  const names = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  const complete = PAYMENT_METHOD_CSV_COLUMNS.every((c) => names.indexOf(c) !== -1 && names.indexOf(c) === names.lastIndexOf(c));
  const unknown = names.some((n) => n !== '' && !(PAYMENT_METHOD_CSV_COLUMNS as readonly string[]).includes(n));
  if (!complete || unknown) return { ok: false, refusal: { key: 'payment_method.csv_columns', params: { columns: PAYMENT_METHOD_CSV_COLUMNS.join(',') } } };
  const rows = records.slice(1);
  if (!rows.length) return { ok: false, refusal: { key: 'csv.empty' } };
  if (rows.length > PAYMENT_METHOD_CSV_MAX) return { ok: false, refusal: { key: 'csv.over_limit', params: { max: PAYMENT_METHOD_CSV_MAX } } };

  const index = Object.fromEntries(PAYMENT_METHOD_CSV_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<TPaymentMethodCsvColumn, number>;
  const valid: TPaymentMethodCsvRow[] = [];
  const lines: Record<number, TMessageRef[]> = {};
  const seen = new Set<string>();
  for (const [i, cells] of rows.entries()) {
    const line = i + 2;
    const candidate = Object.fromEntries(PAYMENT_METHOD_CSV_COLUMNS.map((c) => [c, cells[index[c]] ?? '']));
    const parsed = ZPaymentMethodCsvRow.safeParse(candidate);
    const refs = parsed.success ? [] : Object.values(fieldMessages(parsed.error.issues)).flat();
    const client = String(candidate.client_uuid).toLowerCase();
    if (client && seen.has(client)) refs.push({ key: 'payment_method.csv_duplicate_client' });
    seen.add(client);
    if (refs.length || !parsed.success) lines[line] = refs;
    else valid.push({ ...parsed.data, client_uuid: client });
  }
  return Object.keys(lines).length ? { ok: false, lines } : { ok: true, rows: valid };
}

/** The download's cells for one registered method, in the import's column order (so it can be imported again). */
export function paymentMethodCsvCells(r: PaymentRequestRecord): string[] {
  const cells: Record<TPaymentMethodCsvColumn, string> = {
    client_uuid: r.clientUuid, method: r.method, company_name: r.companyName, person_name: r.personName, email: r.email, phone: r.phone,
    bank_code: r.bankCode, bank_name: r.bankName, branch_code: r.branchCode, branch_name: r.branchName,
    account_type: BANK_ACCOUNT_TYPE_CODES[r.accountType], account_number: r.accountNumber, account_holder: r.accountHolder,
  };
  return PAYMENT_METHOD_CSV_COLUMNS.map((c) => cells[c]);
}
