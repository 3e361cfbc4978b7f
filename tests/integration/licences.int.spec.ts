import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@portal/service-common/clock';
import { renderMessage } from '@portal/proto';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent, mailTo } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 10, slice A over NATS: the catalogue, the services list, starting trials and free
 * licences, the licence check at SSO, the trial-mail job (run now, with a fake clock), and
 * product link with domains (the sandbox resolver).
 */
describe('catalogue, services, trials and licences', () => {
  let portal: TestPortal;
  // 10:00 JST on 2027-01-20: a 15-day bownow trial started now is live through 2027-02-03.
  const clock = new ManualClock(new Date('2027-01-20T01:00:00Z'));
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'nats', clock, env: { LICENCE_DOMAIN_RESOLVER: 'sandbox' } });
    // The seed starts the demo actibook trial on the day it runs; this file's clock is in 2027.
    await portal.db.query(`UPDATE jpn_licence.licences SET trial_ends_on = '2027-03-31' WHERE client_uuid = $1 AND product = 'actibook'`, [DEMO_IDS.client]);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const licence = async (shard: string, client: string, product: string) =>
    (await portal.db.query<{ kind: string; trial_ends_on: string | null; ended_at: Date | null }>(
      `SELECT kind, to_char(trial_ends_on, 'YYYY-MM-DD') AS trial_ends_on, ended_at FROM ${shard}_licence.licences WHERE client_uuid = $1 AND product = $2`, [client, product])).at(0);
  const log = (shard: string, client: string, operation: string) => portal.db.query<{ detail: Record<string, unknown> }>(
    `SELECT detail FROM ${shard}_usage_log.operation_logs WHERE client_uuid = $1 AND operation = $2 ORDER BY occurred_at`, [client, operation]);

  /** A company that signs up now (jpn), logged in as its owner. */
  async function signUp(email: string, company: string) {
    const anon = new Agent(portal);
    expect((await anon.call('POST', '/v1/signup/temporary', { email, terms_agreed: true })).body.result.access_status.code).toBe(20000);
    const token = (await mailTo(portal, email, /signup\//)).text.match(/signup\/([\w-]+)\/1/)![1]!;
    const done = await anon.call('POST', '/v1/client/register', {
      access_token: token, company_name: company, phone: '03-1234-5678', family_name: '新規', given_name: '太郎',
      password: 'Newco#2026x', password_confirm: 'Newco#2026x', terms_agreed: true, privacy_agreed: true,
      position: 'manager', division: 'marketing', industry: 'manufacturing', sub_industry: 'electronics', employees: '11-30', budget: 'yen_1m_10m',
    });
    expect(done.body.result.access_status.code).toBe(20000);
    const client = (await portal.db.query<{ tenant_uuid: string }>('SELECT tenant_uuid FROM jpn_identity.accounts WHERE email = $1', [email]))[0]!.tenant_uuid;
    return { owner: anon, client };
  }

  describe('operator catalogue', () => {
    it('lists the 15 products with kind, regions, trial length and descriptions in seven languages', async () => {
      const operator = new Agent(portal);
      await operator.login('operator@example.com', 'Operator#2026');
      const { products } = (await operator.call('GET', '/v1/operator/products')).body.result;
      expect(products).toHaveLength(15);
      const by = Object.fromEntries(products.map((p: { id: string }) => [p.id, p]));
      expect(by.bownow).toMatchObject({ kind: 'marketing_automation', trial_days: 15, free_plan: false });
      expect(by.bownow.regions).toContain('mys');
      expect(by.lpbuilder).toMatchObject({ trial_days: 7 });
      expect(by.lpbuilder.regions).toEqual(['jpn']);
      expect(by.cmp.regions).toEqual(['jpn']);
      expect(by.actibook.regions).not.toContain('mys');
      expect(Object.keys(by.actibook.descriptions).sort()).toEqual(['en-us', 'ja-jp', 'ms-my', 'th-th', 'vi-vn', 'zh-cn', 'zh-tw']);
    });

    it('edits the trial length; bad input changes nothing; only operators', async () => {
      const operator = new Agent(portal);
      await operator.login('operator@example.com', 'Operator#2026');
      const bad = await operator.call('PUT', '/v1/operator/products', { id: 'lpbuilder', trial_days: 0, regions: ['jpn'], descriptions: {} });
      expect(bad.body.result.access_status.code).toBe(40011);
      expect(Object.keys(bad.body.result.errors)).toEqual(['trial_days']);
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      expect((await owner.call('PUT', '/v1/operator/products', { id: 'lpbuilder', trial_days: 9, regions: ['jpn'], descriptions: {} })).status).toBe(403);
      expect((await portal.db.query('SELECT trial_days FROM global_licence.products WHERE id = $1', ['lpbuilder']))[0]).toEqual({ trial_days: 7 });

      const ok = await operator.call('PUT', '/v1/operator/products', { id: 'lpbuilder', trial_days: 10, regions: ['jpn'], descriptions: { 'en-us': 'Landing pages by drag and drop, fast.' } });
      expect(ok.body.result).toMatchObject({ id: 'lpbuilder', trial_days: 10, regions: ['jpn'] });
      expect(ok.body.result.descriptions['en-us']).toBe('Landing pages by drag and drop, fast.');
      // Back as it was, for the other tests.
      await operator.call('PUT', '/v1/operator/products', { id: 'lpbuilder', trial_days: 7, regions: ['jpn'], descriptions: { 'en-us': 'Build landing pages by drag and drop.' } });
    });
  });

  describe('services list', () => {
    it('Japan: services in use (actibook trial, cocoar free) and available, every product offered (the page shows 12 a tab), with the suggestion tabs', async () => {
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      const list = (await owner.call('GET', '/v1/product/new_list')).body.result;
      expect(list).toMatchObject({ page: 'new', can_start: true });
      expect(list.tags).toEqual(['btob', 'btoc', 'partner', 'deals', 'web_marketing', 'dx', 'promotion', 'visualize', 'fan_marketing']);
      // Issue 22: every product Japan offers; the page cuts at 12 cards and shows the rest in its "more" view.
      expect(list.in_use.length + list.available.length).toBe(15);
      const actibook = list.in_use.find((s: { id: string }) => s.id === 'actibook');
      expect(actibook).toMatchObject({ state: 'in_use', licence: 'trial' });
      expect(actibook.trial_ends_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(list.in_use.find((s: { id: string }) => s.id === 'cocoar')).toMatchObject({ state: 'in_use', licence: 'free' });
      expect(list.available.every((s: { state: string }) => s.state === 'available')).toBe(true);
      const user = new Agent(portal);
      await user.login('user@example.com', 'User#2026');
      expect((await user.call('GET', '/v1/product/new_list')).body.result.can_start).toBe(false);
    });

    it('elsewhere: the older page, with only what the region offers', async () => {
      const us = new Agent(portal, { host: 'portal.example.com' });
      await us.login('owner-us@example.com', 'OwnerUs#2026');
      const list = (await us.call('GET', '/v1/product')).body.result;
      expect(list).toMatchObject({ page: 'old', tags: [] });
      const ids = [...list.in_use, ...list.available].map((s: { id: string }) => s.id);
      expect(ids).not.toContain('cmp');
      expect(ids).not.toContain('lpbuilder');
      expect(list.available[0].description).toMatch(/[a-z]/);
    });
  });

  describe('a new company starts a trial and a free service', () => {
    let owner: Agent;
    let client: string;
    beforeAll(async () => {
      ({ owner, client } = await signUp('trial-owner@example.jp', '試用商事株式会社'));
    });

    it('starts a bownow trial right after signing up, and opens it by SSO', async () => {
      const before = (await owner.call('GET', '/v1/product/new_list')).body.result;
      expect(before.in_use).toEqual([]);
      expect(before.available.find((s: { id: string }) => s.id === 'bownow')).toMatchObject({ trial_days: 15, free_plan: false });

      const started = await owner.call('POST', '/v1/product/start', { product: 'bownow', kind: 'trial', terms_agreed: true });
      expect(started.body.result).toMatchObject({ product: 'bownow', licence: 'trial', trial_ends_on: '2027-02-03' });
      await portal.settle();
      expect(await licence('jpn', client, 'bownow')).toEqual({ kind: 'trial', trial_ends_on: '2027-02-03', ended_at: null });
      expect((await log('jpn', client, 'trial_started'))[0]!.detail).toMatchObject({ product: 'bownow', licence_kind: 'trial', trial_ends_on: '2027-02-03', terms_agreed: true });
      expect((await mailTo(portal, 'trial-owner@example.jp', /2027\/02\/03/)).subject).toBe(renderMessage('ja-jp', 'mail.trial_started.subject', { product: 'BowNow' }));
      // The owner's account got the product: the SSO opens it.
      const sso = await owner.call('POST', '/v1/product/sso_login', { product: 'bownow' });
      expect(sso.body.result.access_status.code).toBe(20000);
      const after = (await owner.call('GET', '/v1/product/new_list')).body.result;
      expect(after.in_use.map((s: { id: string; licence: string }) => `${s.id}:${s.licence}`)).toEqual(['bownow:trial']);
    });

    it('starts cocoar on the free plan; refusals change nothing', async () => {
      const noTerms = await owner.call('POST', '/v1/product/start', { product: 'cocoar', kind: 'free', terms_agreed: false });
      expect(noTerms.body.result.access_status.code).toBe(40011);
      expect(Object.keys(noTerms.body.result.errors)).toEqual(['terms_agreed']);
      const again = await owner.call('POST', '/v1/product/start', { product: 'bownow', kind: 'trial', terms_agreed: true });
      expect(again.body.result.errors.product).toEqual([renderMessage('ja-jp', 'product.already_started', { product: 'BowNow' })]);
      const noFree = await owner.call('POST', '/v1/product/start', { product: 'lpbuilder', kind: 'free', terms_agreed: true });
      expect(noFree.body.result.errors.product).toEqual([renderMessage('ja-jp', 'product.no_free_plan', { product: 'LP Builder' })]);
      const noTrial = await owner.call('POST', '/v1/product/start', { product: 'aichat', kind: 'trial', terms_agreed: true });
      expect(noTrial.body.result.errors.product).toEqual([renderMessage('ja-jp', 'product.no_trial', { product: 'AIChat' })]);
      await portal.settle();
      expect(await licence('jpn', client, 'cocoar')).toBeUndefined();
      expect(await licence('jpn', client, 'lpbuilder')).toBeUndefined();

      const free = await owner.call('POST', '/v1/product/start', { product: 'cocoar', kind: 'free', terms_agreed: true });
      expect(free.body.result).toMatchObject({ product: 'cocoar', licence: 'free', trial_ends_on: null });
      await portal.settle();
      expect((await licence('jpn', client, 'cocoar'))?.kind).toBe('free');
      expect((await log('jpn', client, 'service_started'))[0]!.detail).toMatchObject({ product: 'cocoar', licence_kind: 'free' });
      expect((await mailTo(portal, 'trial-owner@example.jp', /COCOAR/)).subject).toBe(renderMessage('ja-jp', 'mail.service_started.subject', { product: 'COCOAR' }));
      // The pickers offer the company's licences.
      expect((await owner.call('GET', '/v1/client/products')).body.result.products).toEqual(['bownow', 'cocoar']);
    });

    it('only owners start services, and not from a support login', async () => {
      const admin = new Agent(portal);
      await admin.login('admin@example.com', 'Admin#2026');
      expect((await admin.call('POST', '/v1/product/start', { product: 'lessar', kind: 'trial', terms_agreed: true })).status).toBe(403);
      expect(await licence('jpn', DEMO_IDS.client, 'lessar')).toBeUndefined();
    });

    it('the daily job mails three days before and on the last day, then ends the trial (once each)', async () => {
      const mails = () => portal.mailbox.messages({ to: 'trial-owner@example.jp' }).length;
      // A second company on the same trial days has applied for a paid BowNow plan (under review):
      // it gets neither the reminder nor the last-day mail, and its trial still ends on its day.
      const applicant = await signUp('paid-applicant@example.jp', '有料申込株式会社');
      expect((await applicant.owner.call('POST', '/v1/product/start', { product: 'bownow', kind: 'trial', terms_agreed: true })).body.result).toMatchObject({ trial_ends_on: '2027-02-03' });
      await portal.db.query(
        `INSERT INTO jpn_licence.contracts (client_uuid, product, plan_id, currency, monthly_amount, status, effective_from) VALUES ($1, 'bownow', 'bownow-standard', 'JPY', 20000, 'reviewing', '2027-02-01')`,
        [applicant.client]);
      clock.set(new Date('2027-01-30T14:59:59Z')); // 2027-01-30 23:59:59 JST: four days before the last day
      const job = portal.services.find((s) => s.name === 'licence')!;
      expect(await job.runJob('licence-trial-mails')).toEqual({ reminders: 0, lastDays: 0, ended: 0 });
      clock.set(new Date('2027-01-30T15:00:00Z')); // 2027-01-31 00:00 JST: three days before, across the month end
      expect(await job.runJob('licence-trial-mails')).toMatchObject({ reminders: 1, lastDays: 0 });
      expect(await job.runJob('licence-trial-mails')).toMatchObject({ reminders: 0 });
      await portal.settle();
      expect((await mailTo(portal, 'trial-owner@example.jp', /2027\/02\/03/)).subject).toBe(renderMessage('ja-jp', 'mail.trial_ending.subject', { product: 'BowNow', days: 3 }));
      const afterReminder = mails();

      clock.set(new Date('2027-02-03T14:59:59Z')); // the last day, 23:59:59 JST
      expect(await job.runJob('licence-trial-mails')).toEqual({ reminders: 0, lastDays: 1, ended: 0 });
      await portal.settle();
      expect(mails()).toBe(afterReminder + 1);
      expect(portal.mailbox.messages({ to: 'trial-owner@example.jp' })[0]!.subject).toBe(renderMessage('ja-jp', 'mail.trial_last_day.subject', { product: 'BowNow' }));
      expect((await licence('jpn', client, 'bownow'))?.ended_at).toBeNull();

      clock.set(new Date('2027-02-03T15:00:00Z')); // 2027-02-04 00:00 JST
      expect(await job.runJob('licence-trial-mails')).toEqual({ reminders: 0, lastDays: 0, ended: 2 });
      expect((await licence('jpn', applicant.client, 'bownow'))?.ended_at).not.toBeNull();
      await portal.settle();
      expect(portal.mailbox.messages({ to: 'paid-applicant@example.jp' }).map((m) => m.subject)).not.toContain(renderMessage('ja-jp', 'mail.trial_ending.subject', { product: 'BowNow', days: 3 }));
      expect(portal.mailbox.messages({ to: 'paid-applicant@example.jp' }).map((m) => m.subject)).not.toContain(renderMessage('ja-jp', 'mail.trial_last_day.subject', { product: 'BowNow' }));
      expect(await job.runJob('licence-trial-mails')).toEqual({ reminders: 0, lastDays: 0, ended: 0 });
      await portal.settle();
      expect(mails()).toBe(afterReminder + 1);
      expect((await log('jpn', client, 'trial_ended'))[0]!.detail).toMatchObject({ product: 'bownow', trial_ends_on: '2027-02-03' });
    });

    it('an ended trial shows "trial ended" and refuses the SSO; a second trial is refused', async () => {
      // The session outlived the days the clock moved: log in again.
      const again = new Agent(portal);
      await again.login('trial-owner@example.jp', 'Newco#2026x');
      const list = (await again.call('GET', '/v1/product/new_list')).body.result;
      expect(list.in_use.find((s: { id: string }) => s.id === 'bownow')).toMatchObject({ state: 'trial_ended', licence: 'trial', trial_days: null });
      const sso = await again.call('POST', '/v1/product/sso_login', { product: 'bownow' });
      expect(sso.body.result.access_status).toEqual({ code: 40400, message: renderMessage('ja-jp', 'licence.trial_ended', { product: 'BowNow' }) });
      const second = await again.call('POST', '/v1/product/start', { product: 'bownow', kind: 'trial', terms_agreed: true });
      expect(second.body.result.errors.product).toEqual([renderMessage('ja-jp', 'product.trial_used', { product: 'BowNow' })]);
      clock.set(new Date('2027-01-20T01:00:00Z'));
    });
  });

  describe('SSO needs a live licence as well as the account\'s product', () => {
    it('refuses an expired trial and a product the client does not hold, with the spec\'s messages', async () => {
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      expect((await owner.call('POST', '/v1/product/sso_login', { product: 'actibook' })).body.result.access_status.code).toBe(20000);
      await portal.db.query(`UPDATE jpn_licence.licences SET trial_ends_on = '2027-01-19' WHERE client_uuid = $1 AND product = 'actibook'`, [DEMO_IDS.client]);
      const expired = await owner.call('POST', '/v1/product/sso_login', { product: 'actibook' });
      expect(expired.body.result.access_status).toEqual({ code: 40400, message: renderMessage('ja-jp', 'licence.trial_ended', { product: 'ActiBook' }) });

      // The owner edits its own account's products to add one the company does not hold: still refused.
      await portal.db.query(`UPDATE jpn_identity.accounts SET products = array_append(products, 'lessar') WHERE email = 'owner@example.com'`);
      const notHeld = await owner.call('POST', '/v1/product/sso_login', { product: 'lessar' });
      expect(notHeld.body.result.access_status).toEqual({ code: 40400, message: renderMessage('ja-jp', 'licence.not_held', { product: 'LESSAR' }) });
      // A licence without the account's product is refused too (the account is not allowed it).
      const user = new Agent(portal);
      await user.login('user@example.com', 'User#2026');
      expect((await user.call('POST', '/v1/product/sso_login', { product: 'cocoar' })).body.result.access_status).toEqual({ code: 40400, message: renderMessage('ja-jp', 'sso.not_licensed') });
      await portal.db.query(`UPDATE jpn_licence.licences SET trial_ends_on = '2027-03-31' WHERE client_uuid = $1 AND product = 'actibook'`, [DEMO_IDS.client]);
    });

    it('support login (free_proxy_login) needs a live licence and the owner\'s product too', async () => {
      const partner = new Agent(portal);
      await partner.login('partner@example.com', 'Partner#2026');
      const url = (await partner.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.client, region: 'jpn' })).body.result.url as string;
      const support = new Agent(portal);
      await support.call('POST', '/v1/proxy_login', { access_token: decodeURIComponent(url.split('/proxy_login/')[1]!) });
      expect((await support.call('POST', '/v1/product/free_proxy_login', { product: 'actibook' })).body.result.access_status.code).toBe(20000);
      await portal.db.query(`UPDATE jpn_licence.licences SET trial_ends_on = '2027-01-19' WHERE client_uuid = $1 AND product = 'actibook'`, [DEMO_IDS.client]);
      expect((await support.call('POST', '/v1/product/free_proxy_login', { product: 'actibook' })).body.result.access_status)
        .toEqual({ code: 40400, message: renderMessage('ja-jp', 'licence.trial_ended', { product: 'ActiBook' }) });
      await portal.db.query(`UPDATE jpn_licence.licences SET trial_ends_on = '2027-03-31' WHERE client_uuid = $1 AND product = 'actibook'`, [DEMO_IDS.client]);
      // izanai: a licence the company holds, but not one of the owner's products.
      expect((await support.call('POST', '/v1/product/free_proxy_login', { product: 'izanai' })).body.result.access_status)
        .toEqual({ code: 40400, message: renderMessage('ja-jp', 'sso.not_licensed') });
    });
  });

  describe('product link and domains', () => {
    it('links held products with a domain that resolves; refuses others; unlinking keeps the chosen products on the free plan', async () => {
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      const nx = await owner.call('POST', '/v1/product/link', { domain: 'nx.example.com', products: ['actibook'] });
      expect(nx.body.result.errors).toEqual({ domain: [renderMessage('ja-jp', 'domain.not_found')] });
      const bad = await owner.call('POST', '/v1/product/link', { domain: 'not a domain', products: ['actibook'] });
      expect(Object.keys(bad.body.result.errors)).toEqual(['domain']);
      const notHeld = await owner.call('POST', '/v1/product/link', { domain: 'shop.example.com', products: ['lessar'] });
      expect(notHeld.body.result.errors).toEqual({ products: [renderMessage('ja-jp', 'domain.no_licence')] });
      expect(await portal.db.query('SELECT 1 FROM jpn_licence.client_domains WHERE client_uuid = $1', [DEMO_IDS.client])).toHaveLength(0);

      const linked = await owner.call('POST', '/v1/product/link', { domain: 'Shop.Example.com', products: ['actibook', 'izanai'] });
      expect(linked.body.result.domains).toEqual([{ domain: 'shop.example.com', products: ['actibook', 'izanai'], verified_at: expect.any(String) }]);

      const unlinked = await owner.call('DELETE', '/v1/product/link?domain=shop.example.com&keep=actibook');
      expect(unlinked.body.result.domains).toEqual([]);
      expect(await licence('jpn', DEMO_IDS.client, 'actibook')).toMatchObject({ kind: 'free', trial_ends_on: null, ended_at: null });
      expect((await licence('jpn', DEMO_IDS.client, 'izanai'))?.ended_at).not.toBeNull();
      await portal.settle();
      expect((await log('jpn', DEMO_IDS.client, 'domain_linked'))[0]!.detail).toMatchObject({ domain: 'shop.example.com', products: ['actibook', 'izanai'] });
      expect((await log('jpn', DEMO_IDS.client, 'domain_unlinked'))[0]!.detail).toMatchObject({ domain: 'shop.example.com', kept: ['actibook'] });
      const again = await owner.call('DELETE', '/v1/product/link?domain=shop.example.com');
      expect(again.body.result.errors).toEqual({ domain: [renderMessage('ja-jp', 'domain.not_linked')] });
    });
  });
});
