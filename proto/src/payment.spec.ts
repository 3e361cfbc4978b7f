import { describe, expect, it } from 'vitest';
import { fieldMessages } from './validation.js';
import { describeOperationDetail } from './operation-detail.js';
import { ZCardRegistration, cardEntrySchema, expiryValid, expiryYearChoices, normaliseCardNumber } from './payment.js';
import { ZBillingInfo, billingInfoSchema, billingKanaAsked } from './billing-info.js';

const today = { year: 2026, month: 11 };
const good = { number: '4111111111111111', holder_name: 'ICHIRO YAMADA', expiry_month: '11', expiry_year: '2026', security_code: '123' };
const keysOf = (value: unknown) => {
  const parsed = cardEntrySchema(today).safeParse(value);
  return parsed.success ? {} : Object.fromEntries(Object.entries(fieldMessages(parsed.error.issues)).map(([f, m]) => [f, m.map((r) => r.key)]));
};

describe('card validation (spec §5, issue 11 slice A)', () => {
  it('takes 14 to 16 digits only', () => {
    expect(keysOf(good)).toEqual({});
    expect(keysOf({ ...good, number: '41111111111111' })).toEqual({});
    expect(keysOf({ ...good, number: '4111111111111' })).toEqual({ number: ['payment.validation.number'] });
    expect(keysOf({ ...good, number: '41111111111111111' })).toEqual({ number: ['payment.validation.number'] });
    expect(keysOf({ ...good, number: '4111-1111-1111-1' })).toEqual({ number: ['payment.validation.number'] });
    expect(keysOf({ ...good, number: '4111x1111x1111x111' })).toEqual({ number: ['payment.validation.number'] });
    expect(keysOf({ ...good, number: '' })).toEqual({ number: ['validation.required'] });
    expect(keysOf({ ...good, number: ' - ' })).toEqual({ number: ['validation.required'] });
  });

  it('issue 22 item 8: reads a number typed or pasted with spaces or hyphens (or full-width digits) as its digits, before the length check', () => {
    for (const typed of ['4111 1111 1111 1111', '4111-1111-1111-1111', ' 4111 - 1111 - 1111 - 1111 ', '４１１１\u3000１１１１\u3000１１１１\u3000１１１１', '3714-496353-98431']) {
      const parsed = cardEntrySchema(today).safeParse({ ...good, number: typed });
      expect(parsed.success, typed).toBe(true);
      expect(parsed.data!.number).toMatch(/^\d{15,16}$/);
    }
    expect(normaliseCardNumber('4111 1111-1111 1111')).toBe('4111111111111111');
    expect(ZCardRegistration.parse({ token: 't', masked_number: '411111 ****** 1111', holder_name: 'A', expiry_month: 1, expiry_year: 2030 }).masked_number).toBe('411111******1111');
  });

  it('issue 22 item 8: an expiry not chosen says only that it is required, never that the card expired', () => {
    expect(keysOf({ ...good, expiry_month: '', expiry_year: '' })).toEqual({ expiry_month: ['validation.required'], expiry_year: ['validation.required'] });
    expect(keysOf({ ...good, expiry_month: '' })).toEqual({ expiry_month: ['validation.required'] });
    expect(keysOf({ ...good, expiry_year: '' })).toEqual({ expiry_year: ['validation.required'] });
  });

  it('takes a holder of up to 50 allowed characters', () => {
    expect(keysOf({ ...good, holder_name: 'A, B. C-D/E 1' })).toEqual({});
    expect(keysOf({ ...good, holder_name: 'A'.repeat(50) })).toEqual({});
    expect(keysOf({ ...good, holder_name: 'A'.repeat(51) })).toEqual({ holder_name: ['payment.validation.holder_length'] });
    expect(keysOf({ ...good, holder_name: '山田 一郎' })).toEqual({ holder_name: ['payment.validation.holder_chars'] });
    expect(keysOf({ ...good, holder_name: 'YAMADA@' })).toEqual({ holder_name: ['payment.validation.holder_chars'] });
  });

  it('refuses an expiry before this month with the spec\'s message, and offers 15 years', () => {
    expect(keysOf({ ...good, expiry_month: '10' })).toEqual({ expiry_month: ['payment.validation.expired'] });
    expect(keysOf({ ...good, expiry_month: '12', expiry_year: '2025' })).toEqual({ expiry_month: ['payment.validation.expired'] });
    expect(expiryValid({ month: 11, year: 2026 }, today)).toBe(true);
    expect(expiryYearChoices(today)).toHaveLength(15);
    expect(expiryYearChoices(today)[0]).toBe(2026);
    expect(expiryYearChoices(today).at(-1)).toBe(2040);
  });

  it('takes a security code of 3 or 4 digits', () => {
    expect(keysOf({ ...good, security_code: '1234' })).toEqual({});
    expect(keysOf({ ...good, security_code: '12' })).toEqual({ security_code: ['payment.validation.security_code'] });
    expect(keysOf({ ...good, security_code: '12345' })).toEqual({ security_code: ['payment.validation.security_code'] });
  });

  it('checks the tokenised card on the server: masked number length and holder', () => {
    const base = { token: 't', masked_number: '411111******1111', holder_name: 'ICHIRO YAMADA', expiry_month: 12, expiry_year: 2030 };
    expect(ZCardRegistration.safeParse(base).success).toBe(true);
    expect(ZCardRegistration.safeParse({ ...base, masked_number: '4111' }).success).toBe(false);
    expect(ZCardRegistration.safeParse({ ...base, holder_name: '山田' }).success).toBe(false);
  });

  it('requires name, phone, address and a valid email for billing info', () => {
    expect(ZBillingInfo.safeParse({ company_name: 'A', phone: '03-1234-5678', address: 'Tokyo', email: 'a@example.com' }).success).toBe(true);
    const bad = ZBillingInfo.safeParse({ company_name: '', phone: '03-abcd', address: '', email: 'x' });
    expect(Object.keys(fieldMessages(bad.error!.issues)).sort()).toEqual(['address', 'company_name', 'email', 'phone']);
  });
});

