import { describe, expect, it } from 'vitest';
import { invoiceDocument, issuerDisplayName, pdfLanguage } from './invoice-document.js';
import { invoiceCsv } from './invoice-csv.js';
import { sample } from './invoice-pdf.fixtures.js';

const field = (list: { label: string; value: string }[], label: string) => list.find((f) => f.label === label)?.value;

describe('invoice document content (issue 23 item 5)', () => {
  it('gives a Japanese bank-transfer invoice the qualified-invoice items, both parties\' details and the account to pay into', () => {
    const doc = invoiceDocument(sample('ja-jp'));
    expect(doc.title).toBe('請求書');
    expect(doc.recipient.heading).toBe('株式会社サンプル商事 御中');
    expect(doc.recipient.details).toEqual([
      { label: '部署', value: '経理部' }, { label: '住所', value: '東京都港区芝公園4-2-8' }, { label: '法人番号', value: '1234567890123' },
    ]);
    expect(field(doc.issuer, '発行者')).toBe('株式会社ポータル');
    expect(field(doc.issuer, '登録番号')).toBe('T6010001000001');
    expect(field(doc.issuer, '所在地')).toBe('〒100-0005 東京都千代田区丸の内1-1-1');
    expect(field(doc.issuer, '連絡先')).toBe('03-0000-0000 / billing@portal.example');
    expect(field(doc.facts, '取引期間')).toBe('2027/01/01 – 2027/01/31');
    expect(doc.totals.map((t) => t.value)).toEqual(['￥103,000', '￥10,300', '￥113,300']);
    expect(doc.bank?.fields).toEqual([
      { label: '金融機関', value: 'みずほ銀行 (0001)' }, { label: '支店', value: '丸の内支店 (110)' }, { label: '口座', value: '普通 1234567' },
      { label: '口座名義', value: 'カ)ポータル' }, { label: 'お振込金額', value: '￥113,300' },
    ]);
    expect(doc.paid).toBeUndefined();
  });

  it('marks a paid invoice with its date (in the client\'s zone) and method, and drops the transfer instructions', () => {
    const doc = invoiceDocument(sample('ja-jp', { status: 'paid', paidAt: new Date('2027-01-31T16:00:00Z') }));
    expect(doc.paid).toEqual({ mark: '支払済', detail: '2027/02/01・銀行振込にてお支払い済み' });
    expect(doc.bank).toBeUndefined();
  });

  it('names the issuer in English with its legal name beside it outside Japanese, also for invoices issued before (combined snapshot)', () => {
    expect(field(invoiceDocument(sample('en-us')).issuer, 'Issuer')).toBe('Portal K.K. (株式会社ポータル)');
    expect(issuerDisplayName('株式会社ポータル (Portal K.K.)', 'Portal K.K.', 'en-us')).toBe('Portal K.K. (株式会社ポータル)');
    expect(issuerDisplayName('株式会社ポータル (Portal K.K.)', 'Portal K.K.', 'ja-jp')).toBe('株式会社ポータル');
    expect(field(invoiceDocument(sample('en-us')).issuer, 'Address')).toBe('1-1-1 Marunouchi, Chiyoda-ku, Tokyo 100-0005, Japan');
  });

  it('writes a receipt for the yen received, with the date and method', () => {
    const doc = invoiceDocument(sample('en-us', { status: 'paid', paidAt: new Date('2027-01-31T01:00:00Z') }, 'receipt'));
    expect(doc.title).toBe('Receipt');
    expect(doc.received).toEqual({ label: 'Amount received', value: '¥15,025' });
    expect(field(doc.facts, 'Date received')).toBe('Jan 30, 2027');
    expect(field(doc.facts, 'Payment method')).toBe('credit card');
    expect(doc.recipient.heading).toBe('Received from: Acme Corporation');
  });

  it('writes Simplified Chinese invoices in Simplified Chinese (they were English)', () => {
    expect(pdfLanguage('zh-cn')).toBe('zh-cn');
    expect(invoiceDocument(sample('zh-cn')).title).toBe('账单');
  });
});

describe('invoice CSV (issue 23 item 6)', () => {
  it('writes the rows with headers and statuses in the reader\'s language and amounts as plain decimals', () => {
    const csv = invoiceCsv([{
      id: '00000000-0000-4000-8000-000000000001', number: 'USA-202701-000001', month: '2027-01', issuedOn: '2027-01-01', billingDate: '2027-01-31',
      products: ['bownow', 'actibook'], totalMinor: 123_456, currency: 'USD', chargeTotalMinor: 185_000, chargeCurrency: 'JPY', status: 'paid',
    }], 'ja-jp');
    expect(csv.startsWith('\uFEFF請求書番号,ご請求月,発行日,お支払日,製品,合計（税込）,通貨,ご請求額,ご請求通貨,ステータス\r\n')).toBe(true);
    expect(csv).toContain('USA-202701-000001,2027-01,2027-01-01,2027-01-31,BowNow / ActiBook,1234.56,USD,185000,JPY,支払済み\r\n');
  });
});
