import { expect } from 'vitest';
import { sandboxToken } from '../../services/billing/src/payment/gateway/sandbox.adapter.js';
import type { Agent } from './agent.js';

/** Billing information a client of Japan (with kana) or elsewhere can register. */
export const BILLING_JA = {
  company_name: '試用商事株式会社', company_kana: 'シヨウショウジカブシキガイシャ', division: '経理部', division_kana: 'ケイリブ', phone: '03-1234-5678',
  address: '東京都千代田区丸の内1-1-1', address_kana: 'トウキョウトチヨダクマルノウチ', email: 'billing-e2e@example.jp',
};
export const BILLING_EN = {
  company_name: 'Demo Corp.', company_kana: '', division: '', division_kana: '', phone: '+1 415 555 0100', address: '1 Market St, San Francisco', address_kana: '', email: 'ap-e2e@example.com',
};

/**
 * Issue 22: a paid plan needs billing information and a usable payment method first. Registers
 * both through /v1 as the owner would (the sandbox's success card: no 3-D Secure challenge).
 */
export async function registerPayment(owner: Agent, billing: typeof BILLING_JA | typeof BILLING_EN | null = BILLING_JA, card = '4111111111111111'): Promise<void> {
  if (billing) {
    const info = await owner.call('PUT', '/v1/client/billing', billing);
    expect(info.status, JSON.stringify(info.body)).toBe(200);
  }
  const registered = await owner.call('POST', '/v1/gmo_auth', {
    token: sandboxToken(card), masked_number: `${card.slice(0, 6)}******${card.slice(-4)}`, holder_name: 'TARO SHIYO', expiry_month: 12, expiry_year: 2035,
  });
  expect(registered.body.result, JSON.stringify(registered.body)).toMatchObject({ status: 'registered' });
}