describe('operation-log details of billing and payment', () => {
  const ja = { language: 'ja-jp' as const, timeZone: 'Asia/Tokyo', region: 'jpn' as const };
  const en = { language: 'en-us' as const, timeZone: 'America/New_York', region: 'usa' as const };
  it('says the method and the fields in words', () => {
    expect(describeOperationDetail('payment_method_registered', { payment_method: 'credit_card' }, ja)).toEqual(['お支払い方法：クレジットカード']);
    expect(describeOperationDetail('payment_method_changed', { before: { payment_method: 'bank_transfer' }, after: { payment_method: 'credit_card' }, card_replaced: true }, en))
      .toEqual(['Payment method: Bank transfer → Credit card', 'The card was replaced']);
    expect(describeOperationDetail('billing_info_changed', { fields: ['company_kana', 'email'], registered: true }, en)).toEqual(['Changed: Company name (kana), Email', 'First registration']);
  });
});

describe('billing info by region (issue 22: kana in Japan)', () => {
  const base = { company_name: 'デモ商事株式会社', phone: '03-1234-5678', address: '東京都千代田区丸の内1-1-1', email: 'a@example.com' };
  const keys = (region: string, value: unknown) => {
    const parsed = billingInfoSchema(billingKanaAsked(region)).safeParse(value);
    return parsed.success ? {} : Object.fromEntries(Object.entries(fieldMessages(parsed.error.issues)).map(([f, m]) => [f, m.map((r) => r.key)]));
  };
  it('requires the company\'s and the address\'s kana in Japan only', () => {
    expect(keys('jpn', base)).toEqual({ company_kana: ['validation.required'], address_kana: ['validation.required'] });
    expect(keys('usa', base)).toEqual({});
    expect(keys('tha', base)).toEqual({});
  });
  it('takes only full-width katakana as kana in Japan', () => {
    const ok = { ...base, company_kana: 'デモショウジカブシキガイシャ', address_kana: 'トウキョウト　チヨダク　マルノウチ１－１－１', division_kana: 'ケイリブ' };
    expect(keys('jpn', ok)).toEqual({});
    expect(keys('jpn', { ...ok, company_kana: 'でもしょうじ' })).toEqual({ company_kana: ['validation.katakana'] });
    expect(keys('jpn', { ...ok, address_kana: 'ﾄｳｷｮｳﾄ' })).toEqual({ address_kana: ['validation.katakana'] });
    expect(keys('jpn', { ...ok, division_kana: 'Keiri' })).toEqual({ division_kana: ['validation.katakana'] });
    expect(keys('jpn', { ...ok, division_kana: '' })).toEqual({});
  });
});
