import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@portal/service-common/clock';
import { PRODUCT_IDS, REGION_PROFILES, renderMessage } from '@portal/proto';
import { registerPayment } from '../support/payment.js';
import { Agent, mailTo } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 22, points 3 and 4 through /v1: every product offered reachable from the services list,
 * one trial per product per client ever (through unlink, the free plan, a deleted licence, and
 * ten concurrent starts), a trial carried on by a paid plan applied for during it until the plan
 * starts, running trials on /plan/list; admins refused before the work, and the withdrawal of an
 * application under review (mail, operation log, gone from the operator's list).
 */
describe('trials that lead to a plan, and clear refusals (issue 22)', () => {
  let portal: TestPortal;
  // 10:00 JST on 2027-01-20.
  const clock = new ManualClock(new Date('2027-01-20T10:00:00+09:00'));
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock, env: { LICENCE_DOMAIN_RESOLVER: 'sandbox' } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  const rows = <R extends Record<string, unknown>>(sql: string, values: unknown[]) => portal.db.query<R>(sql, values);
  const operations = (client: string, operation: string) =>
    rows<{ detail: Record<string, unknown> }>('SELECT detail FROM jpn_usage_log.operation_logs WHERE client_uuid = $1 AND operation = $2', [client, operation]);
  const ids = (list: { in_use: { id: string }[]; available: { id: string }[] }) => [...list.in_use, ...list.available].map((s) => s.id);

  /** A company that signs up now (jpn), logged in as its owner. */
  async function signUp(email: string, company: string) {
    const anon = new Agent(portal);
    expect((await anon.call('POST', '/v1/signup/temporary', { email, terms_agreed: true })).body.result.access_status.code).toBe(20000);
    const token = (await mailTo(portal, email, /signup\//)).text.match(/signup\/([\w-]+)\/1/)![1]!;
    const done = await anon.call('POST', '/v1/client/register', {
      access_token: token, company_name: company, phone: '03-1234-5678', family_name: '試用', given_name: '太郎',
      password: 'Trial#2026x', password_confirm: 'Trial#2026x', terms_agreed: true, privacy_agreed: true,
      // The registration survey (spec §3 Client), required at full registration since issue 22 item 10.
      position: 'manager', division: 'marketing', industry: 'information_communications', sub_industry: 'software_it_services', employees: '31-50', budget: 'yen_1m_10m',
    });
    expect(done.body.result.access_status.code).toBe(20000);
    // The company reaches licence by an event: let it arrive before the plan calls.
    await portal.settle();
    const client = (await rows<{ tenant_uuid: string }>('SELECT tenant_uuid FROM jpn_identity.accounts WHERE email = $1', [email]))[0]!.tenant_uuid;
    return { owner: anon, client };
  }
  /** Logs in again (a session does not outlive the days the clock moves). */
  async function again(email: string, password = 'Trial#2026x') {
    const agent = new Agent(portal);
    expect((await agent.login(email, password)).status).toBe(200);
    return agent;
  }
  const start = (agent: Agent, product: string, kind: 'trial' | 'free' = 'trial') => agent.call('POST', '/v1/product/start', { product, kind, terms_agreed: true });

  describe('point 3: trials', () => {
    it('the services list answers every product the region offers, so every one is reachable (Japan 15, US 13)', async () => {
      const owner = await again('owner@example.com', 'Owner#2026');
      const jp = (await owner.call('GET', '/v1/product/new_list')).body.result;
      expect(ids(jp).sort()).toEqual([...REGION_PROFILES.jpn.products].sort());
      // The three the 12-card cut left on no tab.
      for (const id of ['lpbuilder', 'crowdbooth', 'metabadge']) expect(ids(jp)).toContain(id);
      expect(jp.available.find((s: { id: string }) => s.id === 'metabadge')).toMatchObject({ tags: ['fan_marketing', 'btoc'], free_plan: true });
      const us = new Agent(portal, { host: 'portal.example.com' });
      await us.login('owner-us@example.com', 'OwnerUs#2026');
      const en = (await us.call('GET', '/v1/product')).body.result;
      expect(ids(en).sort()).toEqual([...REGION_PROFILES.usa.products].sort());
      expect(ids(en)).toHaveLength(PRODUCT_IDS.length - 2);
    });

    it('one trial per product, ever: not again after the free plan and unlink, nor after the licence row is deleted', async () => {
      const { owner, client } = await signUp('reset-owner@example.jp', 'リセット商事株式会社');
      expect((await start(owner, 'cocoar')).body.result).toMatchObject({ licence: 'trial', trial_ends_on: '2027-02-02' });
      // Take the free plan (unlink keeping the product), then let the licence go (unlink without keeping it).
      expect((await owner.call('POST', '/v1/product/link', { domain: 'reset.example.jp', products: ['cocoar'] })).status).toBe(200);
      expect((await owner.call('DELETE', '/v1/product/link?domain=reset.example.jp&keep=cocoar')).status).toBe(200);
      expect((await rows('SELECT kind FROM jpn_licence.licences WHERE client_uuid = $1 AND product = $2', [client, 'cocoar']))[0]).toEqual({ kind: 'free' });
      expect((await owner.call('POST', '/v1/product/link', { domain: 'reset.example.jp', products: ['cocoar'] })).status).toBe(200);
      expect((await owner.call('DELETE', '/v1/product/link?domain=reset.example.jp')).status).toBe(200);

      const listed = (await owner.call('GET', '/v1/product/new_list')).body.result;
      expect(listed.available.find((s: { id: string }) => s.id === 'cocoar')).toMatchObject({ state: 'available', trial_days: null, free_plan: true });
      const second = await start(owner, 'cocoar');
      expect(second.status).toBe(422);
      expect(second.body.result.errors.product).toEqual([renderMessage('ja-jp', 'product.trial_used', { product: 'COCOAR' })]);
      // The free plan can still be started again.
      expect((await start(owner, 'cocoar', 'free')).body.result).toMatchObject({ licence: 'free' });

      await rows('DELETE FROM jpn_licence.licences WHERE client_uuid = $1 AND product = $2', [client, 'cocoar']);
      expect((await start(owner, 'cocoar')).body.result.errors.product).toEqual([renderMessage('ja-jp', 'product.trial_used', { product: 'COCOAR' })]);
      expect(await rows('SELECT product, to_char(ends_on, \'YYYY-MM-DD\') AS ends_on FROM jpn_licence.trials WHERE client_uuid = $1', [client]))
        .toEqual([{ product: 'cocoar', ends_on: '2027-02-02' }]);
      await portal.settle();
      expect(await operations(client, 'trial_started')).toHaveLength(1);
    });

    it('ten concurrent starts for a new company give one trial, one operation-log entry and one mail', async () => {
      const { owner, client } = await signUp('race-owner@example.jp', '同時商事株式会社');
      const answers = await Promise.all(Array.from({ length: 10 }, () => start(owner, 'bownow')));
      const codes = answers.map((a) => a.body.result.access_status.code);
      expect(codes.filter((c) => c === 20000)).toHaveLength(1);
      expect(codes.filter((c) => c === 40011)).toHaveLength(9);
      for (const refused of answers.filter((a) => a.status === 422)) {
        expect(refused.body.result.errors.product).toEqual([renderMessage('ja-jp', 'product.already_started', { product: 'BowNow' })]);
      }
      await portal.settle();
      expect(await rows('SELECT count(*)::int AS n FROM jpn_licence.trials WHERE client_uuid = $1', [client])).toEqual([{ n: 1 }]);
      expect(await rows('SELECT count(*)::int AS n FROM jpn_licence.licences WHERE client_uuid = $1', [client])).toEqual([{ n: 1 }]);
      expect(await operations(client, 'trial_started')).toHaveLength(1);
      const subject = renderMessage('ja-jp', 'mail.trial_started.subject', { product: 'BowNow' });
      expect(portal.mailbox.messages({ to: 'race-owner@example.jp' }).filter((m) => m.subject === subject)).toHaveLength(1);
      // The owner's account got the product once, and opens it.
      expect((await owner.call('POST', '/v1/product/sso_login', { product: 'bownow' })).body.result.access_status.code).toBe(20000);
    });

    it('a paid plan applied for during the trial keeps the product usable until the plan starts; /plan/list shows the trial', async () => {
      const email = 'bridge-owner@example.jp';
      const { owner, client } = await signUp(email, '継続商事株式会社');
      // A 7-day LP Builder trial from 2027-01-20: live through 2027-01-26.
      expect((await start(owner, 'lpbuilder')).body.result).toMatchObject({ licence: 'trial', trial_ends_on: '2027-01-26' });
      const listed = (await owner.call('GET', '/v1/plan/client-list')).body.result;
      expect(listed.trials, JSON.stringify(listed)).toEqual([{ product: 'lpbuilder', trial_ends_on: '2027-01-26', paid_from: null }]);

      // On 2027-01-22 (by the 25th) the owner applies for the basic plan: from 2027-02-01 once allowed.
      clock.set(new Date('2027-01-22T10:00:00+09:00'));
      const applicant = await again(email);
      await registerPayment(applicant);
      const found = (await applicant.call('POST', '/v1/plan/corporateNumberSearch', { corporate_name: 'デモ商事株式会社' })).body.result;
      const applied = await applicant.call('POST', '/v1/plan/apply', {
        product: 'lpbuilder', plan_id: 'lpbuilder_basic', option_ids: [], terms_agreed: true, privacy_agreed: true,
        contract: { contract_kind: 'corporation', corporate_name: '継続商事株式会社', search_id: found.search_id, corporate_number: found.candidates[0].corporate_number, representative: '試用 太郎' },
      });
      expect(applied.body.result).toMatchObject({ status: 'reviewing', preview: { effective_from: '2027-02-01' } });

      // The trial's last day passes (and the daily job ends it) while the review is pending: still usable.
      clock.set(new Date('2027-01-27T10:00:00+09:00'));
      const licence = portal.services.find((s) => s.name === 'licence')!;
      expect(((await licence.runJob('licence-trial-mails')) as { ended: number }).ended).toBeGreaterThanOrEqual(1);
      let day = await again(email);
      expect((await day.call('POST', '/v1/product/sso_login', { product: 'lpbuilder' })).body.result.access_status.code).toBe(20000);
      const services = (await day.call('GET', '/v1/product/new_list')).body.result;
      expect(services.in_use.find((s: { id: string }) => s.id === 'lpbuilder')).toMatchObject({ state: 'in_use', licence: 'trial', trial_ends_on: '2027-01-26', paid_from: '2027-02-01' });

      // The operator allows it on the 27th: by the 25th rule it starts on 2027-03-01; the product stays usable until then.
      const operator = await again('operator@example.com', 'Operator#2026');
      const id = applied.body.result.application_id;
      expect((await operator.call('POST', '/v1/operator/plan_applications/allow', { id, region: 'jpn' })).body.result).toMatchObject({ effective_from: '2027-03-01' });
      clock.set(new Date('2027-02-28T23:59:00+09:00'));
      day = await again(email);
      expect((await day.call('POST', '/v1/product/sso_login', { product: 'lpbuilder' })).body.result.access_status.code).toBe(20000);
      expect((await day.call('GET', '/v1/plan/client-list')).body.result.trials).toEqual([{ product: 'lpbuilder', trial_ends_on: '2027-01-26', paid_from: '2027-03-01' }]);
      clock.set(new Date('2027-03-01T00:00:00+09:00'));
      day = await again(email);
      expect((await day.call('GET', '/v1/product/list')).body.result.products).toEqual([{ id: 'lpbuilder', kind: 'landing_page_builder', plan: 'paid' }]);
      expect((await day.call('GET', '/v1/plan/client-list')).body.result.trials).toEqual([]);
      expect((await operations(client, 'trial_ended')).length).toBe(1);
      clock.set(new Date('2027-01-20T10:00:00+09:00'));
    });

    it('without a paid plan applied for during the trial, the product stops the day after its last day', async () => {
      const email = 'nobridge-owner@example.jp';
      const { owner } = await signUp(email, '終了商事株式会社');
      expect((await start(owner, 'lpbuilder')).body.result).toMatchObject({ trial_ends_on: '2027-01-26' });
      clock.set(new Date('2027-01-27T00:00:00+09:00'));
      const day = await again(email);
      expect((await day.call('POST', '/v1/product/sso_login', { product: 'lpbuilder' })).body.result.access_status)
        .toEqual({ code: 40400, message: renderMessage('ja-jp', 'licence.trial_ended', { product: 'LP Builder' }) });
      expect((await day.call('GET', '/v1/plan/client-list')).body.result.trials).toEqual([]);
      clock.set(new Date('2027-01-20T10:00:00+09:00'));
    });
  });

  describe('point 4: refusals before the work, and withdrawing an application', () => {
    it('an admin is refused plan change at the first step, with the explanation a user gets', async () => {
      const admin = await again('admin@example.com', 'Admin#2026');
      const explanation = renderMessage('ja-jp', 'plan.user_level');
      expect((await admin.call('GET', '/v1/plan/modify_check')).body.result).toMatchObject({ allowed: false, paid_allowed: false, reason: 'user_level' });
      expect((await admin.call('GET', '/v1/plan/client-list')).body.result.eligibility).toEqual({ allowed: false, paid_allowed: false, reason: 'user_level' });
      const search = await admin.call('POST', '/v1/plan/corporateNumberSearch', { corporate_name: 'デモ商事株式会社' });
      expect(search.body.result.access_status).toEqual({ code: 40011, message: explanation });
      const preview = await admin.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_pro', option_ids: [] });
      expect(preview.body.result.access_status).toEqual({ code: 40011, message: explanation });
      const user = await again('user@example.com', 'User#2026');
      expect((await user.call('GET', '/v1/plan/modify_check')).body.result.reason).toBe('user_level');
    });

    it('the owner withdraws its application under review: mailed, logged, out of review and of the operator\'s list, once', async () => {
      const email = 'withdraw-owner@example.jp';
      const { owner, client } = await signUp(email, '撤回商事株式会社');
      await registerPayment(owner);
      const found = (await owner.call('POST', '/v1/plan/corporateNumberSearch', { corporate_name: 'デモ商事株式会社' })).body.result;
      const applied = await owner.call('POST', '/v1/plan/apply', {
        product: 'bownow', plan_id: 'bownow_pro', option_ids: [], terms_agreed: true, privacy_agreed: true,
        contract: { contract_kind: 'corporation', corporate_name: '撤回商事株式会社', search_id: found.search_id, corporate_number: found.candidates[0].corporate_number, representative: '試用 太郎' },
      });
      const id = applied.body.result.application_id as string;
      const reviewing = (await owner.call('GET', '/v1/plan/client-list')).body.result;
      expect(reviewing).toMatchObject({
        licence_state: 'reviewing',
        pending_application: { id, product: 'bownow', plan_name: 'プロプラン', currency: 'JPY', monthly_amount: 40000, effective_from: '2027-02-01' },
      });
      const operator = await again('operator@example.com', 'Operator#2026');
      const pendingIds = async () => ((await operator.call('GET', '/v1/operator/plan_applications?per_page=100')).body.result.applications as { id: string }[]).map((a) => a.id);
      expect(await pendingIds()).toContain(id);

      // Only the owner withdraws (the policy table): an admin and a user of another client are refused; another client's id is not found.
      expect((await (await again('admin@example.com', 'Admin#2026')).call('POST', '/v1/plan/withdraw', { application_id: id })).status).toBe(403);
      const other = await again('owner@example.com', 'Owner#2026');
      expect((await other.call('POST', '/v1/plan/withdraw', { application_id: id })).body.result.access_status)
        .toEqual({ code: 40011, message: renderMessage('ja-jp', 'plan.application_not_pending') });

      const withdrawn = await owner.call('POST', '/v1/plan/withdraw', { application_id: id });
      expect(withdrawn.body.result).toMatchObject({ access_status: { code: 20000 }, application_id: id, status: 'withdrawn' });
      const after = (await owner.call('GET', '/v1/plan/client-list')).body.result;
      expect(after).toMatchObject({ licence_state: 'normal', pending_application: null, eligibility: { allowed: true, reason: null } });
      expect(after.contracts.find((c: { plan_id: string }) => c.plan_id === 'bownow_pro')).toMatchObject({ status: 'withdrawn', cancel_preview: null });
      expect(await pendingIds()).not.toContain(id);
      expect((await operator.call('POST', '/v1/operator/plan_applications/allow', { id, region: 'jpn' })).body.result.access_status.message)
        .toBe(renderMessage('ja-jp', 'plan.application_not_pending'));
      expect((await owner.call('POST', '/v1/plan/withdraw', { application_id: id })).status).toBe(422);

      await portal.settle();
      const subject = renderMessage('ja-jp', 'mail.plan_application_withdrawn.subject', { product: 'BowNow' });
      const mails = portal.mailbox.messages({ to: email }).filter((m) => m.subject === subject);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('プロプラン');
      expect((await operations(client, 'plan_application_withdrawn')).map((r) => r.detail)).toEqual([expect.objectContaining({ product: 'bownow', plan: 'プロプラン' })]);
      // The company may apply again.
      expect((await owner.call('GET', '/v1/plan/modify_check')).body.result).toMatchObject({ allowed: true, reason: null });
    });
  });
});
