import { REGION_PROFILES, type TLanguage, type TRegion } from '@portal/proto';
import type { InvoiceDocumentInput, InvoiceIssuer } from './invoice-document.js';
import type { InvoiceLineRecord, InvoiceRecord } from './invoices.repository.js';

/** Issue 23: one sample invoice per language for the PDF specs (the client's names, details and plan in its own script). */

export const ISSUER: InvoiceIssuer = {
  nameEn: 'Portal K.K.', address: '〒100-0005 東京都千代田区丸の内1-1-1', addressEn: '1-1-1 Marunouchi, Chiyoda-ku, Tokyo 100-0005, Japan',
  phone: '03-0000-0000', email: 'billing@portal.example',
  bank: { name: 'みずほ銀行', code: '0001', branch: '丸の内支店', branchCode: '110', accountType: 'ordinary', accountNumber: '1234567', holder: 'カ)ポータル' },
};

export const SAMPLES: Record<TLanguage, { region: TRegion; company: string; division: string; address: string; plan: string }> = {
  'ja-jp': { region: 'jpn', company: '株式会社サンプル商事', division: '経理部', address: '東京都港区芝公園4-2-8', plan: 'スタンダード' },
  'en-us': { region: 'usa', company: 'Acme Corporation', division: 'Accounts Payable', address: '1 Market St, San Francisco, CA 94105', plan: 'Standard' },
  'ms-my': { region: 'mys', company: 'Syarikat Contoh Sdn. Bhd.', division: 'Bahagian Kewangan', address: 'Jalan Ampang, 50450 Kuala Lumpur', plan: 'Standard' },
  'zh-cn': { region: 'chn', company: '上海示例科技有限公司', division: '财务部', address: '上海市浦东新区陆家嘴环路1000号', plan: '标准版' },
  'zh-tw': { region: 'twn', company: '臺灣範例股份有限公司', division: '財務部', address: '臺北市信義區市府路45號', plan: '標準版' },
  'vi-vn': { region: 'vnm', company: 'Công ty TNHH Ví Dụ Việt Nam', division: 'Phòng Kế toán', address: 'Số 1 Đường Lê Duẩn, Quận 1, TP. Hồ Chí Minh', plan: 'Tiêu chuẩn' },
  'th-th': { region: 'tha', company: 'บริษัท ตัวอย่าง จำกัด', division: 'ฝ่ายบัญชี', address: 'ถนนสุขุมวิท กรุงเทพมหานคร 10110', plan: 'มาตรฐาน' },
};

export function sample(language: TLanguage, over: Partial<InvoiceRecord> = {}, kind: 'invoice' | 'receipt' = 'invoice'): InvoiceDocumentInput {
  const s = SAMPLES[language];
  const japan = s.region === 'jpn';
  const invoice = {
    id: '00000000-0000-4000-8000-000000000001', number: `${s.region.toUpperCase()}-202701-000042`, clientUuid: '00000000-0000-4000-8000-000000000002',
    month: '2027-01', issuedOn: '2027-01-01', billingDate: '2027-01-31', companyName: s.company, language,
    currency: japan ? 'JPY' : 'USD', subtotalMinor: japan ? 103_000 : 10_000, taxMinor: japan ? 10_300 : 0, totalMinor: japan ? 113_300 : 10_000,
    chargeCurrency: 'JPY', chargeTotalMinor: japan ? 113_300 : 15_025,
    taxSummary: [{ rate_tenths: japan ? 100 : 0, subtotal_minor: japan ? 103_000 : 10_000, tax_minor: japan ? 10_300 : 0 }],
    fxRate: japan ? null : '150.25', fxRateAt: japan ? null : new Date('2026-12-31T15:00:00Z'),
    issuerName: '株式会社ポータル', issuerRegistration: japan ? 'T6010001000001' : '', status: 'billed', paymentMethod: japan ? 'bank_transfer' : 'card',
    chargeAttempts: 0, nextChargeOn: null, products: ['bownow'], paidAt: null, ...over,
  } as InvoiceRecord;
  const lines: InvoiceLineRecord[] = [
    { kind: 'plan', product: 'bownow', name: { 'en-us': 'Standard', [language]: s.plan }, quantity: 1, unitMinor: japan ? 100_000 : 10_000, amountMinor: japan ? 100_000 : 10_000, taxRateTenths: 0, periodFrom: '2027-01-01', periodTo: '2027-01-31' },
    ...(japan ? [{ kind: 'initial_cost', product: 'bownow', name: { 'ja-jp': '初期費用', 'en-us': 'Initial cost' }, quantity: 1, unitMinor: 3_000, amountMinor: 3_000, taxRateTenths: 100, periodFrom: '2027-01-01', periodTo: '2027-01-01' }] : []),
  ];
  return {
    kind, invoice, lines, issuer: ISSUER, party: { division: s.division, address: s.address, corporateNumber: '1234567890123' },
    region: s.region, timeZone: REGION_PROFILES[s.region].timeZone,
  };
}

