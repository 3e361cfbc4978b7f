import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { CLIENT_BULK_MAX, renderMessage, type TShard } from '@portal/proto';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 25 point 4 (one search) and point 5's bulk actions on the client list, over NATS: licence
 * asks identity (accounts) and billing (invoices) for the clients a term matches, and applies the
 * caller's scope to the answer; the selection's suspend, notice draft and CSV.
 */
describe('client list: one search and bulk actions', () => {
  let portal: TestPortal;
  let operator: Agent;
  let primary: Agent;
  let other: Agent;
  const ids = {
    otherPartner: randomUUID(), otherPartnerAccount: randomUUID(),
    mine: randomUUID(), mineOwner: randomUUID(), mineUser: randomUUID(),
    theirs: randomUUID(), theirsOwner: randomUUID(),
    usa: randomUUID(), bulk1: randomUUID(), bulk2: randomUUID(), untouched: randomUUID(),
  };
  const invoiceNumber = 'JPN-202611-097531';
  const password = 'Search#2026x';

  async function addClient(c: { shard: TShard; uuid: string; name: string; partner?: string | null; status?: string }) {
    const contract = c.partner ? 'referral' : 'none';
    await portal.db.query(
      `INSERT INTO "${c.shard}_licence".clients (uuid, company_name, region, contract_type, licence_type, status, partner_uuid, updated_at)
       VALUES ($1, $2, $3, $4, 'normal', $5, $6, now())`, [c.uuid, c.name, c.shard, contract, c.status ?? 'active', c.partner ?? null]);
    await portal.db.query(
      `INSERT INTO "${c.shard}_identity".tenants (uuid, kind, name, contract_type, partner_uuid, licence_type, status, updated_at) VALUES ($1, 'client', $2, $3, $4, 'normal', $5, now())`,
      [c.uuid, c.name, contract, c.partner ?? null, c.status ?? 'active']);
  }
  async function addAccount(a: { shard: TShard; uuid: string; email: string; family: string; given: string; tenant: string; kind?: string; authority?: string | null }) {
    await portal.db.query(
      `INSERT INTO "${a.shard}_identity".accounts (uuid, email, password_hash, family_name, given_name, kind, authority, tenant_uuid, status, language, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'active', 'ja-jp', now())`,
      [a.uuid, a.email, await hash(password), a.family, a.given, a.kind ?? 'client', a.kind === 'partner' ? null : (a.authority ?? 'user'), a.tenant]);
  }

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'nats' });
    // Another (primary) partner with a login of its own.
    await portal.db.query(`INSERT INTO jpn_identity.tenants (uuid, kind, name, contract_type, updated_at) VALUES ($1, 'partner', 'Rival Agency KK', 'primary', now())`, [ids.otherPartner]);
    await portal.db.query(
      `INSERT INTO global_licence.partners (uuid, name, region, is_primary, grantable_contracts, owner_email, owner_family_name, owner_given_name, updated_at)
       VALUES ($1, 'Rival Agency KK', 'jpn', true, 'both', 'rival-owner@example.org', '鷹野', '蓮', now())`, [ids.otherPartner]);
    await addAccount({ shard: 'jpn', uuid: ids.otherPartnerAccount, email: 'rival-staff@example.org', family: '峰岸', given: '結衣', tenant: ids.otherPartner, kind: 'partner' });

    // The demo partner's client: an owner, and a user whose email and name are searched for.
    await addClient({ shard: 'jpn', uuid: ids.mine, name: 'Searchable Trading KK', partner: DEMO_IDS.partner });
    await addAccount({ shard: 'jpn', uuid: ids.mineOwner, email: 'mine-owner@example.com', family: '柊木', given: '蒼汰', tenant: ids.mine, authority: 'owner' });
    await addAccount({ shard: 'jpn', uuid: ids.mineUser, email: 'zeta.user@example.net', family: '榊原', given: '美月', tenant: ids.mine });
    // The rival's client: an owner with the same name as the demo partner's client's owner.
    await addClient({ shard: 'jpn', uuid: ids.theirs, name: 'Rival Client KK', partner: ids.otherPartner });
    await addAccount({ shard: 'jpn', uuid: ids.theirsOwner, email: 'theirs-owner@example.com', family: '柊木', given: '蒼汰', tenant: ids.theirs, authority: 'owner' });
    // An invoice of the demo partner's client.
    await portal.db.query(
      `INSERT INTO jpn_billing.invoices (number, client_uuid, month, issued_on, billing_date, company_name, language, currency, subtotal_minor, tax_minor,
         total_minor, charge_currency, charge_total_minor, tax_summary, issuer_name, status, payment_method)
       VALUES ($1, $2, '2026-11', '2026-11-01', '2026-11-30', 'Searchable Trading KK', 'ja-jp', 'JPY', 1000, 100, 1100, 'JPY', 1100, '[]'::jsonb, 'Portal', 'billed', 'card')`,
      [invoiceNumber, ids.mine]);
    // Clients for the bulk actions, in two shards.
    await addClient({ shard: 'usa', uuid: ids.usa, name: 'Bulk Usa Inc.' });
    await addClient({ shard: 'jpn', uuid: ids.bulk1, name: 'Bulk One KK', partner: DEMO_IDS.partner });
    await addClient({ shard: 'usa', uuid: ids.bulk2, name: 'Bulk Two Inc.' });
    await addClient({ shard: 'jpn', uuid: ids.untouched, name: 'Bulk Untouched KK' });

    operator = new Agent(portal);
    primary = new Agent(portal);
    other = new Agent(portal);
    expect((await operator.login('operator@example.com', 'Operator#2026')).status).toBe(200);
    expect((await primary.login('partner@example.com', 'Partner#2026')).status).toBe(200);
    expect((await other.login('rival-staff@example.org', password)).status).toBe(200);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const found = async (agent: Agent, area: 'operator' | 'partner', q: string) => {
    const res = await agent.call('GET', `/v1/${area}/clients?per_page=100&q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return res.body.result as { clients: { uuid: string }[]; total: number; exact: { region: string; uuid: string } | null; search_truncated: boolean };
  };
  const uuids = (list: { clients: { uuid: string }[] }) => list.clients.map((c) => c.uuid).sort();

  describe('one search', () => {
    it('finds a client by part of its company name', async () => {
      expect(uuids(await found(operator, 'operator', 'searchable trad'))).toEqual([ids.mine]);
    });

    it("finds a client by a non-owner account's email, whole or in part", async () => {
      expect(uuids(await found(operator, 'operator', 'zeta.user@example.net'))).toEqual([ids.mine]);
      expect(uuids(await found(operator, 'operator', 'zeta.user@'))).toEqual([ids.mine]);
    });

    it('goes straight to the client of a UUID', async () => {
      const list = await found(operator, 'operator', ids.mine.toUpperCase());
      expect(uuids(list)).toEqual([ids.mine]);
      expect(list.exact).toEqual({ region: 'jpn', uuid: ids.mine });
    });

    it('finds a person by name in either order, with or without the space; a two-letter name whole', async () => {
      for (const q of ['柊木蒼汰', '柊木 蒼汰', '蒼汰 柊木', '蒼汰柊木', '柊木蒼']) {
        expect(uuids(await found(operator, 'operator', q)), q).toEqual([ids.mine, ids.theirs].sort());
      }
      expect(uuids(await found(operator, 'operator', '榊原'))).toEqual([ids.mine]);
      expect(uuids(await found(operator, 'operator', '美月 榊原'))).toEqual([ids.mine]);
      expect((await found(operator, 'operator', '柊木 美月')).clients).toEqual([]);
    });

    it('goes straight to the client of an invoice number', async () => {
      const list = await found(operator, 'operator', invoiceNumber.toLowerCase());
      expect(uuids(list)).toEqual([ids.mine]);
      expect(list.exact).toEqual({ region: 'jpn', uuid: ids.mine });
      expect((await found(operator, 'operator', 'JPN-202611-000000')).clients).toEqual([]);
    });

    it("never gives a partner another partner's client, by any field", async () => {
      expect(uuids(await found(primary, 'partner', '柊木蒼汰'))).toEqual([ids.mine]);
      expect(uuids(await found(other, 'partner', '柊木蒼汰'))).toEqual([ids.theirs]);
      for (const q of ['zeta.user@example.net', 'Searchable', ids.mine, invoiceNumber, '榊原']) {
        const list = await found(other, 'partner', q);
        expect(list.clients, q).toEqual([]);
        expect(list.exact, q).toBeNull();
      }
      for (const q of ['theirs-owner@example.com', 'Rival Client', ids.theirs]) expect((await found(primary, 'partner', q)).clients, q).toEqual([]);
    });

    it('searches the partner list by name, owner email and name, a staff account, and UUID; sorts by name', async () => {
      const partners = async (q: string, extra = '') => {
        const res = await operator.call('GET', `/v1/operator/partners?per_page=100&q=${encodeURIComponent(q)}${extra}`);
        expect(res.status).toBe(200);
        return res.body.result as { partners: { uuid: string; company_name: string }[]; exact: string | null };
      };
      for (const q of ['rival agen', 'rival-owner@example', '蓮鷹野', '鷹野 蓮', 'rival-staff@example.org', '結衣峰岸']) {
        expect((await partners(q)).partners.map((p) => p.uuid), q).toEqual([ids.otherPartner]);
      }
      const exact = await partners(ids.otherPartner);
      expect(exact.exact).toBe(ids.otherPartner);
      const byName = await partners('', '&sort=company_name&order=asc');
      const names = byName.partners.map((p) => p.company_name);
      expect(names).toEqual([...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
      expect((await other.call('GET', '/v1/operator/partners?q=x')).status).toBe(403);
    });
  });

  describe('bulk actions', () => {
    it('suspends exactly the selected clients, each logged, and says what happened to each', async () => {
      const missing = randomUUID();
      const res = await operator.call('POST', '/v1/operator/clients/bulk/suspend', {
        clients: [{ region: 'jpn', uuid: ids.bulk1 }, { region: 'usa', uuid: ids.bulk2 }, { region: 'jpn', uuid: missing }],
      });
      expect(res.status).toBe(200);
      expect(res.body.result.suspended).toBe(2);
      const outcome = Object.fromEntries((res.body.result.results as { uuid: string; outcome: string; company_name: string | null }[]).map((r) => [r.uuid, [r.outcome, r.company_name]]));
      expect(outcome).toEqual({ [ids.bulk1]: ['suspended', 'Bulk One KK'], [ids.bulk2]: ['suspended', 'Bulk Two Inc.'], [missing]: ['not_found', null] });
      const status = async (shard: TShard, uuid: string) => (await portal.db.query(`SELECT status FROM "${shard}_licence".clients WHERE uuid = $1`, [uuid]))[0].status;
      expect(await status('jpn', ids.bulk1)).toBe('inactive');
      expect(await status('usa', ids.bulk2)).toBe('inactive');
      expect(await status('jpn', ids.untouched)).toBe('active');
      expect(await status('usa', ids.usa)).toBe('active');
      await portal.settle();
      for (const [shard, uuid] of [['jpn', ids.bulk1], ['usa', ids.bulk2]] as const) {
        const log = await portal.db.query<{ operation: string }>(`SELECT operation FROM "${shard}_usage_log".operation_logs WHERE client_uuid = $1 AND operation LIKE 'client_%'`, [uuid]);
        expect(log.map((r: { operation: string }) => r.operation)).toEqual(['client_suspended']);
      }
      // Again: already suspended, nothing more logged.
      const again = await operator.call('POST', '/v1/operator/clients/bulk/suspend', { clients: [{ region: 'jpn', uuid: ids.bulk1 }] });
      expect(again.body.result).toMatchObject({ suspended: 0, results: [{ uuid: ids.bulk1, outcome: 'already_suspended' }] });
    });

    it('refuses a selection over the cap, and suspends nothing', async () => {
      const clients = Array.from({ length: CLIENT_BULK_MAX + 1 }, (_, i) => ({ region: 'jpn', uuid: i === 0 ? ids.untouched : randomUUID() }));
      const res = await operator.call('POST', '/v1/operator/clients/bulk/suspend', { clients });
      expect(res.status).toBe(422);
      expect(res.body.result.errors.clients).toBeTruthy();
      expect((await portal.db.query(`SELECT status FROM jpn_licence.clients WHERE uuid = $1`, [ids.untouched]))[0].status).toBe('active');
    });

    it("lets a partner suspend only its own clients", async () => {
      const res = await other.call('POST', '/v1/partner/clients/bulk/suspend', { clients: [{ region: 'jpn', uuid: ids.mine }, { region: 'jpn', uuid: ids.theirs }] });
      expect(res.status).toBe(200);
      const outcome = Object.fromEntries((res.body.result.results as { uuid: string; outcome: string }[]).map((r) => [r.uuid, r.outcome]));
      expect(outcome).toEqual({ [ids.mine]: 'not_found', [ids.theirs]: 'suspended' });
      expect((await portal.db.query(`SELECT status FROM jpn_licence.clients WHERE uuid = $1`, [ids.mine]))[0].status).toBe('active');
      // The notice draft is the operator's only.
      expect((await other.call('POST', '/v1/operator/notices/draft_for_clients', { clients: [{ region: 'jpn', uuid: ids.theirs }], title: 't', body: 'b' })).status).toBe(403);
    });

    it('creates a notice draft to exactly the selected clients, delivered to no one yet', async () => {
      // The host's region (jpn) keeps its notices: a client of another region is refused, named by count.
      const elsewhere = await operator.call('POST', '/v1/operator/notices/draft_for_clients', {
        clients: [{ region: 'jpn', uuid: ids.mine }, { region: 'usa', uuid: ids.usa }], title: 'Maintenance for you', body: '<p>Hello</p>',
      });
      expect(elsewhere.status).toBe(422);
      expect(elsewhere.body.result.errors.clients).toEqual([renderMessage('ja-jp', 'notice.selection_other_region', { count: 1 })]);
      const res = await operator.call('POST', '/v1/operator/notices/draft_for_clients', {
        clients: [{ region: 'jpn', uuid: ids.mine }, { region: 'jpn', uuid: ids.bulk1 }], title: 'Maintenance for you', body: '<p>Hello</p>',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const notice = res.body.result.notice;
      expect(notice).toMatchObject({ state: 'draft', target: 'csv', audience: 2, starts_at: null, title: 'Maintenance for you' });
      expect((notice.clients as { client_uuid: string }[]).map((c) => c.client_uuid).sort()).toEqual([ids.mine, ids.bulk1].sort());
      const targets = await portal.db.query<{ uuid: string }>(`SELECT client_uuid::text AS uuid FROM jpn_notification.notice_targets WHERE notice_id = $1 AND selected ORDER BY 1`, [notice.id]);
      expect(targets.map((t: { uuid: string }) => t.uuid)).toEqual([ids.mine, ids.bulk1].sort());
      // The selected clients are its audience, and no other; as a draft it reaches none of them yet.
      const preview = await operator.call('GET', `/v1/operator/notice/preview?id=${notice.id}&client_uuid=${ids.mine}`);
      expect(preview.body.result.in_audience).toBe(true);
      const outside = await operator.call('GET', `/v1/operator/notice/preview?id=${notice.id}&client_uuid=${ids.untouched}`);
      expect(outside.body.result.in_audience).toBe(false);
      const delivered = await portal.db.query(`SELECT count(*)::int AS n FROM jpn_notification.notices WHERE id = $1 AND draft = false`, [notice.id]);
      expect(delivered[0].n).toBe(0);
    });

    it("exports the selection with the client list CSV's columns and labels", async () => {
      const res = await operator.call('POST', '/v1/operator/clients/bulk/csv', {
        clients: [{ region: 'usa', uuid: ids.usa }, { region: 'jpn', uuid: ids.mine }, { region: 'jpn', uuid: ids.theirs }], sort: 'company_name', order: 'asc',
      });
      expect(res.status).toBe(200);
      const lines = (res.body.result.content as string).replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(res.body.result.rows).toBe(3);
      const list = await operator.call('GET', '/v1/operator/clients/csv?sort=company_name&order=asc&q=Searchable');
      const listLines = (list.body.result.content as string).replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe(listLines[0]);
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([ids.usa, ids.theirs, ids.mine]);
      expect(lines).toContain(listLines[1]);
      // A partner's export leaves out what is not in its scope.
      const partner = await primary.call('POST', '/v1/partner/clients/bulk/csv', { clients: [{ region: 'jpn', uuid: ids.mine }, { region: 'jpn', uuid: ids.theirs }] });
      expect(partner.body.result.rows).toBe(1);
    });
  });
});
