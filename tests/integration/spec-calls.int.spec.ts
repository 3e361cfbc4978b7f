import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAW_PAGE_URL_ID } from '@portal/proto';
import { ManualClock } from '@portal/service-common/clock';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent, mailTo } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 22 item 9: the last calls of spec §7 under their spec names (the earlier paths stay as
 * aliases), the plan flow's real payment state from billing, and the auth info's
 * `sidebar_law_url` and `gmo_token_link`.
 */
describe('spec §7 calls and auth-info fields', () => {
  let portal: TestPortal;
  let owner: Agent;
  const clock = new ManualClock(new Date('2026-12-10T01:00:00Z'));

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock });
    owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('POST /v1/user/account_mail applies an email change from the mailed link (PUT /v1/account_mail_update still does)', async () => {
    const uuid = (await portal.db.query<{ uuid: string }>('SELECT uuid FROM jpn_identity.accounts WHERE email = $1', ['user@example.com']))[0]!.uuid;
    const edit = async (email: string) => {
      const { family_name, given_name, authority, products } = (await owner.call('GET', `/v1/user?uuid=${uuid}`)).body.result;
      expect((await owner.call('PUT', '/v1/user', { uuid, family_name, given_name, authority, products, email })).status).toBe(200);
      const m = (await mailTo(portal, email, /account_mail_update/)).text.match(/account_mail_update\/([0-9a-f-]{36})\/(\S+)/)!;
      return { user_uuid: m[1]!, access_token: m[2]! };
    };
    const applied = await new Agent(portal).call('POST', '/v1/user/account_mail', await edit('spec-name@example.com'));
    expect(applied.body.result).toMatchObject({ access_status: { code: 20000 }, email: 'spec-name@example.com' });
    const alias = await new Agent(portal).call('PUT', '/v1/account_mail_update', await edit('alias-path@example.com'));
    expect(alias.body.result).toMatchObject({ access_status: { code: 20000 }, email: 'alias-path@example.com' });
    expect((await portal.db.query('SELECT email FROM jpn_identity.accounts WHERE uuid = $1', [uuid]))[0]).toEqual({ email: 'alias-path@example.com' });
  });

  describe('GET /v1/plan/billingPayment and GET /v1/plan/check_plan_billing_payment answer billing\'s real state', () => {
    const state = async (agent: Agent) => ({
      state: (await agent.call('GET', '/v1/plan/billingPayment')).body.result,
      check: (await agent.call('GET', '/v1/plan/check_plan_billing_payment')).body.result,
    });

    it('a client with billing info and a registered card needs no payment step', async () => {
      const { state: s, check } = await state(owner);
      expect(s).toMatchObject({
        payment_required: false, registered: true, billing_info: true, billed_by_reseller: false,
        payment_method: { method: 'credit_card', label: '411111******1111' },
      });
      expect(check).toMatchObject({ ok: true, missing: [], billed_by_reseller: false });
    });

    it('a client without a method (the US demo) needs it; an expired card or kana missing in Japan count as missing', async () => {
      const us = new Agent(portal, { host: 'portal.example.com' });
      await us.login('owner-us@example.com', 'OwnerUs#2026');
      const { state: s, check } = await state(us);
      expect(s).toMatchObject({ payment_required: true, registered: false, billing_info: true, payment_method: null });
      expect(check).toMatchObject({ ok: false, missing: ['payment_method'] });

      await portal.db.query('UPDATE jpn_billing.card_references SET expiry_year = 2026, expiry_month = 11 WHERE client_uuid = $1', [DEMO_IDS.client]);
      await portal.db.query("UPDATE jpn_billing.billing_infos SET address_kana = '' WHERE client_uuid = $1", [DEMO_IDS.client]);
      expect((await state(owner)).check).toMatchObject({ ok: false, missing: ['billing_info', 'payment_method'] });
      // December 2026 is still inside a card that expires 12/2026.
      await portal.db.query('UPDATE jpn_billing.card_references SET expiry_month = 12 WHERE client_uuid = $1', [DEMO_IDS.client]);
      await portal.db.query("UPDATE jpn_billing.billing_infos SET address_kana = 'トウキョウト' WHERE client_uuid = $1", [DEMO_IDS.client]);
      expect((await state(owner)).check).toMatchObject({ ok: true, missing: [] });
    });

    it('a confirmed bank transfer is a usable method in Japan', async () => {
      // What an operator's confirmation of a request leaves (issue 11, slice B): the client's method.
      await portal.db.query(
        `UPDATE jpn_billing.payment_methods SET method = 'bank_transfer', card_reference_id = NULL, details = '{"bank_name":"みずほ銀行"}'::jsonb WHERE client_uuid = $1`, [DEMO_IDS.client]);
      expect((await state(owner)).state).toMatchObject({ payment_required: false, payment_method: { method: 'bank_transfer', label: 'みずほ銀行' } });
    });

    it('is the plan pages\' call: a user may not ask', async () => {
      const user = new Agent(portal);
      // The demo user, under whatever address the first test left it.
      const email = (await portal.db.query<{ email: string }>("SELECT email FROM jpn_identity.accounts WHERE uuid = '0b9f3c5e-7a1d-4c2e-9f00-00000000a005'"))[0]!.email;
      expect((await user.login(email, 'User#2026')).status).toBe(200);
      expect((await user.call('GET', '/v1/plan/check_plan_billing_payment')).status).toBe(403);
    });
  });

  describe('GET /v1/user-auth', () => {
    it('answers sidebar_law_url from the terms-and-conditions URLs and gmo_token_link from the payment gateway', async () => {
      const auth = (await owner.call('GET', '/v1/user-auth')).body.result;
      expect(auth.sidebar_law_url).toBe('https://example.com/law');
      const script = (await owner.call('GET', '/v1/gmo_js')).body.result.script_url as string;
      expect(script).toMatch(/\/sandbox\/gmo\/token\.js$/);
      expect(auth.gmo_token_link).toBe(script);
    });

    it('follows an operator\'s edit of the law page\'s address within a minute', async () => {
      const operator = new Agent(portal);
      await operator.login('operator@example.com', 'Operator#2026');
      const saved = await operator.call('PUT', '/v1/operator/terms_urls', { id: LAW_PAGE_URL_ID, title: '特定商取引法に基づく表記', url: 'https://example.com/legal/tokushoho' });
      expect(saved.body.result.access_status.code).toBe(20000);
      clock.advance(61_000);
      expect((await owner.call('GET', '/v1/user-auth')).body.result.sidebar_law_url).toBe('https://example.com/legal/tokushoho');
    });
  });
});
