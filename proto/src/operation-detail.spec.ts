import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './enums.js';
import { isMessageKey, MESSAGES } from './messages.js';
import { describeOperationDetail, OPERATION_DETAIL_FIELDS, OPERATION_DETAIL_REASONS, type DetailContext } from './operation-detail.js';

const en: DetailContext = { language: 'en-us', timeZone: 'America/New_York', region: 'usa' };
const ja: DetailContext = { language: 'ja-jp', timeZone: 'Asia/Tokyo', region: 'jpn' };

describe('operation-log details in words', () => {
  it('labels every field and reason the services record, in every language', () => {
    for (const field of OPERATION_DETAIL_FIELDS) expect(isMessageKey(`detail.field.${field}`), field).toBe(true);
    for (const reason of OPERATION_DETAIL_REASONS) expect(isMessageKey(`detail.reason_value.${reason}`), reason).toBe(true);
    for (const language of LANGUAGES) expect(Object.keys(MESSAGES[language]).filter((k) => k.startsWith('detail.')).length).toBeGreaterThan(60);
  });

  it('writes settings changes as words, not true → false or 24h → 7d', () => {
    expect(describeOperationDetail('mfa_setting_changed', { before: { enabled: false, validity: '24h' }, after: { enabled: true, validity: '7d' }, ip: '127.0.0.1' }, en))
      .toEqual(['Email authentication: Off → On', 'Remember the browser for: 24 hours → 7 days', 'IP address: 127.0.0.1']);
    expect(describeOperationDetail('ip_setting_changed', { before: { enabled: true }, after: { enabled: false } }, ja)).toEqual(['IP制限：オン → オフ']);
    expect(describeOperationDetail('ip_setting_changed', { before: { addresses: ['10.0.0.1'] }, after: { addresses: ['10.0.0.1', '192.0.2.0/24'] } }, en))
      .toEqual(['Allowed addresses: 10.0.0.1 → 10.0.0.1, 192.0.2.0/24']);
    expect(describeOperationDetail('proxy_login_setting_changed', { before: { partner_allowed: true }, after: { partner_allowed: false } }, en))
      .toEqual(['Support login by the agency: Allowed → Not allowed']);
  });

  it('names products by their brand and authorities in the reader\'s language', () => {
    expect(describeOperationDetail('product_login', { product: 'bownow', proxy: false }, en)).toEqual(['Product: BowNow']);
    expect(describeOperationDetail('product_login', { product: 'bownow', proxy: true }, ja)).toEqual(['製品：BowNow', 'サポートログインから']);
    expect(describeOperationDetail('services_changed', { email: 'a@example.com', before: ['bownow'], after: ['bownow', 'creca'] }, en))
      .toEqual(['Email: a@example.com', 'Services: BowNow → BowNow, CREKA']);
    expect(describeOperationDetail('services_changed', { before: ['actibook'], after: [] }, ja)).toEqual(['利用サービス：ActiBook → なし']);
    expect(describeOperationDetail('services_changed', { before: [], after: ['bownow', 'lpbuilder'] }, ja)).toEqual(['利用サービス：なし → BowNow、LP Builder']);
    expect(describeOperationDetail('authority_changed', { before: 'admin', after: 'user' }, ja)).toEqual(['権限：管理者 → ユーザー']);
    expect(describeOperationDetail('account_invited', { email: 'x@example.com', authority: 'owner' }, en)).toEqual(['Email: x@example.com', 'Authority: Owner']);
  });

  it('writes names in the reader\'s region\'s order, and keeps a name recorded as text', () => {
    const detail = { before: { family_name: 'Smith', given_name: 'Alex' }, after: { family_name: 'Smyth', given_name: 'Alex' } };
    expect(describeOperationDetail('account_name_changed', detail, en)).toEqual(['Name: Alex Smith → Alex Smyth']);
    expect(describeOperationDetail('account_name_changed', detail, ja)).toEqual(['氏名：Smith Alex → Smyth Alex']);
    expect(describeOperationDetail('account_name_changed', { before: '山田 太郎', after: '山田 次郎' }, ja)).toEqual(['氏名：山田 太郎 → 山田 次郎']);
  });

  it('lists a profile change field by field, with language names', () => {
    const detail = { fields: ['given_name', 'language'], before: { given_name: 'Alex', language: 'en-us' }, after: { given_name: 'Al', language: 'ja-jp' } };
    expect(describeOperationDetail('profile_changed', detail, en)).toEqual(['Given name: Alex → Al', 'Language: English → 日本語']);
  });

  it('says why a login failed and until when an account is locked, in the zone', () => {
    expect(describeOperationDetail('login_failed', { reason: 'password', failures: 3 }, en)).toEqual(['Reason: wrong password', '3 failed attempts in a row']);
    expect(describeOperationDetail('lockout', { until: '2026-11-24T05:57:00.000Z', failures: 5 }, ja)).toEqual(['連続失敗回数：5', '2026/11/24 14:57 JSTまでロック']);
    expect(describeOperationDetail('support_session_ended', { actor: 'Hanako Dairi (Demo Agency)', reason: 'denied' }, en))
      .toEqual(['Reason: This client does not permit support login.', 'By: Hanako Dairi (Demo Agency)']);
  });

  it('names the company fields that changed, and the support actor unless the reader sees it elsewhere', () => {
    expect(describeOperationDetail('company_changed', { fields: ['company_name', 'logo'] }, ja)).toEqual(['変更した項目：会社名、ロゴ']);
    expect(describeOperationDetail('proxy_login', { actor: 'Hanako', actor_kind: 'partner' }, en)).toEqual(['By: Hanako (agency)']);
    expect(describeOperationDetail('proxy_login', { actor: 'Hanako', actor_kind: 'partner' }, { ...en, hide: ['actor'] })).toEqual([]);
    expect(describeOperationDetail('account_invited', { email: 'x@example.com', support: true, actor: 'Hanako' }, { ...en, hide: ['actor'] })).toEqual(['Email: x@example.com']);
  });

  it('shows a key it does not know as key: value, and nothing for an empty detail', () => {
    expect(describeOperationDetail('login', {}, en)).toEqual([]);
    expect(describeOperationDetail('future_thing', { colour: 'blue', flag: true, nested: { a: 1 } }, en)).toEqual(['colour: blue', 'flag: On', 'nested: {"a":1}']);
  });
});

