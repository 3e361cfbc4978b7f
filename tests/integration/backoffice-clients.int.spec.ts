import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { renderMessage, type TShard } from '@portal/proto';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent, mailTo } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 14, slice A: the operator's and partner's clients (scope, filters, CSV, info, suspend and
 * resume) and the client-create wizard's server side.
 */
describe('back-office clients', () => {
  let portal: TestPortal;
  let operator: Agent;
  let primary: Agent;
  let sub: Agent;
  const ids = {
    sub: randomUUID(), subAccount: randomUUID(), subClient: randomUUID(), otherClient: randomUUID(),
    target: randomUUID(), targetOwner: randomUUID(), demoTarget: randomUUID(),
  };
  const password = 'Target#2026x';

  async function addClient(c: { shard: TShard; uuid: string; name: string; contract?: string; partner?: string | null; licence?: string }) {
    await portal.db.query(
      `INSERT INTO "${c.shard}_licence".clients (uuid, company_name, region, contract_type, licence_type, status, partner_uuid, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'active', $6, now())`,
      [c.uuid, c.name, c.shard, c.contract ?? 'none', c.licence ?? 'normal', c.partner ?? null],
    );
    await portal.db.query(
      `INSERT INTO "${c.shard}_identity".tenants (uuid, kind, name, contract_type, partner_uuid, licence_type, updated_at) VALUES ($1, 'client', $2, $3, $4, $5, now())`,
      [c.uuid, c.name, c.contract ?? 'none', c.partner ?? null, c.licence ?? 'normal'],
    );
  }

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    const pw = await hash(password);
    // A sub-partner of the demo (primary) partner, with a client of its own.
    await portal.db.query(`INSERT INTO jpn_identity.tenants (uuid, kind, name, updated_at) VALUES ($1, 'partner', 'Sub Agency KK', now())`, [ids.sub]);
    await portal.db.query(
      `INSERT INTO global_licence.partners (uuid, name, region, parent_partner_uuid, is_primary, grantable_contracts, updated_at) VALUES ($1, 'Sub Agency KK', 'jpn', $2, false, 'referral', now())`,
      [ids.sub, DEMO_IDS.partner]);
    await portal.db.query(
      `INSERT INTO jpn_identity.accounts (uuid, email, password_hash, family_name, given_name, kind, tenant_uuid, status, language, updated_at)
       VALUES ($1, 'sub-partner@example.com', $2, 'Sub', 'Partner', 'partner', $3, 'active', 'en-us', now())`, [ids.subAccount, pw, ids.sub]);
    await addClient({ shard: 'jpn', uuid: ids.subClient, name: 'Sub Client KK', contract: 'referral', partner: ids.sub });
    await addClient({ shard: 'usa', uuid: ids.otherClient, name: 'Direct Inc.' });
    // The client an operator suspends, with an owner who logs in.
    await addClient({ shard: 'jpn', uuid: ids.target, name: 'Target Trading KK', contract: 'referral', partner: DEMO_IDS.partner });
    await portal.db.query(
      `INSERT INTO jpn_identity.accounts (uuid, email, password_hash, family_name, given_name, kind, authority, tenant_uuid, status, language, updated_at)
       VALUES ($1, 'target-owner@example.com', $2, 'Target', 'Owner', 'client', 'owner', $3, 'active', 'en-us', now())`, [ids.targetOwner, pw, ids.target]);
    await addClient({ shard: 'jpn', uuid: ids.demoTarget, name: 'Demo Licence KK', licence: 'demo' });

    operator = new Agent(portal);
    primary = new Agent(portal);
    sub = new Agent(portal);
    expect((await operator.login('operator@example.com', 'Operator#2026')).status).toBe(200);
    expect((await primary.login('partner@example.com', 'Partner#2026')).status).toBe(200);
    expect((await sub.login('sub-partner@example.com', password)).status).toBe(200);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const uuids = (res: { body: any }) => (res.body.result.clients as { uuid: string }[]).map((c) => c.uuid).sort();

  describe('scope', () => {
    it('gives the operator every client, filtered by status, licence type, contract type and region', async () => {
      const all = await operator.call('GET', '/v1/operator/clients?per_page=100');
      expect(all.status).toBe(200);
      expect(uuids(all)).toEqual(expect.arrayContaining([ids.subClient, ids.otherClient, ids.target, DEMO_IDS.client]));
      const usa = await operator.call('GET', '/v1/operator/clients?per_page=100&region=usa');
      expect(uuids(usa)).toEqual([DEMO_IDS.usClient, ids.otherClient].sort());
      const demo = await operator.call('GET', '/v1/operator/clients?licence_type=demo');
      expect(uuids(demo)).toEqual([ids.demoTarget]);
      const referral = await operator.call('GET', '/v1/operator/clients?per_page=100&contract_type=referral&q=KK');
      expect(uuids(referral)).toEqual([ids.subClient, ids.target].sort());
      const bownow = await operator.call('GET', '/v1/operator/clients?per_page=100&product=lpbuilder');
      expect(uuids(bownow)).toEqual([DEMO_IDS.client]);
      const bad = await operator.call('GET', '/v1/operator/clients?status=sleeping');
      expect(bad.status).toBe(422);
      expect(bad.body.result.errors.status).toBeTruthy();
    });

    it('gives a primary partner its own clients and, read-only, its sub-partners\'; a sub-partner only its own', async () => {
      const mine = await primary.call('GET', '/v1/partner/clients?per_page=100');
      expect(mine.status).toBe(200);
      expect(uuids(mine)).toEqual([DEMO_IDS.client, DEMO_IDS.secureClient, ids.target, ids.subClient].sort());
      const subRow = (mine.body.result.clients as { uuid: string; read_only: boolean; partner_name: string }[]).find((c) => c.uuid === ids.subClient)!;
      expect(subRow).toMatchObject({ read_only: true, partner_name: 'Sub Agency KK' });
      const subs = await sub.call('GET', '/v1/partner/clients?per_page=100');
      expect(uuids(subs)).toEqual([ids.subClient]);
    });

    it('answers 404 for every partner route with a client outside the scope, and changes nothing', async () => {
      const outside = [
        [sub, { region: 'jpn', uuid: DEMO_IDS.client }],
        [sub, { region: 'usa', uuid: ids.otherClient }],
        [primary, { region: 'usa', uuid: ids.otherClient }],
      ] as const;
      for (const [agent, ref] of outside) {
        expect((await agent.call('GET', `/v1/partner/clients/info?region=${ref.region}&uuid=${ref.uuid}`)).status).toBe(404);
        expect((await agent.call('POST', '/v1/partner/clients/suspend', ref)).status).toBe(404);
        expect((await agent.call('POST', '/v1/partner/clients/resume', ref)).status).toBe(404);
        expect((await agent.call('PUT', '/v1/partner/clients/licence_type', { ...ref, licence_type: 'normal' })).status).toBe(404);
      }
      // The primary partner reads its sub-partner's client, but cannot change it.
      expect((await primary.call('GET', `/v1/partner/clients/info?region=jpn&uuid=${ids.subClient}`)).body.result).toMatchObject({ read_only: true, licence_types_settable: [] });
      expect((await primary.call('POST', '/v1/partner/clients/suspend', { region: 'jpn', uuid: ids.subClient })).status).toBe(404);
      const row = await portal.db.query(`SELECT status FROM jpn_licence.clients WHERE uuid = $1`, [ids.subClient]);
      expect(row[0].status).toBe('active');
      // The operator routes refuse partners outright.
      expect((await sub.call('GET', '/v1/operator/clients')).status).toBe(403);
    });

    it('downloads the filtered list as CSV with words, not codes', async () => {
      const csv = await operator.call('GET', '/v1/operator/clients/csv?region=usa&sort=company_name&order=asc');
      expect(csv.status).toBe(200);
      const lines = (csv.body.result.content as string).replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain('Demo Corp.');
      expect(csv.body.result.rows).toBe(2);
    });
  });

  describe('info, licence types, suspend and resume', () => {
    it('shows company, licence fields and billing, and applies the licence-type rules', async () => {
      const info = await operator.call('GET', `/v1/operator/clients/info?region=jpn&uuid=${ids.demoTarget}`);
      expect(info.status).toBe(200);
      expect(info.body.result).toMatchObject({ company_name: 'Demo Licence KK', licence_type: 'demo', status: 'active', billing: null, payment_method: null });
      expect(info.body.result.licence_types_settable).not.toContain('in_house');
      // The company's address comes with its prefecture (the second address field of the company page).
      const demo = await operator.call('GET', `/v1/operator/clients/info?region=jpn&uuid=${DEMO_IDS.client}`);
      expect(demo.body.result).toMatchObject({ address: '千代田区丸の内1-1-1', location: '東京都' });
      const inHouse = await operator.call('PUT', '/v1/operator/clients/licence_type', { region: 'jpn', uuid: ids.demoTarget, licence_type: 'in_house' });
      expect(inHouse.status).toBe(422);
      expect(inHouse.body.result.errors.licence_type).toEqual([renderMessage('ja-jp', 'client_licence.in_house_from_list')]);
      const test = await operator.call('PUT', '/v1/operator/clients/licence_type', { region: 'jpn', uuid: ids.demoTarget, licence_type: 'test' });
      expect(test.status).toBe(200);
      expect(test.body.result.licence_type).toBe('test');
      await eventually(async () => (await portal.db.query(`SELECT licence_type FROM jpn_identity.tenants WHERE uuid = $1`, [ids.demoTarget]))[0].licence_type === 'test');
    });

    it('suspends a client: its sessions end, its owner cannot log in; resume lets them in again', async () => {
      const owner = new Agent(portal);
      expect((await owner.login('target-owner@example.com', password)).status).toBe(200);
      expect((await owner.call('GET', '/v1/client/company')).status).toBe(200);

      const suspended = await operator.call('POST', '/v1/operator/clients/suspend', { region: 'jpn', uuid: ids.target });
      expect(suspended.status).toBe(200);
      expect(suspended.body.result.status).toBe('inactive');
      await portal.settle();
      const ended = await portal.db.query(`SELECT count(*)::int AS n FROM jpn_identity.sessions WHERE tenant_uuid = $1 AND ended_at IS NULL`, [ids.target]);
      expect(ended[0].n).toBe(0);
      expect((await owner.call('GET', '/v1/client/company')).status).toBe(401);
      const again = await new Agent(portal).login('target-owner@example.com', password);
      expect(again.status).toBe(422);
      expect(again.body.result.access_status.message).toBe(renderMessage('ja-jp', 'login.inactive'));
      // Suspending twice changes and logs nothing more.
      expect((await operator.call('POST', '/v1/operator/clients/suspend', { region: 'jpn', uuid: ids.target })).status).toBe(200);

      expect((await primary.call('POST', '/v1/partner/clients/resume', { region: 'jpn', uuid: ids.target })).status).toBe(200);
      await portal.settle();
      expect((await new Agent(portal).login('target-owner@example.com', password)).status).toBe(200);
      const log = await portal.db.query<{ operation: string }>(`SELECT operation FROM jpn_usage_log.operation_logs WHERE client_uuid = $1 AND operation LIKE 'client_%' ORDER BY occurred_at`, [ids.target]);
      expect(log.map((r) => r.operation)).toEqual(['client_suspended', 'client_resumed']);
    });
  });

  describe('client create wizard', () => {
    const licence = { region: 'jpn', contract_type: 'referral', partner_uuid: DEMO_IDS.partner, licence_type: 'normal' };
    const client = { company_name: 'Wizard Works KK', phone: '03-1234-5678', address: 'Tokyo', family_name: '山田', given_name: '太郎', email: 'wizard-owner@example.com', language: 'ja-jp' };
    const products = { products: ['bownow', 'actibook'] };
    const count = async () => (await portal.db.query(`SELECT count(*)::int AS n FROM jpn_licence.clients WHERE company_name = 'Wizard Works KK'`))[0].n as number;

    it('refuses bad input at each step, naming the field, and writes nothing', async () => {
      const l = await operator.call('POST', '/v1/operator/clients/create/licence/check', { ...licence, partner_uuid: null });
      expect(l.status).toBe(422);
      expect(Object.keys(l.body.result.errors)).toEqual(['partner_uuid']);
      const l2 = await operator.call('POST', '/v1/operator/clients/create/licence/check', { ...licence, licence_type: 'in_house' });
      expect(Object.keys(l2.body.result.errors)).toEqual(['licence_type']);
      expect((await operator.call('POST', '/v1/operator/clients/create/licence/check', licence)).status).toBe(200);
      const c = await operator.call('POST', '/v1/operator/clients/create/client/check', { ...client, region: 'jpn', email: 'not-an-email', phone: '' });
      expect(c.status).toBe(422);
      expect(Object.keys(c.body.result.errors).sort()).toEqual(['email', 'phone']);
      const taken = await operator.call('POST', '/v1/operator/clients/create/client/check', { ...client, region: 'jpn', email: 'owner@example.com' });
      expect(taken.status).toBe(422);
      expect(taken.body.result.errors.email).toEqual([renderMessage('ja-jp', 'signup.email_exists')]);
      expect((await operator.call('POST', '/v1/operator/clients/create/client/check', { ...client, region: 'jpn' })).status).toBe(200);
      const p = await operator.call('POST', '/v1/operator/clients/create/products/check', { region: 'mys', products: ['lpbuilder'] });
      expect(p.status).toBe(422);
      expect(Object.keys(p.body.result.errors)).toEqual(['products.0']);
      expect(await count()).toBe(0);
      const noKey = await operator.call('POST', '/v1/operator/clients/create', { licence, client, products });
      expect(noKey.status).toBe(422);
      expect(Object.keys(noKey.body.result.errors)).toEqual(['idempotency_key']);
      const emailTaken = await operator.call('POST', '/v1/operator/clients/create', { licence, client: { ...client, email: 'owner@example.com' }, products, idempotency_key: randomUUID() });
      expect(emailTaken.status).toBe(422);
      expect(Object.keys(emailTaken.body.result.errors)).toEqual(['client.email']);
      expect(await count()).toBe(0);
    });

    it('creates one client for a double confirm, invites its owner, and refuses the email the next time', async () => {
      const key = randomUUID();
      const body = { licence, client, products, idempotency_key: key };
      const [a, b] = await Promise.all([operator.call('POST', '/v1/operator/clients/create', body), operator.call('POST', '/v1/operator/clients/create', body)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.result.uuid).toBe(b.body.result.uuid);
      expect([a.body.result.created, b.body.result.created].filter(Boolean)).toHaveLength(1);
      expect(await count()).toBe(1);
      const row = await portal.db.query(`SELECT contract_type, licence_type, partner_uuid::text AS partner FROM jpn_licence.clients WHERE uuid = $1`, [a.body.result.uuid]);
      expect(row[0]).toEqual({ contract_type: 'referral', licence_type: 'normal', partner: DEMO_IDS.partner });
      const held = await portal.db.query(`SELECT product FROM jpn_licence.licences WHERE client_uuid = $1 ORDER BY product`, [a.body.result.uuid]);
      expect(held.map((r) => r.product)).toEqual(['actibook', 'bownow']);
      const mail = await mailTo(portal, 'wizard-owner@example.com', /\/invite\//);
      expect(mail.text).toContain('Wizard Works KK');
      // The same key again (a retry) answers the same client; another key with that email is refused.
      expect((await operator.call('POST', '/v1/operator/clients/create', body)).body.result).toMatchObject({ uuid: a.body.result.uuid, created: false });
      const second = await operator.call('POST', '/v1/operator/clients/create', { ...body, idempotency_key: randomUUID() });
      expect(second.status).toBe(422);
      expect(await count()).toBe(1);
      // The new client is in the operator's list and its partner's.
      expect(uuids(await primary.call('GET', '/v1/partner/clients?per_page=100&q=Wizard'))).toEqual([a.body.result.uuid]);
    });
  });
});
