import { formatDate, formatDateTime, LANGUAGES, localizedText, productName, renderMessage, type TLanguage, type TRegion } from '@portal/proto';
import { formatRateTenths } from '@portal/service-common/money';
import { formatAmount, formatDay, formatMonth } from './invoice-format.js';
import type { InvoiceLineRecord, InvoiceRecord } from './invoices.repository.js';

/**
 * Issue 23 item 5: what an invoice or receipt PDF says, as plain data (the renderer in
 * invoice-pdf.ts only lays it out and picks the fonts). Pure, so each rule has a unit test.
 */

/** The issuer as configured (INVOICE_ISSUER_*, INVOICE_BANK_*). */
export interface InvoiceIssuer {
  nameEn: string; address: string; addressEn: string; phone: string; email: string;
  bank: { name: string; code: string; branch: string; branchCode: string; accountType: 'ordinary' | 'current'; accountNumber: string; holder: string };
}

/** The customer's billing details as they are now (billing info) and its corporate number (licence). */
export interface InvoiceParty { division: string; address: string; corporateNumber: string }

export interface DocumentField { label: string; value: string }
export interface DocumentRow { description: string; period: string; quantity: string; unit: string; amount: string }

export interface InvoiceDocument {
  language: TLanguage;
  title: string;
  number: string;
  /** The customer: the company name as invoiced (with its honorific) and its details. */
  recipient: { heading: string; details: DocumentField[] };
  /** The issuer: names, registration number, address and contact. */
  issuer: DocumentField[];
  /** Dates and numbers under the title. */
  facts: DocumentField[];
  /** A receipt's amount received, large. */
  received?: DocumentField;
  columns: DocumentRow;
  rows: DocumentRow[];
  /** Subtotal and tax per rate, then the total. */
  totals: DocumentField[];
  /** Bank-transfer instructions, when the invoice is paid that way and is still open. */
  bank?: { heading: string; fields: DocumentField[]; note: string };
  /** The "paid" mark with its date and method. */
  paid?: { mark: string; detail: string };
  notes: string[];
}

const PAY_METHOD_KEYS: Record<string, string> = { card: 'card', credit_card: 'card', bank_transfer: 'bank_transfer', direct_debit: 'direct_debit' };

/** Every language writes its own invoice now that a font covers each script (issue 23); an unknown one reads English. */
export const pdfLanguage = (language: string): TLanguage => ((LANGUAGES as readonly string[]).includes(language) ? (language as TLanguage) : 'en-us');

/**
 * The issuer's legal name as snapshotted on the invoice. Invoices issued before issue 23 carry
 * "legal (English)" in one field; the English part is the configured English name now.
 */
export const issuerLegalName = (snapshot: string): string => snapshot.replace(/\s+\([\x20-\x7e]+\)$/, '');

/** The issuer's name as written on an invoice in `language`: the legal name in Japanese, else the English name with the legal name beside it. */
export function issuerDisplayName(snapshot: string, nameEn: string, language: TLanguage): string {
  const legal = issuerLegalName(snapshot);
  return language === 'ja-jp' || legal === nameEn ? legal : `${nameEn} (${legal})`;
}

export interface InvoiceDocumentInput {
  kind: 'invoice' | 'receipt';
  invoice: InvoiceRecord;
  lines: readonly InvoiceLineRecord[];
  issuer: InvoiceIssuer;
  party: InvoiceParty | null;
  /** The client's region (names fall back by its rule) and its zone (the FX rate's time and the payment date). */
  region: TRegion;
  timeZone: string;
}

