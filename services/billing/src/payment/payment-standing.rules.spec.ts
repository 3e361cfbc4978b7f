import { describe, expect, it } from 'vitest';
import type { TBillingInfo } from '@portal/proto';
import { billingInfoComplete, usableMethod } from './payment-standing.rules.js';

const today = { year: 2026, month: 12 };
const card = (over: Partial<{ status: string; expiryMonth: number; expiryYear: number }> = {}) =>
  ({ method: 'credit_card' as const, card: { status: 'active', expiryMonth: 12, expiryYear: 2026, ...over } });
const info: TBillingInfo = {
  company_name: 'デモ商事株式会社', company_kana: 'デモショウジ', division: '', division_kana: '', phone: '0312345678',
  address: '東京都千代田区丸の内1-1-1', address_kana: 'トウキョウト', email: 'billing@example.com',
};

describe('a payment method the plan flow can rely on (issue 22)', () => {
  it('takes an active card until the end of its expiry month', () => {
    expect(usableMethod('usa', card(), today)).toBe(true);
    expect(usableMethod('usa', card({ expiryMonth: 11 }), today)).toBe(false);
    expect(usableMethod('jpn', card({ status: 'pending' }), today)).toBe(false);
    expect(usableMethod('jpn', { method: 'credit_card', card: null }, today)).toBe(false);
    expect(usableMethod('jpn', null, today)).toBe(false);
  });

  it('takes a confirmed bank transfer or direct debit in Japan only', () => {
    expect(usableMethod('jpn', { method: 'bank_transfer', card: null }, today)).toBe(true);
    expect(usableMethod('jpn', { method: 'direct_debit', card: null }, today)).toBe(true);
    expect(usableMethod('tha', { method: 'direct_debit', card: null }, today)).toBe(false);
  });
});

describe('billing info a paid plan can be invoiced with', () => {
  it('needs company, address and email, and their kana in Japan', () => {
    expect(billingInfoComplete('jpn', info)).toBe(true);
    expect(billingInfoComplete('jpn', { ...info, address_kana: '' })).toBe(false);
    expect(billingInfoComplete('usa', { ...info, company_kana: '', address_kana: '' })).toBe(true);
    expect(billingInfoComplete('usa', { ...info, email: ' ' })).toBe(false);
    expect(billingInfoComplete('usa', null)).toBe(false);
  });

  it('issue 22: in Japan, kana given in hiragana, half-width katakana or Latin letters is not complete (the form refuses them too)', () => {
    expect(billingInfoComplete('jpn', { ...info, company_kana: 'でもしょうじ' })).toBe(false);
    expect(billingInfoComplete('jpn', { ...info, address_kana: 'ﾄｳｷｮｳﾄ' })).toBe(false);
    expect(billingInfoComplete('jpn', { ...info, division_kana: 'Keiri' })).toBe(false);
    expect(billingInfoComplete('jpn', { ...info, company_kana: 'デモ・ショウジ　カブシキガイシャ', address_kana: 'マルノウチ１－１－１（ビル）' })).toBe(true);
  });
});
