import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '@portal/proto';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent, backOfficeAgents, mailTo } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 14, slice B: the operator's partner wizard, list, info, suspend and resume, sub-partner
 * review and moving clients to direct contract; a partner's sub-partners and system settings.
 */
describe('partners and sub-partners', () => {
  let portal: TestPortal;
  let operator: Agent;
  let partner: Agent;

  const licence = { grantable_contracts: 'reseller', is_primary: true };
  const info = (email: string) => ({
    company_name: 'Sakura Agency KK', representative: 'Sakura Taro', phone: '03-1234-5678', address: 'Tokyo, Chiyoda 1-1',
    email, family_name: '桜', given_name: '太郎',
  });
  const billing = { billing_name: 'Sakura Agency KK', billing_email: 'billing@sakura.example', billing_phone: '0312345678', billing_address: 'Tokyo', payment_method: 'bank_transfer' };
  const registration = { client_registration: true, form_origins: ['https://www.sakura.example'] };

  const partnerCount = async () => Number((await portal.db.query<{ n: string }>(`SELECT count(*) AS n FROM global_licence.partners`))[0]!.n);
  const expectFormError = (res: { status: number; body: any }, field: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.result.access_status.code).toBe(40011);
    expect(JSON.stringify(res.body.result)).toContain(field);
  };

  /** Accepts the invitation mailed to `email` and answers a logged-in agent. */
  async function acceptInvitation(email: string, password: string): Promise<Agent> {
    const mail = await mailTo(portal, email, /\/invite\//);
    const token = /\/invite\/([^/\s]+)/.exec(mail.text)![1]!;
    const agent = new Agent(portal);
    const accepted = await agent.call('POST', '/v1/user', { access_token: token, password, password_confirm: password, privacy_agreed: true, terms_agreed: true });
    expect(accepted.body.result.access_status.code, JSON.stringify(accepted.body)).toBe(20000);
    return agent;
  }

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    ({ operator, partner } = await backOfficeAgents(portal));
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('refuses bad input at every wizard step with the field named, and writes nothing', async () => {
    const before = await partnerCount();
    expectFormError(await operator.call('POST', '/v1/operator/partners/check/licence', { ...licence, grantable_contracts: 'everything' }), 'grantable_contracts');
    expectFormError(await operator.call('POST', '/v1/operator/partners/check/partner', { ...info('new@sakura.example'), company_name: '  ' }), 'company_name');
    expectFormError(await operator.call('POST', '/v1/operator/partners/check/partner', { ...info('not-an-email') }), 'email');
    // An address that already has an account (the demo partner's): the spec's message.
    const taken = await operator.call('POST', '/v1/operator/partners/check/partner', info('partner@example.com'));
    expectFormError(taken, 'email');
    expect(JSON.stringify(taken.body.result)).toContain(renderMessage('ja-jp', 'signup.email_exists'));
    expectFormError(await operator.call('POST', '/v1/operator/partners/check/billing', { ...billing, billing_phone: 'call me' }), 'billing_phone');
    expectFormError(await operator.call('POST', '/v1/operator/partners/check/registration', { ...registration, form_origins: ['https://x.example/path'] }), 'form_origins');
    expectFormError(await operator.call('POST', '/v1/operator/partners', { ...licence, ...info('new@sakura.example'), ...billing, ...registration }), 'idempotency_key');
    // Good steps pass and still write nothing.
    for (const [step, body] of [['licence', licence], ['partner', info('new@sakura.example')], ['billing', billing], ['registration', registration]] as const) {
      const ok = await operator.call('POST', `/v1/operator/partners/check/${step}`, body);
      expect(ok.body.result, step).toMatchObject({ access_status: { code: 20000 }, valid: true });
    }
    await portal.settle();
    expect(await partnerCount()).toBe(before);
    // Not the partner's call.
    expect((await partner.call('POST', '/v1/operator/partners/check/licence', licence)).status).toBe(403);
  });

  it('creates one partner for two confirms with one key, invites its first account, lists it, and suspends and resumes it', async () => {
    const before = await partnerCount();
    const body = { ...licence, ...info('owner@sakura.example'), ...billing, ...registration, idempotency_key: randomUUID() };
    const [first, second] = await Promise.all([operator.call('POST', '/v1/operator/partners', body), operator.call('POST', '/v1/operator/partners', body)]);
    expect(first.body.result.access_status.code, JSON.stringify(first.body)).toBe(20000);
    expect(second.body.result.uuid).toBe(first.body.result.uuid);
    expect(await partnerCount()).toBe(before + 1);
    const uuid = first.body.result.uuid as string;
    expect(first.body.result).toMatchObject({ company_name: 'Sakura Agency KK', region: 'jpn', is_primary: true, grantable_contracts: 'reseller', status: 'active', review_state: 'approved', owner_name: '桜太郎' });

    const list = await operator.call('GET', '/v1/operator/partners?q=sakura');
    expect(list.body.result.partners.map((p: { uuid: string }) => p.uuid)).toEqual([uuid]);
    const csv = await operator.call('GET', '/v1/operator/partners/csv?q=sakura');
    expect(csv.body.result.content).toContain('Sakura Agency KK');

    const owner = await acceptInvitation('owner@sakura.example', 'Sakura#2026');
    // Its first account's address is its first inquiry receiver; the last one cannot be removed.
    await portal.settle();
    const receivers = `/v1/operator/partners/inquiry_receivers?partner_uuid=${uuid}&region=jpn`;
    expect((await operator.call('GET', receivers)).body.result.receivers.map((r: { email: string }) => r.email)).toEqual(['owner@sakura.example']);
    expectFormError(await operator.call('DELETE', `${receivers}&email=owner%40sakura.example`), 'email');
    await operator.call('POST', '/v1/operator/partners/inquiry_receivers', { partner_uuid: uuid, region: 'jpn', email: 'desk@sakura.example', name: 'Desk' });
    const removed = await operator.call('DELETE', `${receivers}&email=owner%40sakura.example`);
    expect(removed.body.result.receivers).toEqual([{ email: 'desk@sakura.example', name: 'Desk' }]);
    // The partner sees the same list on its own page.
    expect((await owner.call('GET', '/v1/partner/inquiry_receivers')).body.result.receivers).toEqual([{ email: 'desk@sakura.example', name: 'Desk' }]);
    expect((await owner.call('GET', '/v1/partner/settings')).body.result).toMatchObject({ company_name: 'Sakura Agency KK', is_primary: true });

    // Grantable contracts: both.
    const changed = await operator.call('PUT', '/v1/operator/partners/contracts', { partner_uuid: uuid, grantable_contracts: 'both' });
    expect(changed.body.result.grantable_contracts).toBe('both');

    // Suspension ends the partner's sessions at once and refuses its logins.
    const suspended = await operator.call('PUT', '/v1/operator/partners/status', { partner_uuid: uuid, status: 'suspended' });
    expect(suspended.body.result.status).toBe('suspended');
    await portal.settle();
    expect((await owner.call('GET', '/v1/partner/settings')).body.result.access_status.code).toBe(40000);
    const refused = await new Agent(portal).login('owner@sakura.example', 'Sakura#2026');
    expect(refused.body.result.access_status.message).toBe(renderMessage('ja-jp', 'login.inactive'));
    expect((await operator.call('GET', `/v1/operator/partners?status=suspended&q=sakura`)).body.result.total).toBe(1);

    await operator.call('PUT', '/v1/operator/partners/status', { partner_uuid: uuid, status: 'active' });
    await portal.settle();
    const again = await new Agent(portal).login('owner@sakura.example', 'Sakura#2026');
    expect(again.body.result.access_status.code).toBe(20000);
    const log = await portal.db.query<{ operation: string }>(`SELECT operation FROM jpn_usage_log.operation_logs WHERE client_uuid = $1`, [uuid]);
    expect(log.map((r) => r.operation)).toEqual(expect.arrayContaining(['partner_created', 'partner_suspended', 'partner_resumed']));
  });

  it('lets a primary partner register a sub-partner that waits for the operator, who allows or rejects it', async () => {
    const key = randomUUID();
    const registered = await partner.call('POST', '/v1/partner/sub_partners', { ...info('sub@agency.example'), company_name: 'Sub Agency KK', idempotency_key: key });
    expect(registered.body.result.access_status.code, JSON.stringify(registered.body)).toBe(20000);
    const sub = registered.body.result.partners.find((p: { company_name: string }) => p.company_name === 'Sub Agency KK');
    expect(sub).toMatchObject({ review_state: 'pending', is_primary: false, parent_name: 'デモ代理店株式会社' });
    // The same key again: still one.
    await partner.call('POST', '/v1/partner/sub_partners', { ...info('sub@agency.example'), company_name: 'Sub Agency KK', idempotency_key: key });
    expect((await partner.call('GET', '/v1/partner/sub_partners')).body.result.partners.filter((p: { company_name: string }) => p.company_name === 'Sub Agency KK')).toHaveLength(1);

    const pending = await operator.call('GET', '/v1/operator/partners?review_state=pending');
    expect(pending.body.result.pending).toBeGreaterThanOrEqual(1);
    expect(pending.body.result.partners.map((p: { uuid: string }) => p.uuid)).toContain(sub.uuid);
    await portal.settle();
    // Pending: no account invited yet.
    expect(portal.mailbox.messages({ to: 'sub@agency.example' })).toHaveLength(0);

    const allowed = await operator.call('PUT', '/v1/operator/partners/review', { partner_uuid: sub.uuid, decision: 'allow' });
    expect(allowed.body.result.review_state).toBe('approved');
    expectFormError(await operator.call('PUT', '/v1/operator/partners/review', { partner_uuid: sub.uuid, decision: 'reject' }), 'decision');
    const subOwner = await acceptInvitation('sub@agency.example', 'SubAgency#2026');
    // A sub-partner registers no sub-partners, and sees no other partner's.
    expect((await subOwner.call('POST', '/v1/partner/sub_partners', { ...info('subsub@agency.example'), idempotency_key: randomUUID() })).status).toBe(403);
    expect((await subOwner.call('GET', '/v1/partner/sub_partners')).body.result).toMatchObject({ partners: [], can_register: false });
    expect((await subOwner.call('GET', '/v1/partner/settings')).body.result.company_name).toBe('Sub Agency KK');
    // The operator's routes are not a partner's.
    expect((await subOwner.call('GET', `/v1/operator/partner?partner_uuid=${DEMO_IDS.partner}`)).status).toBe(403);
    expect((await partner.call('GET', '/v1/operator/partners')).status).toBe(403);

    // A rejected one never logs in.
    const rejectedKey = randomUUID();
    const second = await partner.call('POST', '/v1/partner/sub_partners', { ...info('rejected@agency.example'), company_name: 'Rejected Agency KK', idempotency_key: rejectedKey });
    const rejectedSub = second.body.result.partners.find((p: { company_name: string }) => p.company_name === 'Rejected Agency KK');
    const rejected = await operator.call('PUT', '/v1/operator/partners/review', { partner_uuid: rejectedSub.uuid, decision: 'reject' });
    expect(rejected.body.result.review_state).toBe('rejected');
    await portal.settle();
    expect(portal.mailbox.messages({ to: 'rejected@agency.example' })).toHaveLength(0);
  });

  it('moves clients out of a partner\'s scope to direct contract, only the partner\'s own, logged', async () => {
    const mine = randomUUID();
    const others = randomUUID();
    const otherPartner = randomUUID();
    for (const [uuid, name, agency] of [[mine, 'Moving KK', DEMO_IDS.partner], [others, 'Staying KK', otherPartner]] as const) {
      await portal.db.query(
        `INSERT INTO jpn_licence.clients (uuid, company_name, region, contract_type, licence_type, status, partner_uuid, created_at, updated_at)
         VALUES ($1, $2, 'jpn', 'referral', 'normal', 'active', $3, now(), now())`, [uuid, name, agency]);
    }
    const detail = await operator.call('GET', `/v1/operator/partner?partner_uuid=${DEMO_IDS.partner}`);
    expect(detail.body.result.clients.map((c: { uuid: string }) => c.uuid)).toContain(mine);
    expect(detail.body.result.sub_partners.map((p: { company_name: string }) => p.company_name)).toContain('Sub Agency KK');

    // One client that is not the partner's: refused, nothing moved.
    expectFormError(await operator.call('POST', '/v1/operator/partners/direct_contract', { partner_uuid: DEMO_IDS.partner, client_uuids: [mine, others] }), 'client_uuids');
    expect((await portal.db.query<{ partner_uuid: string }>(`SELECT partner_uuid FROM jpn_licence.clients WHERE uuid = $1`, [mine]))[0]!.partner_uuid).toBe(DEMO_IDS.partner);

    const moved = await operator.call('POST', '/v1/operator/partners/direct_contract', { partner_uuid: DEMO_IDS.partner, client_uuids: [mine] });
    expect(moved.body.result.moved).toBe(1);
    const row = (await portal.db.query(`SELECT contract_type, partner_uuid FROM jpn_licence.clients WHERE uuid = $1`, [mine]))[0];
    expect(row).toEqual({ contract_type: 'none', partner_uuid: null });
    // The partner no longer sees it.
    const list = await partner.call('GET', '/v1/client/list?per_page=100');
    expect(list.body.result.clients.map((c: { uuid: string }) => c.uuid)).not.toContain(mine);
    // An unknown partner: not found.
    expect((await operator.call('GET', `/v1/operator/partner?partner_uuid=${randomUUID()}`)).status).toBe(404);
    expect((await operator.call('PUT', '/v1/operator/partners/status', { partner_uuid: randomUUID(), status: 'suspended' })).status).toBe(404);
    // Identity's copy of the moved client follows (licence.client.changed).
    await portal.settle();
  });

  it('keeps a partner\'s own system settings, refusing a bad origin with nothing written', async () => {
    const before = (await partner.call('GET', '/v1/partner/settings')).body.result;
    const bad = await partner.call('PUT', '/v1/partner/settings', { ...before, notification_email: 'x', form_origins: ['ftp://nope'] });
    expectFormError(bad, 'form_origins');
    expect((await partner.call('GET', '/v1/partner/settings')).body.result).toEqual(before);
    const saved = await partner.call('PUT', '/v1/partner/settings', {
      company_name: before.company_name, representative: '代理 花子', phone: '03-0000-0000', address: '東京都港区1-1',
      notification_email: 'notify@agency.example', form_origins: ['https://agency.example/'],
    });
    expect(saved.body.result).toMatchObject({ representative: '代理 花子', notification_email: 'notify@agency.example', form_origins: ['https://agency.example'] });
    // The operator sees it on the partner's info page.
    const detail = await operator.call('GET', `/v1/operator/partner?partner_uuid=${DEMO_IDS.partner}`);
    expect(detail.body.result).toMatchObject({ representative: '代理 花子', form_origins: ['https://agency.example'] });
  });

  describe('the operator switches a partner\'s client registration after creation', () => {
    const SITE = 'https://regswitch.partner-site.example';
    const ja = (key: string) => renderMessage('ja-jp', key);
    const registrations = async () => Number((await portal.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jpn_licence.client_registrations`))[0]!.n);
    const setRegistration = (agent: Agent, body: Record<string, unknown>) => agent.call('PUT', '/v1/operator/partners/registration', body);
    const company = (name: string) => ({ company_name: name, phone: '03-2222-3333' });
    const account = () => ({ family_name: '切替', given_name: '太郎', email: `regswitch-${randomUUID()}@example.com` });
    const confirm = (name: string) => partner.call('POST', '/v1/partner/registrations', { idempotency_key: randomUUID(), account: account(), client: company(name) });
    const embed = (token: string, path: 'form' | 'registrations', name = '') => fetch(`${portal.url}/v1/embed/${path}?token=${encodeURIComponent(token)}`, path === 'form'
      ? { headers: { origin: SITE } }
      : { method: 'POST', headers: { origin: SITE, 'content-type': 'application/json' }, body: JSON.stringify({ token, idempotency_key: randomUUID(), ...company(name), ...account(), terms_agreed: true, privacy_agreed: true }) });
    const messageOf = async (res: Response) => ((await res.json()) as { result: { access_status: { message: string } } }).result.access_status.message;
    let token: string;

    it('switched off, refuses the partner\'s registration calls and its embedded form at once, with nothing written; logged', async () => {
      const on = await setRegistration(operator, { partner_uuid: DEMO_IDS.partner, client_registration: true, form_origins: [`${SITE}/`] });
      expect(on.body.result.access_status.code, JSON.stringify(on.body)).toBe(20000);
      expect(on.body.result).toMatchObject({ uuid: DEMO_IDS.partner, client_registration: true, form_origins: [SITE] });
      token = (await partner.call('GET', '/v1/partner/embed_form')).body.result.token;
      expect((await embed(token, 'form')).status).toBe(200);

      const off = await setRegistration(operator, { partner_uuid: DEMO_IDS.partner, client_registration: false, form_origins: [SITE] });
      expect(off.body.result).toMatchObject({ client_registration: false, form_origins: [SITE] });
      expect((await operator.call('GET', `/v1/operator/partner?partner_uuid=${DEMO_IDS.partner}`)).body.result.client_registration).toBe(false);
      expect((await partner.call('GET', '/v1/partner/settings')).body.result.client_registration).toBe(false);

      const before = await registrations();
      // The partner's own registration screen: each step and the confirm.
      const check = await partner.call('POST', '/v1/partner/registrations/check', { step: 'client', ...company('切替停止株式会社') });
      expect(check.status).toBe(422);
      expect(check.body.result.access_status).toMatchObject({ code: 40011, message: ja('partner.registration_off') });
      const refused = await confirm('切替停止株式会社');
      expect(refused.status).toBe(422);
      expect(refused.body.result.access_status.message).toBe(ja('partner.registration_off'));
      // The embedded form (the same token: the origins did not change): its labels and its submit.
      const form = await embed(token, 'form');
      expect(form.status).toBe(422);
      expect(await messageOf(form)).toBe(ja('embed.registration_off'));
      const submit = await embed(token, 'registrations', '切替停止埋込株式会社');
      expect(submit.status).toBe(422);
      expect(await messageOf(submit)).toBe(ja('embed.registration_off'));
      expect(await registrations()).toBe(before);
      expect(await portal.db.query(`SELECT 1 FROM jpn_licence.clients WHERE company_name LIKE '切替停止%'`)).toEqual([]);

      await portal.settle();
      const log = await portal.db.query<{ detail: { before: unknown; after: unknown } }>(
        `SELECT detail FROM jpn_usage_log.operation_logs WHERE client_uuid = $1 AND operation = 'partner_registration_changed' ORDER BY occurred_at DESC LIMIT 1`, [DEMO_IDS.partner]);
      expect(log[0]!.detail).toMatchObject({ before: { client_registration: true, form_origins: [SITE] }, after: { client_registration: false, form_origins: [SITE] } });
    });

    it('switched on again, the partner registers clients and the embedded form accepts them', async () => {
      const on = await setRegistration(operator, { partner_uuid: DEMO_IDS.partner, client_registration: true, form_origins: [SITE] });
      expect(on.body.result.client_registration).toBe(true);
      const before = await registrations();
      expect((await partner.call('POST', '/v1/partner/registrations/check', { step: 'client', ...company('切替再開株式会社') })).status).toBe(200);
      const made = await confirm('切替再開株式会社');
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect((await embed(token, 'form')).status).toBe(200);
      const submit = await embed(token, 'registrations', '切替再開埋込株式会社');
      expect(submit.status).toBe(200);
      expect(await registrations()).toBe(before + 2);
    });

    it('refuses bad input with the field named and changes nothing', async () => {
      const before = (await operator.call('GET', `/v1/operator/partner?partner_uuid=${DEMO_IDS.partner}`)).body.result;
      const cases: [Record<string, unknown>, string][] = [
        [{ partner_uuid: DEMO_IDS.partner, client_registration: false, form_origins: ['https://x.example/path'] }, 'form_origins.0'],
        [{ partner_uuid: DEMO_IDS.partner, client_registration: false, form_origins: [SITE, 'ftp://x.example'] }, 'form_origins.1'],
        [{ partner_uuid: DEMO_IDS.partner, client_registration: false, form_origins: Array.from({ length: 6 }, (_, i) => `https://s${i}.example`) }, 'form_origins'],
        [{ partner_uuid: DEMO_IDS.partner, client_registration: 'no', form_origins: [] }, 'client_registration'],
        [{ partner_uuid: 'nope', client_registration: false, form_origins: [] }, 'partner_uuid'],
      ];
      for (const [body, field] of cases) {
        const res = await setRegistration(operator, body);
        expect(res.status, field).toBe(422);
        expect(res.body.result.access_status.code).toBe(40011);
        expect(Object.keys(res.body.result.errors), field).toContain(field);
      }
      expect((await setRegistration(operator, { partner_uuid: randomUUID(), client_registration: false, form_origins: [] })).status).toBe(404);
      expect((await operator.call('GET', `/v1/operator/partner?partner_uuid=${DEMO_IDS.partner}`)).body.result).toEqual(before);
    });

    it('is the operator\'s: a partner or a client gets the 403 envelope and nothing changes', async () => {
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      for (const agent of [partner, owner]) {
        const res = await setRegistration(agent, { partner_uuid: DEMO_IDS.partner, client_registration: false, form_origins: [] });
        expect(res.status).toBe(403);
        expect(res.body.result.access_status).toMatchObject({ code: 40300, message: ja('http.forbidden') });
      }
      expect((await operator.call('GET', `/v1/operator/partner?partner_uuid=${DEMO_IDS.partner}`)).body.result).toMatchObject({ client_registration: true, form_origins: [SITE] });
    });
  });
});