/** The invoice (or its receipt) as the customer reads it, in the invoice's language. */
export function invoiceDocument({ kind, invoice, lines, issuer, party, region, timeZone }: InvoiceDocumentInput): InvoiceDocument {
  const language = pdfLanguage(invoice.language);
  const t = (key: string, params: Record<string, string | number> = {}) => renderMessage(language, `invoice.pdf.${key}`, params);
  const money = (minor: number) => formatAmount(minor, invoice.currency, language);
  const japanese = language === 'ja-jp';
  const paidOn = invoice.status === 'paid' && invoice.paidAt ? formatDate(invoice.paidAt, { language, timeZone }) : null;
  const method = PAY_METHOD_KEYS[invoice.paymentMethod];
  const methodText = method ? t(`method.${method}`) : '';

  const details: DocumentField[] = [];
  if (party?.division) details.push({ label: t('division'), value: party.division });
  if (party?.address) details.push({ label: t('address'), value: party.address });
  if (party?.corporateNumber) details.push({ label: t('corporate_number'), value: party.corporateNumber });

  const issuerFields: DocumentField[] = [
    { label: t('issuer'), value: issuerDisplayName(invoice.issuerName, issuer.nameEn, language) },
    ...(invoice.issuerRegistration ? [{ label: t('registration_number'), value: invoice.issuerRegistration }] : []),
    { label: t('issuer_address'), value: japanese ? issuer.address : issuer.addressEn },
    { label: t('issuer_contact'), value: `${issuer.phone} / ${issuer.email}` },
  ];

  const periodFrom = lines.reduce<string | null>((min, l) => (min === null || l.periodFrom < min ? l.periodFrom : min), null);
  const periodTo = lines.reduce<string | null>((max, l) => (max === null || l.periodTo > max ? l.periodTo : max), null);
  const facts: DocumentField[] = [{ label: t('number'), value: invoice.number }];
  if (kind === 'receipt') {
    facts.push({ label: t('received_on'), value: paidOn ?? '' }, { label: t('payment_method'), value: methodText });
  } else {
    facts.push({ label: t('issued_on'), value: formatDay(invoice.issuedOn, language) }, { label: t('billing_date'), value: formatDay(invoice.billingDate, language) });
  }
  facts.push({ label: t('month'), value: formatMonth(invoice.month, language) });
  if (periodFrom && periodTo) facts.push({ label: t('transaction_period'), value: `${formatDay(periodFrom, language)} – ${formatDay(periodTo, language)}` });

  const rows = lines.map((line): DocumentRow => {
    const name = localizedText(line.name, language, region) ?? '';
    const kindText = ['usage', 'penalty', 'initial_cost', 'option_shot'].includes(line.kind) ? ` (${t(`kind.${line.kind}`)})` : '';
    return {
      description: `${productName(line.product)} ${name}${kindText}`.trim(), period: `${formatDay(line.periodFrom, language)} – ${formatDay(line.periodTo, language)}`,
      quantity: String(line.quantity), unit: money(line.unitMinor), amount: money(line.amountMinor),
    };
  });
  const totals: DocumentField[] = invoice.taxSummary.flatMap((rate) => [
    { label: t('subtotal_at', { rate: formatRateTenths(rate.rate_tenths) }), value: money(rate.subtotal_minor) },
    { label: t('tax_at', { rate: formatRateTenths(rate.rate_tenths) }), value: money(rate.tax_minor) },
  ]);
  totals.push({ label: t('total'), value: money(invoice.totalMinor) });

  const notes: string[] = [];
  if (invoice.fxRate && invoice.fxRateAt) {
    notes.push(t('charge', { amount: formatAmount(invoice.chargeTotalMinor, 'JPY', language), rate: invoice.fxRate, rate_at: formatDateTime(invoice.fxRateAt, { language, timeZone }) }));
  }
  notes.push(t('prices_exclude_tax'));

  const doc: InvoiceDocument = {
    language, title: t(kind === 'receipt' ? 'receipt_title' : 'title'), number: invoice.number,
    recipient: { heading: t(kind === 'receipt' ? 'received_from' : 'recipient', { name: invoice.companyName }), details },
    issuer: issuerFields, facts, columns: { description: t('description'), period: '', quantity: t('quantity'), unit: t('unit_price'), amount: t('amount') },
    rows, totals, notes,
  };
  if (kind === 'receipt') {
    // What was received is what was charged: yen, also for a USD invoice (the card is charged in yen).
    doc.received = { label: t('amount_received'), value: formatAmount(invoice.chargeTotalMinor, invoice.chargeCurrency, language) };
    doc.notes.unshift(t('receipt_note', { number: invoice.number }));
  }
  if (paidOn) doc.paid = { mark: t('paid_mark'), detail: t('paid_detail', { date: paidOn, method: methodText }) };
  if (kind === 'invoice' && invoice.paymentMethod === 'bank_transfer' && !paidOn && invoice.totalMinor > 0) {
    const b = issuer.bank;
    doc.bank = {
      heading: t('bank.heading', { date: formatDay(invoice.billingDate, language) }),
      fields: [
        { label: t('bank.bank'), value: `${b.name} (${b.code})` },
        { label: t('bank.branch'), value: `${b.branch} (${b.branchCode})` },
        { label: t('bank.account'), value: `${t(`bank.type_${b.accountType}`)} ${b.accountNumber}` },
        { label: t('bank.holder'), value: b.holder },
        { label: t('bank.amount'), value: formatAmount(invoice.chargeTotalMinor, invoice.chargeCurrency, language) },
      ],
      note: t('bank.note', { number: invoice.number }),
    };
  }
  return doc;
}

/** Every text of a document in reading order (the glyph test and the renderer's font check use it). */
export function documentTexts(doc: InvoiceDocument): string[] {
  const fields = (f: DocumentField[]) => f.flatMap((x) => [x.label, x.value]);
  return [
    doc.title, doc.number, doc.recipient.heading, ...fields(doc.recipient.details), ...fields(doc.issuer), ...fields(doc.facts),
    ...(doc.received ? [doc.received.label, doc.received.value] : []),
    ...Object.values(doc.columns), ...doc.rows.flatMap((r) => Object.values(r)), ...fields(doc.totals),
    ...(doc.bank ? [doc.bank.heading, ...fields(doc.bank.fields), doc.bank.note] : []),
    ...(doc.paid ? [doc.paid.mark, doc.paid.detail] : []), ...doc.notes,
  ].filter((s) => s !== '');
}
