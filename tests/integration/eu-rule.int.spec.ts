import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '@portal/proto';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent, backOfficeAgents, mailTo } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

const US = 'portal.example.com';
const TH = 'th.portal.example.com';
const en = (key: string) => renderMessage('en-us', key);
const ja = (key: string) => renderMessage('ja-jp', key);
const survey = { position: 'person', division: 'sales', industry: 'retail_ecommerce', sub_industry: 'ecommerce', employees: '1-10', budget: 'hours_under_50' };

/**
 * Issue 22 item 7 (spec §1): overseas customers subject to the EU's data-protection rules cannot
 * use the product. Every registration outside Japan asks; "yes" is refused and keeps nothing; an
 * operator's mark refuses a client's product logins, support logins, trials and plans, logged.
 */
describe('the EU data-protection rule', () => {
  let portal: TestPortal;
  let operator: Agent;
  const count = async (sql: string, params: unknown[] = []) => Number((await portal.db.query<{ n: string }>(sql, params))[0]!.n);
  const temporaries = () => count('SELECT count(*) AS n FROM usa_identity.temporary_registrations');

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    ({ operator } = await backOfficeAgents(portal));
  });
  afterAll(async () => {
    await portal?.close();
  });

  describe('sign-up (POST /v1/client, and its earlier path)', () => {
    it('asks outside Japan: no answer is a 40011 on eu_subject, and nothing is kept or sent', async () => {
      const before = await temporaries();
      const res = await new Agent(portal, { host: US }).call('POST', '/v1/client', { email: 'eu-none@example.com', terms_agreed: true });
      expect(res.status).toBe(422);
      expect(res.body.result.errors).toEqual({ eu_subject: [en('eu.answer_required')] });
      expect(await temporaries()).toBe(before);
    });

    it('refuses "yes" with the refusal in the host\'s language, on both paths, keeping no address and sending no mail', async () => {
      const before = await temporaries();
      for (const [host, path, language] of [[US, '/v1/client', 'en-us'], [US, '/v1/signup/temporary', 'en-us'], [TH, '/v1/client', 'th-th']] as const) {
        const res = await new Agent(portal, { host }).call('POST', path, { email: 'eu-yes@example.com', terms_agreed: true, eu_subject: true });
        expect(res.status, path).toBe(422);
        expect(res.body.result.access_status).toEqual({ code: 40011, message: renderMessage(language, 'eu.registration_refused') });
        expect(res.body.result.errors.eu_subject).toEqual([renderMessage(language, 'eu.registration_refused')]);
      }
      await portal.settle();
      expect(await temporaries()).toBe(before);
      expect(await count('SELECT count(*) AS n FROM tha_identity.temporary_registrations WHERE email = $1', ['eu-yes@example.com'])).toBe(0);
      expect(portal.mailbox.messages({ to: 'eu-yes@example.com' })).toHaveLength(0);
    });

    it('goes on with "no", records the declaration, and a Japanese sign-up is not asked', async () => {
      const us = await new Agent(portal, { host: US }).call('POST', '/v1/client', { email: 'eu-no@example.com', terms_agreed: true, eu_subject: false });
      expect(us.body.result.access_status.code).toBe(20000);
      expect((await portal.db.query('SELECT eu_declared FROM usa_identity.temporary_registrations WHERE email = $1', ['eu-no@example.com']))[0]).toEqual({ eu_declared: true });
      await mailTo(portal, 'eu-no@example.com', /signup\//);
      const jp = await new Agent(portal).call('POST', '/v1/client', { email: 'jp-signup@example.jp', terms_agreed: true });
      expect(jp.body.result.access_status.code).toBe(20000);
    });

    it('registers a declared company with eu_declared_at; one whose sign-up did not answer is asked at full registration, and "yes" ends it', async () => {
      const anon = new Agent(portal, { host: US });
      const form = (token: string) => ({
        access_token: token, company_name: 'No EU Inc.', phone: '+1 212 555 0100', family_name: 'Doe', given_name: 'Jane',
        password: 'NoEu#2026x', password_confirm: 'NoEu#2026x', terms_agreed: true, privacy_agreed: true, ...survey,
      });
      const link = async (email: string) => (await mailTo(portal, email, /signup\//)).text.match(/signup\/([\w.-]+)\/1/)![1]!;
      const declared = await link('eu-no@example.com');
      expect((await anon.call('GET', `/v1/client/info?access_token=${declared}`)).body.result).toMatchObject({ state: 'valid', region: 'usa', eu_question: false });
      const done = await anon.call('POST', '/v1/client/register', form(declared));
      expect(done.body.result.access_status.code, JSON.stringify(done.body)).toBe(20000);
      const client = (await portal.db.query<{ tenant_uuid: string }>('SELECT tenant_uuid FROM usa_identity.accounts WHERE email = $1', ['eu-no@example.com']))[0]!.tenant_uuid;
      const row = await eventually(async () => (await portal.db.query<{ eu_declared_at: Date | null; eu_restricted: boolean }>('SELECT eu_declared_at, eu_restricted FROM usa_licence.clients WHERE uuid = $1', [client]))[0]);
      expect(row.eu_declared_at).toBeInstanceOf(Date);
      expect(row.eu_restricted).toBe(false);

      // A sign-up made before the question existed (its row says nothing): asked now.
      const legacy = new Agent(portal, { host: US });
      await legacy.call('POST', '/v1/client', { email: 'eu-legacy@example.com', terms_agreed: true, eu_subject: false });
      await portal.db.query('UPDATE usa_identity.temporary_registrations SET eu_declared = false WHERE email = $1', ['eu-legacy@example.com']);
      const token = await link('eu-legacy@example.com');
      expect((await legacy.call('GET', `/v1/signup?access_token=${token}`)).body.result.eu_question).toBe(true);
      expect((await legacy.call('POST', '/v1/client/register', form(token))).body.result.errors).toEqual({ eu_subject: [en('eu.answer_required')] });
      const refused = await legacy.call('POST', '/v1/client/register', { ...form(token), eu_subject: true });
      expect(refused.body.result.access_status.message).toBe(en('eu.registration_refused'));
      // Nothing of it is left: no registration row, no account, and the link is used up.
      expect(await count('SELECT count(*) AS n FROM usa_identity.temporary_registrations WHERE email = $1', ['eu-legacy@example.com'])).toBe(0);
      expect(await count('SELECT count(*) AS n FROM usa_identity.accounts WHERE email = $1', ['eu-legacy@example.com'])).toBe(0);
      expect((await legacy.call('POST', '/v1/client/register', { ...form(token), eu_subject: false })).status).toBe(422);
    });
  });

  describe('operator client create', () => {
    const licence = { region: 'usa', contract_type: 'none', partner_uuid: null, licence_type: 'normal' };
    const client = { company_name: 'Overseas Wizard Inc.', phone: '+1 212 555 0199', address: '', family_name: 'Roe', given_name: 'Rita', email: 'eu-wizard@example.com', language: 'en-us' };
    const products = { products: [] };

    it('asks for a client outside Japan at the licence step and again at confirm; "yes" creates nothing', async () => {
      const before = await count('SELECT count(*) AS n FROM usa_licence.clients');
      const unanswered = await operator.call('POST', '/v1/operator/clients/create/licence/check', licence);
      expect(unanswered.body.result.errors).toEqual({ eu_subject: [ja('eu.answer_required')] });
      const yes = await operator.call('POST', '/v1/operator/clients/create/licence/check', { ...licence, eu_subject: true });
      expect(yes.body.result.errors).toEqual({ eu_subject: [ja('eu.registration_refused')] });
      const confirmYes = await operator.call('POST', '/v1/operator/clients/create', { licence: { ...licence, eu_subject: true }, client, products, idempotency_key: randomUUID() });
      expect(Object.keys(confirmYes.body.result.errors)).toEqual(['licence.eu_subject']);
      expect((await operator.call('POST', '/v1/operator/clients/create/licence/check', { ...licence, region: 'jpn' })).status).toBe(200);
      await portal.settle();
      expect(await count('SELECT count(*) AS n FROM usa_licence.clients')).toBe(before);
      expect(portal.mailbox.messages({ to: 'eu-wizard@example.com' })).toHaveLength(0);
    });

    it('creates with "no" and records the declaration', async () => {
      const created = await operator.call('POST', '/v1/operator/clients/create', { licence: { ...licence, eu_subject: false }, client, products, idempotency_key: randomUUID() });
      expect(created.body.result.access_status.code, JSON.stringify(created.body)).toBe(20000);
      const info = await operator.call('GET', `/v1/operator/clients/info?region=usa&uuid=${created.body.result.uuid}`);
      expect(info.body.result).toMatchObject({ eu_restricted: false });
      expect(info.body.result.eu_declared_at).toEqual(expect.any(String));
    });
  });

  describe('a partner outside Japan: its embedded form and its registration wizard', () => {
    const SITE = 'https://www.eu-check.example';
    let partner: Agent;
    let token: string;

    beforeAll(async () => {
      // The operator creates the partner on the US host: a US partner.
      const usOperator = new Agent(portal, { host: US });
      for (const [k, v] of operator.cookies) usOperator.cookies.set(k, v);
      const created = await usOperator.call('POST', '/v1/operator/partners', {
        grantable_contracts: 'referral', is_primary: true, company_name: 'Atlantic Agency LLC', representative: 'Ann Lee', phone: '+1 212 555 0110',
        address: '1 Broadway, New York', email: 'owner@atlantic.example', family_name: 'Lee', given_name: 'Ann',
        billing_name: 'Atlantic Agency LLC', billing_email: 'billing@atlantic.example', billing_phone: '2125550110', billing_address: 'New York', payment_method: 'credit_card',
        client_registration: true, form_origins: [SITE], idempotency_key: randomUUID(),
      });
      expect(created.body.result, JSON.stringify(created.body)).toMatchObject({ region: 'usa' });
      const invite = /\/invite\/([^/\s]+)/.exec((await mailTo(portal, 'owner@atlantic.example', /\/invite\//)).text)![1]!;
      partner = new Agent(portal, { host: US });
      const accepted = await partner.call('POST', '/v1/user', { access_token: invite, password: 'Atlantic#2026', password_confirm: 'Atlantic#2026', privacy_agreed: true, terms_agreed: true });
      expect(accepted.body.result.access_status.code, JSON.stringify(accepted.body)).toBe(20000);
      token = (await partner.call('PUT', '/v1/partner/embed_form', { origins: [SITE] })).body.result.token;
      expect(token).toMatch(/\.usa\./);
    });

    const embed = (body?: Record<string, unknown>) => portal.call(body ? 'POST' : 'GET', `/v1/${body ? 'embed/registrations' : 'embed/form'}?token=${encodeURIComponent(token)}`, {
      host: US, headers: { origin: SITE }, ...(body ? { body: { token, idempotency_key: randomUUID(), ...body } } : {}),
    });
    const fields = { company_name: 'Embedded EU Ltd.', phone: '+1 212 555 0120', family_name: 'Kim', given_name: 'Lee', email: 'eu-embed@example.com', terms_agreed: true, privacy_agreed: true };
    const registrations = () => count('SELECT count(*) AS n FROM usa_licence.client_registrations');

    it('asks the question in the form\'s language', async () => {
      const form = (await embed()).body.result;
      expect(form.question).toBe('eu_subject');
      expect(form.labels).toMatchObject({ eu_question: en('eu.question'), eu_yes: 'Yes', eu_no: 'No' });
    });

    it('refuses no answer and "yes" before anything is written, and registers with "no"', async () => {
      const before = await registrations();
      expect((await embed(fields)).body.result.errors).toEqual({ eu_subject: [en('eu.answer_required')] });
      const yes = await embed({ ...fields, eu_subject: true });
      expect(yes.body.result.access_status.message).toBe(en('eu.registration_refused'));
      await portal.settle();
      expect(await registrations()).toBe(before);
      expect(portal.mailbox.messages({ to: 'eu-embed@example.com' })).toHaveLength(0);
      const no = await embed({ ...fields, eu_subject: false });
      expect(no.body.result.access_status.code, JSON.stringify(no.body)).toBe(20000);
      expect(await registrations()).toBe(before + 1);
    });

    it('asks on the wizard\'s client step and at its confirm', async () => {
      const client = { company_name: 'Wizard EU Ltd.', phone: '+1 212 555 0130' };
      expect((await partner.call('POST', '/v1/partner/registrations/check', { step: 'client', ...client })).body.result.errors).toEqual({ eu_subject: [en('eu.answer_required')] });
      expect((await partner.call('POST', '/v1/partner/registrations/check', { step: 'client', ...client, eu_subject: false })).status).toBe(200);
      const before = await registrations();
      const yes = await partner.call('POST', '/v1/partner/registrations', {
        idempotency_key: randomUUID(), account: { family_name: 'Park', given_name: 'Min', email: 'eu-wizard-client@example.com' }, client: { ...client, eu_subject: true },
      });
      expect(yes.body.result.errors).toEqual({ 'client.eu_subject': [en('eu.registration_refused')] });
      expect(await registrations()).toBe(before);
    });
  });

  describe('an operator marks an existing client', () => {
    const ownerUs = async () => {
      const agent = new Agent(portal, { host: US });
      expect((await agent.login('owner-us@example.com', 'OwnerUs#2026')).status).toBe(200);
      return agent;
    };
    const mark = (eu_restricted: boolean, who = operator) => who.call('PUT', '/v1/operator/clients/eu_rule', { region: 'usa', uuid: DEMO_IDS.usClient, eu_restricted });

    it('only operators mark', async () => {
      const { partner } = await backOfficeAgents(portal);
      expect((await mark(true, partner)).status).toBe(403);
      expect((await mark(true, await ownerUs())).status).toBe(403);
    });

    it('refuses the client\'s SSO, trials, plans and support logins with the message, logs the mark, and lifting it restores them', async () => {
      const owner = await ownerUs();
      expect((await owner.call('POST', '/v1/product/sso_login', { product: 'bownow' })).body.result.access_status.code).toBe(20000);

      const marked = await mark(true);
      expect(marked.body.result).toMatchObject({ uuid: DEMO_IDS.usClient, eu_restricted: true });
      // Marking a marked client again changes and logs nothing.
      await mark(true);
      const logged = await eventually(async () => {
        const rows = await portal.db.query<{ detail: Record<string, unknown> }>("SELECT detail FROM usa_usage_log.operation_logs WHERE client_uuid = $1 AND operation = 'eu_rule_changed'", [DEMO_IDS.usClient]);
        return rows.length ? rows : null;
      });
      expect(logged.map((r) => ({ before: r.detail.before, after: r.detail.after }))).toEqual([{ before: false, after: true }]);
      await eventually(async () => (await portal.db.query<{ eu_restricted: boolean }>('SELECT eu_restricted FROM usa_identity.tenants WHERE uuid = $1', [DEMO_IDS.usClient]))[0]!.eu_restricted);

      const sso = await owner.call('POST', '/v1/product/sso_login', { product: 'bownow' });
      expect(sso.body.result.access_status).toMatchObject({ code: 40400, message: en('licence.eu_restricted') });
      const trial = await owner.call('POST', '/v1/product/start', { product: 'fullstar', kind: 'trial', terms_agreed: true });
      expect(trial.body.result.access_status.message).toBe(en('licence.eu_restricted'));
      expect(await count('SELECT count(*) AS n FROM usa_licence.licences WHERE client_uuid = $1 AND product = $2', [DEMO_IDS.usClient, 'fullstar'])).toBe(0);
      const plan = await owner.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_entry' });
      expect(plan.body.result.access_status).toEqual({ code: 40011, message: en('licence.eu_restricted') });
      const support = await operator.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.usClient, region: 'usa' });
      expect(support.body.result.access_status.message).toBe(ja('proxy.eu_restricted'));
      // The client list says why support login is not possible now.
      const list = await operator.call('GET', '/v1/client/list?q=Demo%20Corp');
      const row = list.body.result.clients.find((c: { uuid: string }) => c.uuid === DEMO_IDS.usClient);
      expect(row.support_login).toMatchObject({ possible: false, reason: 'eu_restricted' });

      const lifted = await mark(false);
      expect(lifted.body.result.eu_restricted).toBe(false);
      await eventually(async () => !(await portal.db.query<{ eu_restricted: boolean }>('SELECT eu_restricted FROM usa_identity.tenants WHERE uuid = $1', [DEMO_IDS.usClient]))[0]!.eu_restricted);
      expect((await owner.call('POST', '/v1/product/sso_login', { product: 'bownow' })).body.result.access_status.code).toBe(20000);
      expect((await operator.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.usClient, region: 'usa' })).body.result.access_status.code).toBe(20000);
    });
  });
});
