import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { renderMessage } from '@portal/proto';
import { pdfLanguage, renderInvoicePdf } from './invoice-pdf.js';
import type { InvoiceLineRecord, InvoiceRecord } from './invoices.repository.js';

const invoice = (language: string): InvoiceRecord => ({
  id: '00000000-0000-4000-8000-000000000001', number: 'INV-202610-000042', clientUuid: '00000000-0000-4000-8000-000000000002',
  month: '2026-10', issuedOn: '2026-11-01', billingDate: '2026-11-30', companyName: 'Siam Marketing Co., Ltd.', language,
  currency: 'USD', subtotalMinor: 10_000, taxMinor: 0, totalMinor: 10_000, chargeCurrency: 'JPY', chargeTotalMinor: 15_025,
  taxSummary: [], fxRate: '150.25', fxRateAt: new Date('2026-10-01T00:00:00Z'), issuerName: 'Example Provider Inc.', issuerRegistration: '',
  status: 'scheduled', paymentMethod: 'credit_card', chargeAttempts: 0, nextChargeOn: '2026-11-30', products: ['bownow'],
} as InvoiceRecord);
const lines: InvoiceLineRecord[] = [{
  kind: 'plan', product: 'bownow', name: { 'en-us': 'Standard', 'th-th': 'มาตรฐาน' }, quantity: 1, unitMinor: 10_000, amountMinor: 10_000,
  taxRateTenths: 0, periodFrom: '2026-10-01', periodTo: '2026-10-31',
}];

async function text(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

describe('invoice PDF fonts', () => {
  it('writes a Thai client\'s invoice in Thai with the embedded Thai font', async () => {
    expect(pdfLanguage('th-th')).toBe('th-th');
    const words = await text(await renderInvoicePdf(invoice('th-th'), lines, 'Asia/Bangkok', 'tha'));
    expect(words).toContain(renderMessage('th-th', 'invoice.pdf.title'));
    expect(words).toContain('INV-202610-000042');
    expect(words).toContain('Siam Marketing');
  });

  it('names a line without a Thai name in English on a Thai invoice, never in Japanese (issue 22)', async () => {
    const untranslated: InvoiceLineRecord[] = [{ ...lines[0]!, name: { 'ja-jp': '初期費用', 'en-us': 'Initial cost' }, kind: 'initial_cost' }];
    const words = await text(await renderInvoicePdf(invoice('th-th'), untranslated, 'Asia/Bangkok', 'tha'));
    expect(words).toContain('Initial cost');
    expect(words).not.toContain('初期費用');
  });

  it('falls back to English only where no embedded font has the script (Simplified Chinese)', () => {
    expect(pdfLanguage('zh-cn')).toBe('en-us');
    expect(pdfLanguage('ja-jp')).toBe('ja-jp');
  });
});
