import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../scripts/seed.js';
import { Agent, backOfficeAgents, mailTo } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 25, point 5: the client's whole picture on the back-office client info page: its accounts
 * and the operator's actions on them (resend invitation, unlock, MFA reset: scoped, logged,
 * mailed), its licences and contracts, its invoices with failed charges and the next billing date.
 * Real PostgreSQL and NATS.
 */
describe('client picture (back-office client info)', () => {
  let portal: TestPortal;
  let operator: Agent;
  let partner: Agent;
  const demo = `region=jpn&uuid=${DEMO_IDS.client}`;
  const account = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!;
  const user = account('user@example.com');
  const admin = account('admin@example.com');
  const log = (operation: string, email: string) => portal.db.query<{ account_uuid: string | null }>(
    `SELECT account_uuid FROM jpn_usage_log.operation_logs WHERE client_uuid = $1 AND operation = $2 AND detail->>'email' = $3`, [DEMO_IDS.client, operation, email]);
  const operatorUuid = account('operator@example.com').uuid;

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'nats' });
    ({ operator, partner } = await backOfficeAgents(portal));
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  describe('accounts', () => {
    it('lists the client\'s accounts to the operator and to its partner (read-only), and to no other partner scope', async () => {
      const bo = await operator.call('GET', `/v1/operator/clients/accounts?${demo}`);
      expect(bo.status).toBe(200);
      const emails = (bo.body.result.accounts as { email: string }[]).map((a) => a.email);
      expect(emails).toEqual(expect.arrayContaining(['owner@example.com', 'admin@example.com', 'user@example.com']));
      expect(emails[0]).toBe('owner@example.com');
      expect(bo.body.result.actions).toBe(true);
      const own = await partner.call('GET', `/v1/partner/clients/accounts?${demo}`);
      expect(own.status).toBe(200);
      expect(own.body.result.actions).toBe(false);
      // A client outside the partner's scope (direct contract in the usa shard) reads as not found.
      const other = await partner.call('GET', `/v1/partner/clients/accounts?region=usa&uuid=${DEMO_IDS.usClient}`);
      expect(other.status).toBe(404);
      // The operator's actions are the operator's only (the policy table).
      const act = await partner.call('POST', '/v1/operator/clients/accounts/unlock', { region: 'jpn', uuid: DEMO_IDS.client, account_uuid: user.uuid });
      expect(act.status).toBe(403);
    });

    it('refuses an account of another client', async () => {
      const res = await operator.call('POST', '/v1/operator/clients/accounts/mfa_reset', { region: 'usa', uuid: DEMO_IDS.usClient, account_uuid: user.uuid });
      expect(res.status).toBe(422);
      expect(res.body.result.errors.account_uuid).toBeDefined();
      expect(await portal.db.query(`SELECT 1 FROM usa_usage_log.operation_logs WHERE operation = 'account_mfa_reset'`)).toHaveLength(0);
    });

    it('unlocks an account locked by failed logins: logged with the operator, the account mailed, and it logs in again', async () => {
      await portal.db.query(`UPDATE jpn_identity.accounts SET locked_until = now() + interval '1 hour', failed_attempts = 6 WHERE uuid = $1`, [user.uuid]);
      const listed = await operator.call('GET', `/v1/operator/clients/accounts?${demo}`);
      expect(listed.body.result.accounts.find((a: { uuid: string }) => a.uuid === user.uuid).locked).toBe(true);
      const res = await operator.call('POST', '/v1/operator/clients/accounts/unlock', { region: 'jpn', uuid: DEMO_IDS.client, account_uuid: user.uuid });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ uuid: user.uuid, locked: false });
      const [row] = await portal.db.query<{ locked_until: Date | null; failed_attempts: number }>(`SELECT locked_until, failed_attempts FROM jpn_identity.accounts WHERE uuid = $1`, [user.uuid]);
      expect(row).toEqual({ locked_until: null, failed_attempts: 0 });
      await mailTo(portal, user.email, /\/login/);
      expect(await eventually(async () => { const r = await log('account_unlocked', user.email); return r.length ? r : null; })).toEqual([{ account_uuid: operatorUuid }]);
      expect((await new Agent(portal).login(user.email, user.password)).status).toBe(200);
      // Not locked any more: refused in words, nothing logged twice.
      const again = await operator.call('POST', '/v1/operator/clients/accounts/unlock', { region: 'jpn', uuid: DEMO_IDS.client, account_uuid: user.uuid });
      expect(again.status).toBe(422);
      await portal.settle();
      expect(await log('account_unlocked', user.email)).toHaveLength(1);
    });

    it('resets MFA: the remembered browsers and open codes go, logged, the account mailed', async () => {
      await portal.db.query(`INSERT INTO jpn_identity.trusted_devices (token_hash, account_uuid, expires_at) VALUES ('picture-test', $1, now() + interval '7 days')`, [admin.uuid]);
      const before = await operator.call('GET', `/v1/operator/clients/accounts?${demo}`);
      expect(before.body.result.accounts.find((a: { uuid: string }) => a.uuid === admin.uuid).trusted_browsers).toBe(1);
      const res = await operator.call('POST', '/v1/operator/clients/accounts/mfa_reset', { region: 'jpn', uuid: DEMO_IDS.client, account_uuid: admin.uuid });
      expect(res.status).toBe(200);
      expect(res.body.result.trusted_browsers).toBe(0);
      expect(await portal.db.query(`SELECT 1 FROM jpn_identity.trusted_devices WHERE account_uuid = $1`, [admin.uuid])).toHaveLength(0);
      const mail = await mailTo(portal, admin.email, /\/login/);
      expect(mail.subject).toBe('ログイン時の認証をリセットしました');
      expect(await eventually(async () => { const r = await log('account_mfa_reset', admin.email); return r.length ? r : null; })).toEqual([{ account_uuid: operatorUuid }]);
    });

    it('resends an invitation to an invited account (a new link, logged), and refuses an active one', async () => {
      const invited = await operator.call('GET', `/v1/operator/clients/accounts?${demo}`);
      expect(invited.status).toBe(200);
      await portal.db.query(
        `INSERT INTO jpn_identity.accounts (uuid, email, family_name, given_name, kind, authority, tenant_uuid, status, language, updated_at)
         VALUES ('0b9f3c5e-7a1d-4c2e-9f00-0000000bbb01', 'invitee-picture@example.com', '招待', '花子', 'client', 'user', $1, 'invited', 'en-us', now())`, [DEMO_IDS.client]);
      const listed = await operator.call('GET', `/v1/operator/clients/accounts?${demo}`);
      // No live invitation link: it reads expired.
      expect(listed.body.result.accounts.find((a: { email: string }) => a.email === 'invitee-picture@example.com').status).toBe('expired');
      const res = await operator.call('POST', '/v1/operator/clients/accounts/reinvite', { region: 'jpn', uuid: DEMO_IDS.client, account_uuid: '0b9f3c5e-7a1d-4c2e-9f00-0000000bbb01' });
      expect(res.status).toBe(200);
      expect(res.body.result.status).toBe('invited');
      const mail = await mailTo(portal, 'invitee-picture@example.com', /\/invite\/[\w-]+/);
      expect(mail.subject).toContain('デモ商事株式会社');
      await eventually(async () => (await log('account_reinvited', 'invitee-picture@example.com')).length === 1);
      const active = await operator.call('POST', '/v1/operator/clients/accounts/reinvite', { region: 'jpn', uuid: DEMO_IDS.client, account_uuid: user.uuid });
      expect(active.status).toBe(422);
    });
  });

  describe('licences and billing', () => {
    it('lists the licences and contracts with business dates and option names, for the operator and the partner', async () => {
      const res = await operator.call('GET', `/v1/operator/clients/licences?${demo}`);
      expect(res.status).toBe(200);
      const { licences, contracts } = res.body.result as { licences: { product: string; started_on: string }[]; contracts: { product: string; plan_name: string; effective_from: string; options: string[] }[] };
      const rows = await portal.db.query<{ product: string; started_on: string }>(
        `SELECT product, to_char(started_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD') AS started_on FROM jpn_licence.licences WHERE client_uuid = $1 ORDER BY product`, [DEMO_IDS.client]);
      expect(licences.map((l) => ({ product: l.product, started_on: l.started_on }))).toEqual(rows);
      const stored = await portal.db.query<{ id: string; product: string; effective_from: string }>(
        `SELECT id, product, to_char(effective_from, 'YYYY-MM-DD') AS effective_from FROM jpn_licence.contracts WHERE client_uuid = $1`, [DEMO_IDS.client]);
      expect(contracts).toHaveLength(stored.length);
      for (const c of stored) expect(contracts).toContainEqual(expect.objectContaining({ product: c.product, effective_from: c.effective_from }));
      const optionRows = await portal.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM jpn_licence.contract_items i JOIN jpn_licence.contracts c ON c.id = i.contract_id WHERE c.client_uuid = $1 AND i.type IN ('option', 'option_monthly', 'option_shot')`, [DEMO_IDS.client]);
      expect(contracts.flatMap((c) => c.options)).toHaveLength(optionRows[0]!.n);
      expect((await partner.call('GET', `/v1/partner/clients/licences?${demo}`)).status).toBe(200);
      expect((await partner.call('GET', `/v1/partner/clients/licences?region=usa&uuid=${DEMO_IDS.usClient}`)).status).toBe(404);
    });

    it('lists the invoices with their failed charges in words, and the next billing date the client itself is shown', async () => {
      const [invoice] = await portal.db.query<{ id: string }>(`SELECT id FROM jpn_billing.invoices WHERE client_uuid = $1 ORDER BY month DESC LIMIT 1`, [DEMO_IDS.client]);
      expect(invoice).toBeDefined();
      await portal.db.query(`UPDATE jpn_billing.invoices SET status = 'failed', charge_attempts = 3, charge_error = '42G020000' WHERE id = $1`, [invoice!.id]);
      const res = await operator.call('GET', `/v1/operator/clients/billing_overview?${demo}`);
      expect(res.status).toBe(200);
      const failed = res.body.result.invoices.find((i: { id: string }) => i.id === invoice!.id);
      expect(failed).toMatchObject({ status: 'failed', charge_attempts: 3, decline_reason: 'insufficient_funds' });
      const owner = new Agent(portal);
      expect((await owner.login('owner@example.com', 'Owner#2026')).status).toBe(200);
      const own = await owner.call('GET', '/v1/billing/list');
      expect(res.body.result.next_billing_date).toBe(own.body.result.next?.billing_date ?? null);
      expect(res.body.result.next_invoice_month).toBe(own.body.result.next?.month ?? null);
      const pdf = await operator.call('GET', `/v1/operator/clients/invoice_pdf?${demo}&id=${invoice!.id}`);
      expect(pdf.status).toBe(200);
      expect(Buffer.from(pdf.body.result.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      // Partners do not see the provider's invoices (the policy table).
      expect((await partner.call('GET', `/v1/operator/clients/billing_overview?${demo}`)).status).toBe(403);
    });
  });
});