describe('issue 10, slice A: licence and domain details in words', () => {
  it('says what was started, until when, and which products a domain linked or kept', () => {
    expect(describeOperationDetail('trial_started', { product: 'bownow', licence_kind: 'trial', trial_ends_on: '2027-02-03', terms_agreed: true }, en))
      .toEqual(['Product: BowNow', 'License: free trial', 'Trial ends on: 2027-02-03', 'Agreed to the terms of use']);
    expect(describeOperationDetail('service_started', { product: 'cocoar', licence_kind: 'free', terms_agreed: true }, ja))
      .toEqual(['製品：COCOAR', 'ライセンス：無料プラン', '利用規約に同意']);
    expect(describeOperationDetail('domain_unlinked', { domain: 'shop.example.com', products: ['actibook', 'cocoar'], kept: ['cocoar'] }, en))
      .toEqual(['Domain: shop.example.com', 'Products: ActiBook, COCOAR', 'Kept on the free plan: COCOAR']);
  });
});

describe('issue 25: a published terms version in words', () => {
  it('names the document, language, version and change, and not the row id', () => {
    expect(describeOperationDetail('terms.version_published', { document: 'privacy', language: 'ja-jp', version: 3, change: 'major', terms_id: '6f1c0d3e-0000-4000-8000-000000000001' }, ja))
      .toEqual(['文書：プライバシーポリシー', '言語：日本語', '版：3', '変更の種類：重要な変更（次回ログイン時に同意）']);
  });
});
