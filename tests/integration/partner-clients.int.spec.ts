import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { renderMessage, type TClientRow, type TShard } from '@portal/proto';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * GET /v1/client/list (partner and operator areas) and GET /v1/product/list (client area), with
 * the calls they lead to: support login from a row, product SSO from a product.
 */
describe('client list and product list', () => {
  let portal: TestPortal;
  const other = { partner: randomUUID(), account: randomUUID(), client: randomUUID() };
  const extra = {
    thaClient: randomUUID(), resellerClient: randomUUID(), inactiveClient: randomUUID(), usaClient2: randomUUID(), percentClient: randomUUID(),
  };

  interface ClientSeed {
    shard: TShard; uuid: string; name: string; contract?: string; partner?: string | null; status?: string;
    partnerProxy?: boolean; operatorProxy?: boolean; ips?: string[]; createdAt?: string; licence?: string;
  }
  /** A client as both owners hold it: licence's record and identity's tenant view. */
  async function addClient(c: ClientSeed) {
    await portal.db.query(
      `INSERT INTO "${c.shard}_licence".clients (uuid, company_name, region, contract_type, licence_type, status, partner_uuid, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())`,
      [c.uuid, c.name, c.shard, c.contract ?? 'none', c.licence ?? 'normal', c.status ?? 'active', c.partner ?? null, c.createdAt ?? new Date().toISOString()],
    );
    await portal.db.query(
      `INSERT INTO "${c.shard}_identity".tenants (uuid, kind, name, contract_type, partner_uuid, status, ip_restriction_enabled, ip_allowlist, partner_proxy_allowed, operator_proxy_allowed, updated_at)
       VALUES ($1, 'client', $2, $3, $4, $5, $6, $7, $8, $9, now())`,
      [c.uuid, c.name, c.contract ?? 'none', c.partner ?? null, c.status ?? 'active', Boolean(c.ips), c.ips ?? [], c.partnerProxy ?? false, c.operatorProxy ?? true],
    );
  }

  const rows = (res: { body: any }) => res.body.result.clients as TClientRow[];
  const byUuid = (res: { body: any }) => new Map(rows(res).map((r) => [r.uuid, r]));

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    // Another partner with a client of its own: never in the demo partner's list.
    await portal.db.query(
      `INSERT INTO jpn_identity.tenants (uuid, kind, name, updated_at) VALUES ($1, 'partner', 'Other Agency KK', now())`, [other.partner]);
    await portal.db.query(
      `INSERT INTO jpn_identity.accounts (uuid, email, password_hash, family_name, given_name, kind, tenant_uuid, status, language, updated_at)
       VALUES ($1, 'other-partner@example.com', $2, 'Other', 'Partner', 'partner', $3, 'active', 'en-us', now())`,
      [other.account, await hash('Other#2026x'), other.partner]);
    await addClient({ shard: 'jpn', uuid: other.client, name: 'Other Agency Client KK', contract: 'referral', partner: other.partner, partnerProxy: true });
    // The demo partner's clients beyond the seed: one in the Thai region, a reseller one, an inactive one.
    await addClient({ shard: 'tha', uuid: extra.thaClient, name: 'Bangkok Trading Co.', contract: 'referral', partner: DEMO_IDS.partner, partnerProxy: true, createdAt: '2026-01-05T00:00:00Z' });
    await addClient({ shard: 'jpn', uuid: extra.resellerClient, name: 'Reseller Client KK', contract: 'reseller', partner: DEMO_IDS.partner, partnerProxy: true, licence: 'demo' });
    await addClient({ shard: 'jpn', uuid: extra.inactiveClient, name: 'Sleeping KK', contract: 'referral', partner: DEMO_IDS.partner, partnerProxy: true, status: 'inactive' });
    // Clients without an agency, for the operator's merge.
    await addClient({ shard: 'usa', uuid: extra.usaClient2, name: 'Acme Inc.', operatorProxy: false, createdAt: '2025-06-01T00:00:00Z' });
    await addClient({ shard: 'sgp', uuid: extra.percentClient, name: '100% Pure Pte', createdAt: '2025-02-01T00:00:00Z' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  describe('GET /v1/client/list for a partner', () => {
    it('lists exactly the clients whose agency is the partner, from every region, never another partner\'s', async () => {
      const partner = new Agent(portal);
      await partner.login('partner@example.com', 'Partner#2026');
      const res = await partner.call('GET', '/v1/client/list?per_page=100&sort=company_name&order=asc');
      expect(res.status).toBe(200);
      expect(res.body.result.total).toBe(5);
      expect(rows(res).map((r) => r.uuid).sort()).toEqual(
        [DEMO_IDS.client, DEMO_IDS.secureClient, extra.thaClient, extra.resellerClient, extra.inactiveClient].sort());
      // Code-point order of the names, across the jpn and tha shards.
      expect(rows(res).map((r) => r.company_name)).toEqual(['Bangkok Trading Co.', 'Reseller Client KK', 'Sleeping KK', 'セキュア工業株式会社', 'デモ商事株式会社']);
      expect(byUuid(res).get(extra.thaClient)).toMatchObject({ region: 'tha', contract_type: 'referral', status: 'active', licence_type: 'normal', created_at: '2026-01-05T00:00:00.000Z' });
      expect(byUuid(res).get(extra.resellerClient)).toMatchObject({ licence_type: 'demo', contract_type: 'reseller' });

      const otherPartner = new Agent(portal);
      await otherPartner.login('other-partner@example.com', 'Other#2026x');
      const theirs = await otherPartner.call('GET', '/v1/client/list');
      expect(rows(theirs).map((r) => r.uuid)).toEqual([other.client]);
      // A search never reaches across agencies either.
      expect(rows(await partner.call('GET', '/v1/client/list?q=other')).length).toBe(0);
    });

    it('says for each client whether a support login is possible, and why not, by the issuing call\'s rules', async () => {
      const partner = new Agent(portal);
      await partner.login('partner@example.com', 'Partner#2026');
      const seen = byUuid(await partner.call('GET', '/v1/client/list?per_page=100'));
      expect(seen.get(DEMO_IDS.client)!.support_login).toEqual({ possible: true, reason: null });
      // The secure client has not permitted its agency (its IP list admits loopback).
      expect(seen.get(DEMO_IDS.secureClient)!.support_login).toEqual({ possible: false, reason: 'denied' });
      expect(seen.get(extra.resellerClient)!.support_login).toEqual({ possible: false, reason: 'not_available' });
      expect(seen.get(extra.inactiveClient)!.support_login).toEqual({ possible: false, reason: 'cannot' });
      expect(seen.get(extra.thaClient)!.support_login).toEqual({ possible: true, reason: null });

      // From an address outside the secure client's IP list.
      const outside = new Agent(portal, { ip: '203.0.113.9' });
      await outside.login('partner@example.com', 'Partner#2026');
      expect(byUuid(await outside.call('GET', '/v1/client/list?per_page=100')).get(DEMO_IDS.secureClient)!.support_login)
        .toEqual({ possible: false, reason: 'denied_and_ip' });
      await portal.db.query(`UPDATE jpn_identity.tenants SET partner_proxy_allowed = true WHERE uuid = $1`, [DEMO_IDS.secureClient]);
      try {
        const outsideRows = byUuid(await outside.call('GET', '/v1/client/list?per_page=100'));
        expect(outsideRows.get(DEMO_IDS.secureClient)!.support_login).toEqual({ possible: false, reason: 'ip_denied' });
        expect(byUuid(await partner.call('GET', '/v1/client/list?per_page=100')).get(DEMO_IDS.secureClient)!.support_login).toEqual({ possible: true, reason: null });
        // The flag and the issuing call agree, message for message.
        const refused = await outside.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.secureClient, region: 'jpn' });
        expect(refused.body.result.access_status).toEqual({ code: 40400, message: renderMessage('ja-jp', 'proxy.ip_denied') });
      } finally {
        await portal.db.query(`UPDATE jpn_identity.tenants SET partner_proxy_allowed = false WHERE uuid = $1`, [DEMO_IDS.secureClient]);
      }
      // A possible row leads to a link that opens the client's portal as a support session.
      const issued = await partner.call('POST', '/v1/proxy_login/issue', { client_uuid: extra.thaClient, region: 'tha' });
      expect(issued.body.result.url).toMatch(/\/proxy_login\/tha\./);
    });

    it('searches by company name with % and _ taken literally, and refuses a page too deep to merge', async () => {
      const operator = new Agent(portal);
      await operator.login('operator@example.com', 'Operator#2026');
      expect(rows(await operator.call('GET', `/v1/client/list?q=${encodeURIComponent('100%')}`)).map((r) => r.uuid)).toEqual([extra.percentClient]);
      expect(rows(await operator.call('GET', `/v1/client/list?q=${encodeURIComponent('%')}`)).map((r) => r.uuid)).toEqual([extra.percentClient]);
      expect(rows(await operator.call('GET', '/v1/client/list?q=_')).length).toBe(0);
      expect(rows(await operator.call('GET', '/v1/client/list?q=TRADING')).map((r) => r.uuid)).toEqual([extra.thaClient]);
      const deep = await operator.call('GET', '/v1/client/list?page=101&per_page=100');
      expect(deep.status).toBe(422);
      expect(deep.body.result.errors.page).toEqual([renderMessage('ja-jp', 'client_list.too_deep', { max: '10,000' })]);
    });

    it('is refused to a client account', async () => {
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      expect((await owner.call('GET', '/v1/client/list')).status).toBe(403);
    });
  });

  describe('GET /v1/client/list for an operator', () => {
    it('merges the clients of every region into one sorted, paged list', async () => {
      const operator = new Agent(portal);
      await operator.login('operator@example.com', 'Operator#2026');
      const all = await operator.call('GET', '/v1/client/list?per_page=100&sort=created_at&order=asc');
      expect(all.body.result.total).toBe(10);
      const regions = new Set(rows(all).map((r) => r.region));
      expect(regions).toEqual(new Set(['jpn', 'usa', 'tha', 'sgp']));
      expect(rows(all).slice(0, 3).map((r) => r.uuid)).toEqual([extra.percentClient, extra.usaClient2, extra.thaClient]);
      // Page by page, the merge gives the same order as the whole list.
      const pages = [];
      for (let page = 1; page <= 4; page++) {
        pages.push(...rows(await operator.call('GET', `/v1/client/list?per_page=3&page=${page}&sort=created_at&order=asc`)).map((r) => r.uuid));
      }
      expect(pages).toEqual(rows(all).map((r) => r.uuid));
      const desc = await operator.call('GET', '/v1/client/list?per_page=4&page=1&sort=company_name&order=desc');
      // Code-point order: kana, then Thai, then Latin.
      expect(rows(desc).map((r) => r.company_name)).toEqual(['デモ商事株式会社', 'セキュア工業株式会社', 'บริษัท เดโม จำกัด', 'Sleeping KK']);
    });

    it('judges support login with the operators\' permission, for every contract type', async () => {
      const operator = new Agent(portal);
      await operator.login('operator@example.com', 'Operator#2026');
      const seen = byUuid(await operator.call('GET', '/v1/client/list?per_page=100'));
      expect(seen.get(DEMO_IDS.usClient)!.support_login).toEqual({ possible: true, reason: null });
      expect(seen.get(extra.resellerClient)!.support_login).toEqual({ possible: true, reason: null });
      expect(seen.get(other.client)!.support_login).toEqual({ possible: true, reason: null });
      expect(seen.get(extra.usaClient2)!.support_login).toEqual({ possible: false, reason: 'denied' });
      // The secure client admits operators, and its IP list admits loopback.
      expect(seen.get(DEMO_IDS.secureClient)!.support_login).toEqual({ possible: true, reason: null });
      const outside = new Agent(portal, { ip: '198.51.100.7' });
      await outside.login('operator@example.com', 'Operator#2026');
      expect(byUuid(await outside.call('GET', '/v1/client/list?per_page=100')).get(DEMO_IDS.secureClient)!.support_login).toEqual({ possible: false, reason: 'ip_denied' });
      // The operator's link into a US client works from the Japanese host.
      const issued = await operator.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.usClient, region: 'usa' });
      expect(issued.body.result.url).toMatch(/\/proxy_login\/usa\./);
    });
  });

  describe('GET /v1/product/list and opening a product', () => {
    it('lists the account\'s products in the master\'s order, on their licence (free, or the demo actibook trial)', async () => {
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      const res = await owner.call('GET', '/v1/product/list');
      expect(res.body.result).toMatchObject({
        total: 4,
        products: [
          { id: 'bownow', kind: 'marketing_automation', plan: 'free' },
          { id: 'cocoar', kind: 'ar_tool', plan: 'free' },
          { id: 'actibook', kind: 'ebook_maker', plan: 'trial' },
          { id: 'lpbuilder', kind: 'landing_page_builder', plan: 'free' },
        ],
      });
      const user = new Agent(portal);
      await user.login('user@example.com', 'User#2026');
      expect((await user.call('GET', '/v1/product/list')).body.result.products.map((p: { id: string }) => p.id)).toEqual(['actibook']);
    });

    it('shows at most 12, and only products offered in the region', async () => {
      // Issue 10: the list needs a live licence for each product as well (the client holds them all here).
      const hold = (shard: string, client: string, products: string[]) => portal.db.query(
        `INSERT INTO ${shard}_licence.licences (client_uuid, product, kind) SELECT $1, p, 'free' FROM unnest($2::text[]) p ON CONFLICT DO NOTHING`, [client, products]);
      await hold('usa', DEMO_IDS.usClient, ['cmp', 'bownow', 'lpbuilder', 'fullstar', 'metabadge']);
      await portal.db.query(`UPDATE usa_identity.accounts SET products = $1 WHERE email = 'owner-us@example.com'`,
        [['cmp', 'bownow', 'lpbuilder', 'fullstar', 'metabadge']]);
      const us = new Agent(portal, { host: 'portal.example.com' });
      await us.login('owner-us@example.com', 'OwnerUs#2026');
      expect((await us.call('GET', '/v1/product/list')).body.result).toEqual(expect.objectContaining({
        total: 3, products: [expect.objectContaining({ id: 'bownow' }), expect.objectContaining({ id: 'fullstar' }), expect.objectContaining({ id: 'metabadge', kind: 'unspecified' })],
      }));

      const every = ['metabadge', 'crowdbooth', 'lpbuilder', 'cmp', 'creca', 'appgoose', 'plusdb', 'bluemonkey', 'izanai', 'aichat', 'actibook', 'lessar', 'cocoar', 'fullstar', 'bownow'];
      await hold('jpn', DEMO_IDS.client, every);
      await portal.db.query(`UPDATE jpn_identity.accounts SET products = $1 WHERE email = 'admin@example.com'`, [every]);
      const admin = new Agent(portal);
      await admin.login('admin@example.com', 'Admin#2026');
      const res = await admin.call('GET', '/v1/product/list');
      expect(res.body.result.total).toBe(15);
      expect(res.body.result.products.map((p: { id: string }) => p.id)).toEqual(
        ['bownow', 'fullstar', 'cocoar', 'lessar', 'actibook', 'aichat', 'izanai', 'bluemonkey', 'plusdb', 'appgoose', 'creca', 'cmp']);
      await portal.db.query(`UPDATE jpn_identity.accounts SET products = $1 WHERE email = 'admin@example.com'`, [['actibook']]);
    });

    it('opens a product for the owner; a support session gets the owner\'s list and is refused the marketing-automation product', async () => {
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      const sso = await owner.call('POST', '/v1/product/sso_login', { product: 'actibook' });
      expect(sso.body.result.redirect_url).toMatch(/\/dev\/product\/actibook\?token=/);

      const partner = new Agent(portal);
      await partner.login('partner@example.com', 'Partner#2026');
      expect((await partner.call('GET', '/v1/product/list')).status).toBe(403);
      const url = (await partner.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.client, region: 'jpn' })).body.result.url as string;
      const support = new Agent(portal);
      await support.call('POST', '/v1/proxy_login', { access_token: decodeURIComponent(url.split('/proxy_login/')[1]!) });
      const list = await support.call('GET', '/v1/product/list');
      expect(list.body.result.products.map((p: { id: string; plan: string }) => `${p.id}:${p.plan}`)).toEqual(['bownow:free', 'cocoar:free', 'actibook:trial', 'lpbuilder:free']);
      // A support session opens a product on its free licence with free_proxy_login.
      const bownow = await support.call('POST', '/v1/product/free_proxy_login', { product: 'bownow' });
      expect(bownow.body.result.access_status).toEqual({ code: 40400, message: renderMessage('ja-jp', 'proxy.product_forbidden') });
      const actibook = await support.call('POST', '/v1/product/free_proxy_login', { product: 'actibook' });
      expect(actibook.body.result.access_status.code).toBe(20000);
      // A support session lists no clients of its own.
      expect((await support.call('GET', '/v1/client/list')).status).toBe(403);
    });
  });
});

describe('client list over NATS', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'nats' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('judges the client\'s IP list by the caller\'s address, which travels from licence to identity', async () => {
    const inside = new Agent(portal);
    await inside.login('operator@example.com', 'Operator#2026');
    const outside = new Agent(portal, { ip: '198.51.100.7' });
    await outside.login('operator@example.com', 'Operator#2026');
    const verdict = async (agent: Agent) => (await agent.call('GET', '/v1/client/list')).body.result.clients
      .find((r: TClientRow) => r.uuid === DEMO_IDS.secureClient).support_login;
    expect(await verdict(inside)).toEqual({ possible: true, reason: null });
    expect(await verdict(outside)).toEqual({ possible: false, reason: 'ip_denied' });
  });
});
