import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../scripts/seed.js';
import { Agent, backOfficeAgents, mailTo } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 25, point 5: an operator changes a client's company and billing info on its behalf, by the
 * client's own rules, in the client's region's shard (named by the request, not the host); each
 * change is logged with its values before and after, and the client's owners are mailed in their
 * language. Partners and clients are refused. Real PostgreSQL and NATS.
 */
describe('company and billing info on the client\'s behalf', () => {
  let portal: TestPortal;
  let operator: Agent;
  let partner: Agent;
  const operatorUuid = DEMO_ACCOUNTS.find((a) => a.email === 'operator@example.com')!.uuid;
  const entries = (schema: string, operation: string) => portal.db.query<{ account_uuid: string | null; detail: Record<string, unknown> }>(
    `SELECT account_uuid, detail FROM ${schema}_usage_log.operation_logs WHERE operation = $1 ORDER BY occurred_at`, [operation]);
  const logged = (schema: string, operation: string, count = 1) => eventually(async () => {
    const rows = await entries(schema, operation);
    return rows.length >= count ? rows : null;
  });

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'nats' });
    ({ operator, partner } = await backOfficeAgents(portal));
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  describe('company', () => {
    const us = { region: 'usa', uuid: DEMO_IDS.usClient };

    it('changes a US client\'s company from the Japanese host: written in its shard, logged old → new with the operator, the owner mailed in English', async () => {
      const got = await operator.call('GET', `/v1/operator/clients/company?region=usa&uuid=${DEMO_IDS.usClient}`);
      expect(got.status).toBe(200);
      const before = got.body.result as { company_name: string; phone: string; address: string; location: string; postal_code: string; representative: string; corporate_number: string };
      const res = await operator.call('PUT', '/v1/operator/clients/company', {
        ...us, company_name: 'Demo Corp. (renamed)', phone: '+1 415 555 0100', address: before.address, location: before.location,
        postal_code: '94105', representative: before.representative, corporate_number: '',
      });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ company_name: 'Demo Corp. (renamed)', phone: '+1 415 555 0100', postal_code: '94105' });
      const [row] = await portal.db.query<{ company_name: string; phone: string }>(`SELECT company_name, phone FROM usa_licence.clients WHERE uuid = $1`, [DEMO_IDS.usClient]);
      expect(row).toEqual({ company_name: 'Demo Corp. (renamed)', phone: '+1 415 555 0100' });

      const [entry] = await logged('usa', 'company_changed_on_behalf');
      expect(entry!.account_uuid).toBe(operatorUuid);
      expect(entry!.detail).toMatchObject({
        before: { company_name: before.company_name, phone: before.phone },
        after: { company_name: 'Demo Corp. (renamed)', phone: '+1 415 555 0100', postal_code: '94105' },
      });
      expect(entry!.detail.fields).toEqual(expect.arrayContaining(['company_name', 'phone', 'postal_code']));

      const mail = await mailTo(portal, 'owner-us@example.com', /changed the company information/);
      expect(mail.subject).toBe('Your company information was changed on your behalf');
      expect(mail.text).toContain(`Company name: ${before.company_name} → Demo Corp. (renamed)`);
      expect(mail.text).toContain('/company');
      // The time in the client's region's zone (the US host's), not Tokyo's.
      expect(mail.text).not.toMatch(/GMT\+9|JST/);
    });

    it('refuses bad input with 40011 in the caller\'s language and changes nothing', async () => {
      const got = (await operator.call('GET', `/v1/operator/clients/company?region=jpn&uuid=${DEMO_IDS.client}`)).body.result;
      const base = {
        region: 'jpn', uuid: DEMO_IDS.client, company_name: got.company_name, phone: got.phone, address: got.address, location: got.location,
        postal_code: got.postal_code, representative: got.representative, corporate_number: got.corporate_number,
      };
      const badPostal = await operator.call('PUT', '/v1/operator/clients/company', { ...base, company_name: '別の社名', postal_code: '12-34' });
      expect(badPostal.status).toBe(422);
      expect(badPostal.body.result.access_status.code).toBe(40011);
      expect(badPostal.body.result.errors.postal_code[0]).toMatch(/郵便番号/);
      const empty = await operator.call('PUT', '/v1/operator/clients/company', { ...base, company_name: '' });
      expect(empty.status).toBe(422);
      expect(empty.body.result.access_status.code).toBe(40011);
      expect(empty.body.result.errors.company_name).toBeDefined();
      const [row] = await portal.db.query<{ company_name: string }>(`SELECT company_name FROM jpn_licence.clients WHERE uuid = $1`, [DEMO_IDS.client]);
      expect(row!.company_name).toBe(got.company_name);
      await portal.settle();
      expect(await entries('jpn', 'company_changed_on_behalf')).toHaveLength(0);
    });

    it('refuses a client under licence review, as the client\'s own page does', async () => {
      await portal.db.query(`UPDATE jpn_licence.clients SET licence_type = 'reviewing' WHERE uuid = $1`, [DEMO_IDS.secureClient]);
      try {
        const got = (await operator.call('GET', `/v1/operator/clients/company?region=jpn&uuid=${DEMO_IDS.secureClient}`)).body.result;
        expect(got.locked).toBe(true);
        const res = await operator.call('PUT', '/v1/operator/clients/company', {
          region: 'jpn', uuid: DEMO_IDS.secureClient, company_name: 'x', phone: got.phone, address: got.address, location: got.location,
          postal_code: got.postal_code, representative: got.representative, corporate_number: got.corporate_number,
        });
        expect(res.status).toBe(422);
        expect(res.body.result.access_status.code).toBe(40011);
      } finally {
        await portal.db.query(`UPDATE jpn_licence.clients SET licence_type = 'normal' WHERE uuid = $1`, [DEMO_IDS.secureClient]);
      }
    });

    it('is the operator\'s only: partners and clients are refused, an unknown client is not found', async () => {
      const body = { region: 'jpn', uuid: DEMO_IDS.client, company_name: 'x', phone: '03-0000-0000' };
      expect((await partner.call('PUT', '/v1/operator/clients/company', body)).status).toBe(403);
      expect((await partner.call('GET', `/v1/operator/clients/company?region=jpn&uuid=${DEMO_IDS.client}`)).status).toBe(403);
      const owner = new Agent(portal);
      expect((await owner.login('owner@example.com', 'Owner#2026')).status).toBe(200);
      expect((await owner.call('PUT', '/v1/operator/clients/company', body)).status).toBe(403);
      expect((await owner.call('PUT', '/v1/operator/clients/billing_info', body)).status).toBe(403);
      // The client is looked for in the shard the request names: the Japanese client is not in the US one.
      expect((await operator.call('GET', `/v1/operator/clients/company?region=usa&uuid=${DEMO_IDS.client}`)).status).toBe(404);
      expect((await operator.call('GET', `/v1/operator/clients/billing_info?region=usa&uuid=${DEMO_IDS.client}`)).status).toBe(404);
    });
  });

  describe('billing info', () => {
    const jp = { region: 'jpn', uuid: DEMO_IDS.client };
    const info = {
      company_name: 'デモ株式会社', company_kana: 'デモカブシキガイシャ', division: '経理部', division_kana: 'ケイリブ', phone: '03-1234-5678',
      address: '東京都千代田区1-1-1', address_kana: 'トウキョウトチヨダク１－１－１', email: 'billing@example.com',
    };

    it('refuses kana that is not full-width katakana (the client\'s region\'s rule) and writes nothing', async () => {
      // A client that has not registered its billing info yet.
      await portal.db.query(`DELETE FROM jpn_billing.billing_infos WHERE client_uuid = $1`, [DEMO_IDS.client]);
      const res = await operator.call('PUT', '/v1/operator/clients/billing_info', { ...jp, ...info, company_kana: 'でも' });
      expect(res.status).toBe(422);
      expect(res.body.result.access_status.code).toBe(40011);
      expect(res.body.result.errors.company_kana[0]).toMatch(/カタカナ/);
      expect(await portal.db.query(`SELECT 1 FROM jpn_billing.billing_infos WHERE client_uuid = $1`, [DEMO_IDS.client])).toHaveLength(0);
    });

    it('registers, then changes, a Japanese client\'s billing info: logged old → new, the owner mailed in Japanese', async () => {
      const first = await operator.call('PUT', '/v1/operator/clients/billing_info', { ...jp, ...info });
      expect(first.status).toBe(200);
      expect(first.body.result).toMatchObject({ registered: true, kana: true, billing_info: { email: 'billing@example.com' } });
      const res = await operator.call('PUT', '/v1/operator/clients/billing_info', { ...jp, ...info, email: 'invoices@example.com', phone: '03-9999-0000' });
      expect(res.status).toBe(200);
      expect(res.body.result.billing_info).toMatchObject({ email: 'invoices@example.com', phone: '03-9999-0000' });
      const got = await operator.call('GET', `/v1/operator/clients/billing_info?region=jpn&uuid=${DEMO_IDS.client}`);
      expect(got.body.result.billing_info.email).toBe('invoices@example.com');

      const rows = await logged('jpn', 'billing_info_changed_on_behalf', 2);
      expect(rows.map((r) => r.account_uuid)).toEqual([operatorUuid, operatorUuid]);
      expect(rows[0]!.detail).toMatchObject({ registered: true, after: { email: 'billing@example.com' } });
      expect(rows[1]!.detail).toMatchObject({
        fields: ['phone', 'email'], before: { phone: '03-1234-5678', email: 'billing@example.com' }, after: { phone: '03-9999-0000', email: 'invoices@example.com' },
      });

      const mail = await mailTo(portal, 'owner@example.com', /invoices@example\.com/);
      expect(mail.subject).toBe('請求先情報が代理で変更されました');
      expect(mail.text).toContain('billing@example.com → invoices@example.com');
      expect(mail.text).toContain('/billing');
      // Nothing changed: nothing written, logged or mailed.
      const same = await operator.call('PUT', '/v1/operator/clients/billing_info', { ...jp, ...info, email: 'invoices@example.com', phone: '03-9999-0000' });
      expect(same.status).toBe(200);
      await portal.settle();
      expect(await entries('jpn', 'billing_info_changed_on_behalf')).toHaveLength(2);
    });
  });
});
