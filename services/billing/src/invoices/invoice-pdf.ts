import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatDateTime, localizedText, productName, renderMessage, type TLanguage, type TRegion } from '@portal/proto';
import { formatRateTenths } from '@portal/service-common/money';
import { formatAmount, formatDay, formatMonth } from './invoice-format.js';
import type { InvoiceLineRecord, InvoiceRecord } from './invoices.repository.js';

const require = createRequire(import.meta.url);
/**
 * The embedded fonts (SIL Open Font License 1.1), from npm: Noto Sans JP (@expo-google-fonts/
 * noto-sans-jp: Japanese, Latin, Vietnamese, Traditional Chinese) and, for Thai invoices, Noto Sans
 * Thai (@expo-google-fonts/noto-sans-thai: Thai and Latin). pdfkit embeds only the glyphs used.
 */
const FONT_FILES = {
  jp: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  thai: '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
} as const;
const fontBytes = new Map<keyof typeof FONT_FILES, Buffer>();
function font(which: keyof typeof FONT_FILES): Buffer {
  let bytes = fontBytes.get(which);
  if (!bytes) {
    bytes = readFileSync(require.resolve(FONT_FILES[which]));
    fontBytes.set(which, bytes);
  }
  return bytes;
}

/** Languages the embedded fonts can write; others (Simplified Chinese) get the English invoice (docs/decisions.md, slice C2). */
const PDF_LANGUAGES: readonly TLanguage[] = ['ja-jp', 'en-us', 'vi-vn', 'zh-tw', 'ms-my', 'th-th'];
export const pdfLanguage = (language: string): TLanguage => (PDF_LANGUAGES.includes(language as TLanguage) ? (language as TLanguage) : 'en-us');

/**
 * The invoice as a PDF in the client's language. For Japan it carries the qualified-invoice items
 * (payments-jp.md): the issuer and its registration number, the date, the recipient, each line,
 * the subtotal and tax per rate, and the total; outside Japan the USD total and the yen charged
 * at the snapshotted rate and its time (in the client's region zone, `timeZone`). Line names are
 * in the invoice's language by proto's one fallback rule for the client's `region` (English outside
 * Japan, never Japanese; issue 22).
 */
export function renderInvoicePdf(invoice: InvoiceRecord, lines: readonly InvoiceLineRecord[], timeZone: string, region: TRegion): Promise<Buffer> {
  const language = pdfLanguage(invoice.language);
  const t = (key: string, params: Record<string, string | number> = {}) => renderMessage(language, `invoice.pdf.${key}`, params);
  const money = (minor: number) => formatAmount(minor, invoice.currency, language);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${t('title')} ${invoice.number}`, Author: invoice.issuerName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', font(language === 'th-th' ? 'thai' : 'jp'));
  doc.font('body');

  doc.fontSize(20).text(t('title'), { align: 'center' });
  doc.moveDown();
  doc.fontSize(12).text(t('recipient', { name: invoice.companyName }));
  doc.moveDown(0.5);
  doc.fontSize(10);
  doc.text(`${t('number')}: ${invoice.number}`);
  doc.text(`${t('issued_on')}: ${formatDay(invoice.issuedOn, language)}`);
  doc.text(`${t('month')}: ${formatMonth(invoice.month, language)}`);
  doc.text(`${t('billing_date')}: ${formatDay(invoice.billingDate, language)}`);
  doc.moveDown(0.5);
  doc.text(`${t('issuer')}: ${invoice.issuerName}`);
  if (invoice.issuerRegistration) doc.text(`${t('registration_number')}: ${invoice.issuerRegistration}`);
  doc.moveDown();

  const cols = { desc: 50, qty: 330, unit: 380, amount: 470 };
  const row = (desc: string, qty: string, unit: string, amount: string) => {
    const y = doc.y;
    doc.text(desc, cols.desc, y, { width: cols.qty - cols.desc - 10 });
    const bottom = doc.y;
    doc.text(qty, cols.qty, y, { width: 40, align: 'right' });
    doc.text(unit, cols.unit, y, { width: 80, align: 'right' });
    doc.text(amount, cols.amount, y, { width: 75, align: 'right' });
    doc.x = cols.desc;
    doc.y = Math.max(bottom, doc.y) + 4;
  };
  row(t('description'), t('quantity'), t('unit_price'), t('amount'));
  doc.moveTo(cols.desc, doc.y).lineTo(545, doc.y).stroke();
  doc.y += 4;
  for (const line of lines) {
    const name = localizedText(line.name, language, region) ?? '';
    const kind = ['usage', 'penalty', 'initial_cost', 'option_shot'].includes(line.kind) ? ` (${t(`kind.${line.kind}`)})` : '';
    row(`${productName(line.product)} ${name}${kind}\n${formatDay(line.periodFrom, language)} – ${formatDay(line.periodTo, language)}`,
      String(line.quantity), money(line.unitMinor), money(line.amountMinor));
  }
  doc.moveTo(cols.desc, doc.y).lineTo(545, doc.y).stroke();
  doc.y += 6;
  const total = (label: string, value: string) => {
    const y = doc.y;
    doc.text(label, 250, y, { width: 210, align: 'right' });
    doc.text(value, cols.amount, y, { width: 75, align: 'right' });
    doc.x = cols.desc;
  };
  for (const rate of invoice.taxSummary) {
    total(t('subtotal_at', { rate: formatRateTenths(rate.rate_tenths) }), money(rate.subtotal_minor));
    total(t('tax_at', { rate: formatRateTenths(rate.rate_tenths) }), money(rate.tax_minor));
  }
  doc.fontSize(12);
  total(t('total'), money(invoice.totalMinor));
  doc.fontSize(9).moveDown();
  if (invoice.fxRate && invoice.fxRateAt) {
    doc.text(t('charge', {
      amount: formatAmount(invoice.chargeTotalMinor, 'JPY', language), rate: invoice.fxRate,
      rate_at: formatDateTime(invoice.fxRateAt, { language, timeZone }),
    }), cols.desc, doc.y);
  }
  doc.text(t('prices_exclude_tax'), cols.desc, doc.y);
  doc.end();
  return done;
}
