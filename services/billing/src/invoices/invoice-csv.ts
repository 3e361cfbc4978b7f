import { INVOICE_CSV_COLUMNS, productName, renderMessage, type TLanguage } from '@portal/proto';
import { csvDocument } from '@portal/service-common/csv';
import { formatMinor } from '@portal/service-common/money';
import type { InvoiceListRow } from './invoices.repository.js';

const COLUMNS = INVOICE_CSV_COLUMNS;

/**
 * Issue 23: the listed invoices as CSV (the project's csv helper: UTF-8 with BOM, CRLF, a leading
 * = + - @ neutralised). Headers and statuses in the reader's language; amounts as plain decimals
 * of the currency (no symbol or grouping), so a spreadsheet sums them.
 */
export function invoiceCsv(rows: readonly InvoiceListRow[], language: TLanguage): string {
  const header = COLUMNS.map((c) => renderMessage(language, `invoice.csv.${c}`));
  return csvDocument(header, rows.map((r) => [
    r.number, r.month, r.issuedOn, r.billingDate, r.products.map(productName).join(' / '),
    formatMinor(r.totalMinor, r.currency), r.currency, formatMinor(r.chargeTotalMinor, r.chargeCurrency), r.chargeCurrency,
    renderMessage(language, `invoice.status.${r.status}`),
  ]));
}
