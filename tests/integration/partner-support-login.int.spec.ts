import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '@portal/proto';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent, backOfficeAgents } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 14's last item: in-house is set by a support login to the partner (spec §5, §6). An
 * operator issues a single-use link into a partner's area, redeems it, and there sets the
 * partner's clients in-house (only those that permit partner support login; never a demo licence).
 */
describe('support login to the partner, and in-house', () => {
  let portal: TestPortal;
  let operator: Agent;
  let partner: Agent;
  const ids = { demoLicence: randomUUID(), pending: randomUUID() };
  const message = (key: string) => renderMessage('ja-jp', key);

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    // A demo-licence client of the demo partner that permits partner support login.
    await portal.db.query(
      `INSERT INTO jpn_licence.clients (uuid, company_name, region, contract_type, licence_type, status, partner_uuid, updated_at)
       VALUES ($1, 'Demo Licence KK', 'jpn', 'referral', 'demo', 'active', $2, now())`, [ids.demoLicence, DEMO_IDS.partner]);
    await portal.db.query(
      `INSERT INTO jpn_identity.tenants (uuid, kind, name, contract_type, partner_uuid, licence_type, partner_proxy_allowed, updated_at)
       VALUES ($1, 'client', 'Demo Licence KK', 'referral', $2, 'demo', true, now())`, [ids.demoLicence, DEMO_IDS.partner]);
    // A sub-partner awaiting review: identity's copy is not active.
    await portal.db.query(`INSERT INTO jpn_identity.tenants (uuid, kind, name, status, updated_at) VALUES ($1, 'partner', 'Pending Agency KK', 'inactive', now())`, [ids.pending]);
    ({ operator, partner } = await backOfficeAgents(portal));
  });
  afterAll(async () => {
    await portal?.close();
  });

  /** The operator's link into the demo partner's area, redeemed by a fresh browser. */
  async function partnerSupport() {
    const issued = await operator.call('POST', '/v1/operator/partners/proxy_login', { partner_uuid: DEMO_IDS.partner, region: 'jpn' });
    expect(issued.body.result.access_status.code).toBe(20000);
    expect(issued.body.result.url).toMatch(/\/proxy_login\/jpn\./);
    const token = decodeURIComponent(issued.body.result.url.split('/proxy_login/')[1]);
    const support = new Agent(portal);
    const used = await support.call('POST', '/v1/proxy_login', { access_token: token });
    return { support, used, token };
  }
  const setType = (agent: Agent, area: 'partner' | 'operator', uuid: string, licence_type: string) =>
    agent.call('PUT', `/v1/${area}/clients/licence_type`, { region: 'jpn', uuid, licence_type });
  const licenceOf = async (uuid: string) => (await portal.db.query<{ licence_type: string }>(`SELECT licence_type FROM jpn_licence.clients WHERE uuid = $1`, [uuid]))[0]!.licence_type;

  it('lets only operators issue the link (partners and clients get the 403 envelope)', async () => {
    const owner = new Agent(portal);
    expect((await owner.login('owner@example.com', 'Owner#2026')).status).toBe(200);
    for (const agent of [partner, owner]) {
      const res = await agent.call('POST', '/v1/operator/partners/proxy_login', { partner_uuid: DEMO_IDS.partner, region: 'jpn' });
      expect(res.status).toBe(403);
      expect(res.body.result.access_status.code).not.toBe(20000);
    }
    // A support session into the partner cannot issue one either (it is in the partner area).
    const { support } = await partnerSupport();
    expect((await support.call('POST', '/v1/operator/partners/proxy_login', { partner_uuid: DEMO_IDS.partner, region: 'jpn' })).status).toBe(403);
  });

  it('refuses an unknown or not-active partner with the spec message', async () => {
    for (const partner_uuid of [ids.pending, randomUUID(), DEMO_IDS.client]) {
      const res = await operator.call('POST', '/v1/operator/partners/proxy_login', { partner_uuid, region: 'jpn' });
      expect(res.status).toBe(403);
      expect(res.body.result.access_status).toEqual({ code: 40400, message: message('proxy.partner_unavailable') });
    }
    const bad = await operator.call('POST', '/v1/operator/partners/proxy_login', { partner_uuid: 'nope' });
    expect(bad.body.result.access_status.code).toBe(40011);
  });

  it('opens a support session in the partner\'s area: partner principal, the operator as actor, logged, single-use, no profile', async () => {
    const { support, used, token } = await partnerSupport();
    expect(used.body.result.access_status.code).toBe(20000);
    expect(support.cookies.get('proxy_ident')).toBeTruthy();
    expect(support.cookies.get('login_operator_type')).toBe('2');
    // Only spec §3's hints are readable cookies: the partner's area shows from /v1/user-auth below.
    expect(support.cookies.has('proxy_target')).toBe(false);
    expect(support.cookies.has('company_id')).toBe(false);
    const auth = (await support.call('GET', '/v1/user-auth')).body.result.authority_info;
    expect(auth).toMatchObject({ proxy: true, context: 'primary_partner', partner_uuid: DEMO_IDS.partner, client_uuid: null, company_name: 'デモ代理店株式会社' });
    // The partner's area answers; the profile (spec §6) and the operator's area do not.
    expect((await support.call('GET', '/v1/partner/clients?per_page=10')).status).toBe(200);
    expect((await support.call('GET', '/v1/profile/sessions')).status).toBe(403);
    expect((await support.call('GET', '/v1/operator/clients')).status).toBe(403);
    // Single-use.
    expect((await new Agent(portal).call('POST', '/v1/proxy_login', { access_token: token })).body.result.access_status.code).toBe(40011);
    const log = await eventually(async () => (await portal.db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM jpn_usage_log.operation_logs WHERE client_uuid = $1 AND operation = 'proxy_login'`, [DEMO_IDS.partner]))[0]);
    expect(log.detail).toMatchObject({ actor: '運用太郎', actor_kind: 'operator' });
  });

  it('sets a permitting client in-house and back to normal from that session, and nothing else', async () => {
    const { support } = await partnerSupport();
    const info = await support.call('GET', `/v1/partner/clients/info?region=jpn&uuid=${DEMO_IDS.client}`);
    expect(info.body.result.licence_types_settable).toEqual(['normal', 'in_house']);
    const set = await setType(support, 'partner', DEMO_IDS.client, 'in_house');
    expect(set.body.result.access_status.code).toBe(20000);
    expect(set.body.result).toMatchObject({ licence_type: 'in_house', licence_types_settable: ['normal', 'in_house'] });
    expect(await licenceOf(DEMO_IDS.client)).toBe('in_house');
    const log = await eventually(async () => (await portal.db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM jpn_usage_log.operation_logs WHERE client_uuid = $1 AND operation = 'client_licence_changed'`, [DEMO_IDS.client]))[0]);
    expect(log.detail).toMatchObject({ before: 'normal', after: 'in_house' });
    // In-house → test is the operator's business, not the support login's.
    const toTest = await setType(support, 'partner', DEMO_IDS.client, 'test');
    expect(toTest.body.result.errors.licence_type).toEqual([message('client_licence.support_login_in_house_only')]);
    expect((await setType(support, 'partner', DEMO_IDS.client, 'normal')).body.result.licence_type).toBe('normal');
    expect(await licenceOf(DEMO_IDS.client)).toBe('normal');
  });

  it('refuses in-house for a client that does not permit partner support login, and for a demo licence', async () => {
    const { support } = await partnerSupport();
    const secure = await support.call('GET', `/v1/partner/clients/info?region=jpn&uuid=${DEMO_IDS.secureClient}`);
    expect(secure.body.result.licence_types_settable).not.toContain('in_house');
    const refused = await setType(support, 'partner', DEMO_IDS.secureClient, 'in_house');
    expect(refused.status).toBe(422);
    expect(refused.body.result.access_status.code).toBe(40011);
    expect(refused.body.result.errors.licence_type).toEqual([message('client_licence.in_house_needs_partner_proxy')]);
    const demo = await setType(support, 'partner', ids.demoLicence, 'in_house');
    expect(demo.body.result.errors.licence_type).toEqual([message('client_licence.demo_in_house')]);
    expect(await licenceOf(DEMO_IDS.secureClient)).not.toBe('in_house');
    expect(await licenceOf(ids.demoLicence)).toBe('demo');
  });

  it('refuses in-house from the partner\'s own session and from the operator\'s list', async () => {
    const own = await setType(partner, 'partner', DEMO_IDS.client, 'in_house');
    expect(own.body.result.errors.licence_type).toEqual([message('client_licence.in_house_needs_support_login')]);
    expect((await partner.call('GET', `/v1/partner/clients/info?region=jpn&uuid=${DEMO_IDS.client}`)).body.result.licence_types_settable).toEqual(['normal']);
    const list = await setType(operator, 'operator', DEMO_IDS.client, 'in_house');
    expect(list.body.result.errors.licence_type).toEqual([message('client_licence.in_house_from_list')]);
    expect(await licenceOf(DEMO_IDS.client)).toBe('normal');
  });

  it('ends the support session when the partner is suspended, and issues no new link', async () => {
    const { support } = await partnerSupport();
    expect((await support.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(20000);
    const suspended = await operator.call('PUT', '/v1/operator/partners/status', { partner_uuid: DEMO_IDS.partner, status: 'suspended' });
    expect(suspended.body.result.access_status.code).toBe(20000);
    await eventually(async () => ((await support.call('GET', '/v1/user-auth')).body.result.access_status.code === 40000 ? true : undefined));
    const again = await operator.call('POST', '/v1/operator/partners/proxy_login', { partner_uuid: DEMO_IDS.partner, region: 'jpn' });
    expect(again.body.result.access_status).toEqual({ code: 40400, message: message('proxy.partner_unavailable') });
  });

  it('ends it at the next request when identity\'s copy of the partner is no longer active', async () => {
    // The previous test suspended the demo partner through licence; resume it, then make only identity's copy inactive.
    await operator.call('PUT', '/v1/operator/partners/status', { partner_uuid: DEMO_IDS.partner, status: 'active' });
    await eventually(async () => ((await portal.db.query<{ status: string }>(`SELECT status FROM jpn_identity.tenants WHERE uuid = $1`, [DEMO_IDS.partner]))[0]!.status === 'active' ? true : undefined));
    const { support } = await partnerSupport();
    expect((await support.call('GET', `/v1/partner/clients/info?region=jpn&uuid=${DEMO_IDS.client}`)).status).toBe(200);
    await portal.db.query(`UPDATE jpn_identity.tenants SET status = 'inactive' WHERE uuid = $1`, [DEMO_IDS.partner]);
    expect((await support.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(40000);
  });
});
