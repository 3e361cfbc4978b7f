import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../scripts/seed.js';
import { sandboxToken } from '../../services/billing/src/payment/gateway/sandbox.adapter.js';
import { Agent } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

/** Issue 11, slice A: billing info, payment methods, card registration with the sandbox gateway and 3-D Secure. */
describe('billing info and card payment methods (issue 11, slice A)', () => {
  let portal: TestPortal;
  let owner: Agent;
  let admin: Agent;
  let user: Agent;
  const jpnBilling = 'jpn_billing';
  const cardRows = async () => portal.db.query<{ masked_number: string; status: string; expiry_year: number }>(
    `SELECT masked_number, status, expiry_year FROM ${jpnBilling}.card_references WHERE client_uuid = $1 ORDER BY created_at`, [DEMO_IDS.client]);
  const method = async () => (await portal.db.query<{ method: string; card_reference_id: string | null }>(
    `SELECT method, card_reference_id FROM ${jpnBilling}.payment_methods WHERE client_uuid = $1`, [DEMO_IDS.client]))[0];
  const card = (number: string, extra: Record<string, unknown> = {}) => ({
    token: sandboxToken(number), masked_number: `${number.slice(0, 6)}******${number.slice(-4)}`, holder_name: 'ICHIRO YAMADA', expiry_month: 12, expiry_year: 2031, ...extra,
  });
  const logs = (operation: string) => portal.db.query<{ detail: Record<string, unknown> }>(
    'SELECT detail FROM jpn_usage_log.operation_logs WHERE operation = $1 ORDER BY occurred_at', [operation]);

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    admin = new Agent(portal);
    await admin.login('admin@example.com', 'Admin#2026');
    user = new Agent(portal);
    await user.login('user@example.com', 'User#2026');
  });
  afterAll(async () => {
    await portal?.close();
  });

  const ROUTES: [string, string, unknown?][] = [
    ['GET', '/v1/client/billing'], ['PUT', '/v1/client/billing', {}], ['GET', '/v1/payment'], ['PUT', '/v1/payment', { method: 'credit_card' }],
    ['GET', '/v1/gmo_js'], ['POST', '/v1/gmo_auth', {}], ['POST', '/v1/gmo_secure_tran', { order_id: 'x' }], ['GET', '/v1/gmo'], ['POST', '/v1/check_payment', {}],
  ];

  it('refuses every billing and payment call to a user, a partner in the client area and a client under a reseller', async () => {
    for (const [m, path, body] of ROUTES) expect([m, path, (await user.call(m, path, body)).status]).toEqual([m, path, 403]);
    const partner = new Agent(portal);
    await partner.login('partner@example.com', 'Partner#2026');
    const issued = await partner.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.client });
    const support = new Agent(portal);
    await support.call('POST', '/v1/proxy_login', { access_token: decodeURIComponent(issued.body.result.url.split('/proxy_login/')[1]) });
    for (const [m, path, body] of ROUTES) expect([m, path, (await support.call(m, path, body)).status]).toEqual([m, path, 403]);
    await portal.db.query(`UPDATE jpn_identity.tenants SET contract_type = 'reseller' WHERE uuid = '${DEMO_IDS.client}'`);
    try {
      for (const [m, path, body] of ROUTES) expect([m, path, (await owner.call(m, path, body)).status]).toEqual([m, path, 403]);
    } finally {
      await portal.db.query(`UPDATE jpn_identity.tenants SET contract_type = 'referral' WHERE uuid = '${DEMO_IDS.client}'`);
    }
  });

  it('shows the seeded billing info; an admin changes it, logged with the fields; bad input changes nothing', async () => {
    const got = await admin.call('GET', '/v1/client/billing');
    expect(got.body.result).toMatchObject({ registered: true, kana: true, billing_info: { company_name: 'デモ商事株式会社', email: 'billing@example.com' } });
    const info = { ...got.body.result.billing_info };
    delete info.updated_at;
    const before = await portal.db.query(`SELECT * FROM ${jpnBilling}.billing_infos WHERE client_uuid = $1`, [DEMO_IDS.client]);
    const bad = await admin.call('PUT', '/v1/client/billing', { ...info, company_kana: '', email: 'not-an-email', phone: '03-abc' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.result.errors).sort()).toEqual(['email', 'phone']);
    const noKana = await admin.call('PUT', '/v1/client/billing', { ...info, company_kana: '' });
    expect(noKana.body.result.errors).toEqual({ company_kana: ['会社名（カナ）を入力してください。'] });
    expect(await portal.db.query(`SELECT * FROM ${jpnBilling}.billing_infos WHERE client_uuid = $1`, [DEMO_IDS.client])).toEqual(before);

    const saved = await admin.call('PUT', '/v1/client/billing', { ...info, division: '財務部', email: 'invoices@example.com' });
    expect(saved.body.result).toMatchObject({ registered: true, billing_info: { division: '財務部', email: 'invoices@example.com' } });
    const [entry] = await eventually(async () => { const l = await logs('billing_info_changed'); return l.length ? l : undefined; });
    expect(entry!.detail.fields).toEqual(['division', 'email']);
    // The same values again: nothing written, nothing logged.
    await admin.call('PUT', '/v1/client/billing', { ...info, division: '財務部', email: 'invoices@example.com' });
    await portal.settle();
    expect(await logs('billing_info_changed')).toHaveLength(1);
  });

  it('asks no kana outside Japan, and offers only the card there', async () => {
    const us = new Agent(portal, { host: 'portal.example.com' });
    await us.login('owner-us@example.com', 'OwnerUs#2026');
    const res = await us.call('PUT', '/v1/client/billing', { company_name: 'Demo Corp.', phone: '+1 415 555 0100', address: '1 Market St', email: 'ap@example.com' });
    expect(res.body.result).toMatchObject({ registered: true, kana: false });
    expect((await us.call('GET', '/v1/payment')).body.result).toMatchObject({ method: null, available: ['credit_card'], card: null });
    expect((await us.call('POST', '/v1/check_payment', {})).body.result).toMatchObject({ ok: false, method: null });
  });

  it('registers the success card without a challenge, replacing the seeded card, and keeps only the masked number', async () => {
    expect((await owner.call('GET', '/v1/payment')).body.result).toMatchObject({ method: 'credit_card', available: ['credit_card', 'bank_transfer', 'direct_debit'], card: { masked_number: '411111******1111' } });
    const js = await owner.call('GET', '/v1/gmo_js');
    expect(js.body.result).toMatchObject({ gateway: 'sandbox', script_url: expect.stringMatching(/\/sandbox\/gmo\/token\.js$/) });
    const script = await portal.call('GET', '/sandbox/gmo/token.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');

    const res = await owner.call('POST', '/v1/gmo_auth', card('4242424242424242'));
    expect(res.body.result).toMatchObject({ status: 'registered' });
    expect((await owner.call('GET', '/v1/gmo')).body.result.card).toMatchObject({ masked_number: '424242******4242', expiry_month: 12, expiry_year: 2031 });
    expect((await cardRows()).map((r) => r.status)).toEqual(['replaced', 'active']);
    const stored = JSON.stringify(await portal.db.query(`SELECT * FROM ${jpnBilling}.card_references`));
    expect(stored).not.toContain('4242424242424242');
    const [entry] = await eventually(async () => { const l = await logs('payment_method_changed'); return l.length ? l : undefined; });
    expect(entry!.detail).toMatchObject({ before: { payment_method: 'credit_card' }, after: { payment_method: 'credit_card' }, card_replaced: true });
    expect((await owner.call('POST', '/v1/check_payment', {})).body.result).toEqual(expect.objectContaining({ ok: true, method: 'credit_card' }));
    expect((await owner.call('PUT', '/v1/payment', { method: 'credit_card' })).body.result.method).toBe('credit_card');
  });

  it('refuses an expired card, a used token and the decline card with the spec\'s messages, changing nothing', async () => {
    const before = { cards: await cardRows(), method: await method() };
    const expired = await owner.call('POST', '/v1/gmo_auth', card('4111111111111111', { expiry_month: 1, expiry_year: 2020 }));
    expect(expired.status).toBe(422);
    expect(expired.body.result.errors).toEqual({ expiry_month: ['カードの有効期限が切れています。有効なカードを入力してください。'] });
    const badHolder = await owner.call('POST', '/v1/gmo_auth', card('4111111111111111', { holder_name: '山田', masked_number: '4111' }));
    expect(Object.keys(badHolder.body.result.errors).sort()).toEqual(['holder_name', 'masked_number']);

    const once = card('4111111111111111');
    expect((await owner.call('POST', '/v1/gmo_auth', once)).body.result.status).toBe('registered');
    const afterFirst = { cards: await cardRows(), method: await method() };
    const reused = await owner.call('POST', '/v1/gmo_auth', once);
    expect(reused.status).toBe(422);
    expect(reused.body.result.errors.token[0]).toContain('もう一度カード番号とセキュリティコードを入力してください');
    const declined = await owner.call('POST', '/v1/gmo_auth', card('4000000000000002'));
    expect(declined.status).toBe(422);
    expect(declined.body.result.access_status.message).toContain('カードの登録に失敗しました');
    expect({ cards: await cardRows(), method: await method() }).toEqual(afterFirst);
    expect(afterFirst.cards.length).toBe(before.cards.length + 1);
  });

  it('sends the challenge card through the sandbox 3-D Secure page and registers it only when authenticated', async () => {
    const failed = await owner.call('POST', '/v1/gmo_auth', card('4100000000000100'));
    expect(failed.body.result).toMatchObject({ status: 'challenge' });
    const redirect: string = failed.body.result.redirect_url;
    // GMO's RedirectUrl shape: the encoded return URL, then an unescaped &t=.
    expect(redirect).toMatch(/\/sandbox\/gmo\/challenge\?ret=[^&]+&t=\w+$/);
    const page = await portal.call('GET', redirect.slice(redirect.indexOf('/sandbox/')), { host: new URL(redirect).host });
    expect(page.status).toBe(200);
    expect(page.body).toContain('3-D Secure challenge');
    const activeBefore = (await owner.call('GET', '/v1/gmo')).body.result.card;
    const refused = await owner.call('POST', '/v1/gmo_secure_tran', { order_id: failed.body.result.order_id, callback: { cres: 'N' } });
    expect(refused.status).toBe(422);
    expect((await owner.call('GET', '/v1/gmo')).body.result.card).toEqual(activeBefore);

    const started = await owner.call('POST', '/v1/gmo_auth', card('4100000000000100', { expiry_year: 2035 }));
    const orderId = started.body.result.order_id;
    // Another client's session cannot complete this client's check (tenancy from the principal).
    const us = new Agent(portal, { host: 'portal.example.com' });
    await us.login('owner-us@example.com', 'OwnerUs#2026');
    expect((await us.call('POST', '/v1/gmo_secure_tran', { order_id: orderId, callback: { cres: 'Y' } })).status).toBe(422);
    const done = await owner.call('POST', '/v1/gmo_secure_tran', { order_id: orderId, callback: { cres: 'Y' } });
    expect(done.body.result).toMatchObject({ status: 'registered', card: { masked_number: '410000******0100', expiry_year: 2035 } });
    expect((await owner.call('GET', '/v1/gmo')).body.result.card).toMatchObject({ masked_number: '410000******0100' });
    const again = await owner.call('POST', '/v1/gmo_secure_tran', { order_id: orderId, callback: { cres: 'Y' } });
    expect(again.status).toBe(422);
    expect((await cardRows()).filter((r) => r.status === 'active')).toHaveLength(1);
  });
});
