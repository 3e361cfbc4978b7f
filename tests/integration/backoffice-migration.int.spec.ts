import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '@portal/proto';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent, backOfficeAgents } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 14, slice C: the migration wizard (operator), the partner's client registration wizard and
 * the embedded registration form's public calls with their CORS.
 */
describe('migration, client registration and the embedded form', () => {
  let portal: TestPortal;
  let operator: Agent;
  let partner: Agent;
  const SITE = 'https://shop.partner-site.example';

  const count = async (table: 'migrations' | 'client_registrations') =>
    Number((await portal.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jpn_licence.${table}`))[0]!.n);
  const ja = (key: string, params?: Record<string, string>) => renderMessage('ja-jp', key, params);

  const licence = { licence_type: 'normal', contract_type: 'none' };
  const client = { company_name: '移行テスト株式会社', phone: '03-1234-5678', family_name: '移行', given_name: '太郎', email: `migrate-${randomUUID()}@example.com` };
  const billing = { billing_person: '経理 花子', billing_email: 'billing@example.com', billing_address: '東京都千代田区1-1' };
  const products = { products: [{ product: 'bownow', external_id: 'bn-1001' }, { product: 'actibook', external_id: 'ab-77' }] };

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    ({ operator, partner } = await backOfficeAgents(portal));
  });
  afterAll(async () => {
    await portal?.close();
  });

  describe('migration wizard (operator)', () => {
    it('refuses bad input at every step with the field named, and writes nothing', async () => {
      const cases: [unknown, string][] = [
        [{ step: 'licence', licence_type: 'in_house', contract_type: 'none' }, 'licence_type'],
        [{ step: 'licence', licence_type: 'normal', contract_type: 'referral' }, 'partner_uuid'],
        [{ step: 'licence', licence_type: 'normal', contract_type: 'referral', partner_uuid: randomUUID() }, 'partner_uuid'],
        [{ step: 'client', ...client, email: 'not-an-email' }, 'email'],
        [{ step: 'client', ...client, phone: 'abc' }, 'phone'],
        [{ step: 'billing', ...billing, billing_person: '' }, 'billing_person'],
        [{ step: 'products', products: [] }, 'products'],
        [{ step: 'products', products: [{ product: 'bownow', external_id: 'has space' }] }, 'products.0.external_id'],
        [{ step: 'account', client_uuid: 'nope', email: 'a@example.com' }, 'client_uuid'],
      ];
      for (const [body, field] of cases) {
        const res = await operator.call('POST', '/v1/operator/migrations/check', body);
        expect(res.status, field).toBe(422);
        expect(res.body.result.access_status.code).toBe(40011);
        expect(Object.keys(res.body.result.errors), field).toContain(field);
      }
      for (const step of [{ step: 'licence', ...licence }, { step: 'client', ...client }, { step: 'billing', ...billing }]) {
        const ok = await operator.call('POST', '/v1/operator/migrations/check', step);
        expect(ok.status, step.step).toBe(200);
      }
      expect(await count('migrations')).toBe(0);
    });

    it('proceeds only when every product\'s connection check succeeds', async () => {
      const ok = await operator.call('POST', '/v1/operator/migrations/check', { step: 'products', ...products });
      expect(ok.status).toBe(200);
      expect(ok.body.result.connections).toEqual([{ product: 'bownow', ok: true }, { product: 'actibook', ok: true }]);

      const failing = { products: [{ product: 'bownow', external_id: 'bn-1' }, { product: 'actibook', external_id: 'fail-404' }] };
      const bad = await operator.call('POST', '/v1/operator/migrations/check', { step: 'products', ...failing });
      expect(bad.status).toBe(422);
      expect(bad.body.result.access_status.message).toBe(ja('migration.connection_failed', { products: 'ActiBook' }));
      expect(Object.keys(bad.body.result.errors)).toEqual(['products.1.external_id']);

      // Confirm checks again: a failing product blocks the migration and nothing is written.
      const confirm = await operator.call('POST', '/v1/operator/migrations', { variant: 'new', idempotency_key: randomUUID(), licence, client, billing, products: failing });
      expect(confirm.status).toBe(422);
      expect(await count('migrations')).toBe(0);
    });

    it('refuses a migration email that belongs to another company, with the spec\'s message', async () => {
      const res = await operator.call('POST', '/v1/operator/migrations/check', { step: 'client', ...client, email: 'owner@example.com' });
      expect(res.status).toBe(422);
      expect(res.body.result.errors.email).toEqual([ja('migration.email_other_company')]);
      // The existing-client variant: its own owner's address passes, another company's does not.
      const own = await operator.call('POST', '/v1/operator/migrations/check', { step: 'account', client_uuid: DEMO_IDS.client, email: 'owner@example.com' });
      expect(own.status).toBe(200);
      const other = await operator.call('POST', '/v1/operator/migrations/check', { step: 'account', client_uuid: DEMO_IDS.client, email: 'secure-owner@example.com' });
      expect(other.status).toBe(422);
      expect(other.body.result.errors.email).toEqual([ja('migration.email_other_company')]);
      const gone = await operator.call('POST', '/v1/operator/migrations/check', { step: 'account', client_uuid: randomUUID(), email: 'owner@example.com' });
      expect(gone.body.result.errors.client_uuid).toEqual([ja('migration.client_not_found')]);
      const confirm = await operator.call('POST', '/v1/operator/migrations', { variant: 'new', idempotency_key: randomUUID(), licence, client: { ...client, email: 'owner@example.com' }, billing, products });
      expect(confirm.status).toBe(422);
      expect(confirm.body.result.errors['client.email']).toEqual([ja('migration.email_other_company')]);
      expect(await count('migrations')).toBe(0);
    });

    it('confirms once for a double click or two tabs (one idempotency key, one migration)', async () => {
      const body = { variant: 'new', idempotency_key: randomUUID(), licence, client, billing, products };
      const [a, b] = await Promise.all([operator.call('POST', '/v1/operator/migrations', body), operator.call('POST', '/v1/operator/migrations', body)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.result.uuid).toBe(b.body.result.uuid);
      const again = await operator.call('POST', '/v1/operator/migrations', body);
      expect(again.body.result.uuid).toBe(a.body.result.uuid);
      expect(await count('migrations')).toBe(1);
      expect(a.body.result).toMatchObject({ variant: 'new', company_name: client.company_name, products: ['bownow', 'actibook'], status: 'created' });
      // One client, made by the create-client command: a direct contract, its owner invited.
      const made = await portal.db.query<{ uuid: string; contract_type: string; partner_uuid: string | null }>(
        'SELECT uuid, contract_type, partner_uuid FROM jpn_licence.clients WHERE company_name = $1', [client.company_name]);
      expect(made).toEqual([{ uuid: a.body.result.client_uuid, contract_type: 'none', partner_uuid: null }]);
      const owner = await portal.db.query<{ status: string }>('SELECT status FROM jpn_identity.accounts WHERE email = $1', [client.email]);
      expect(owner).toEqual([{ status: 'invited' }]);

      const existing = await operator.call('POST', '/v1/operator/migrations', {
        variant: 'existing', idempotency_key: randomUUID(), account: { client_uuid: DEMO_IDS.client, email: 'owner@example.com' }, products,
      });
      expect(existing.status).toBe(200);
      expect(existing.body.result).toMatchObject({ variant: 'existing', status: 'created', client_uuid: DEMO_IDS.client });
      const list = await operator.call('GET', '/v1/operator/migrations');
      expect(list.body.result.migrations).toHaveLength(2);
      // Each migration is in its client's log once (the idempotent repeat added none), by the operator.
      await portal.settle();
      const logged = await portal.db.query<{ client_uuid: string; actor_kind: string; detail: { email: string } }>(
        `SELECT client_uuid::text, actor_kind, detail FROM jpn_usage_log.operation_logs WHERE operation = 'client_migration_registered' ORDER BY occurred_at`);
      expect(logged.map((l) => [l.client_uuid, l.actor_kind, l.detail.email])).toEqual([
        [a.body.result.client_uuid, 'operator', client.email.toLowerCase()], [DEMO_IDS.client, 'operator', 'owner@example.com'],
      ]);
    });

    it('is the operator\'s: a partner or a client is refused', async () => {
      expect((await partner.call('POST', '/v1/operator/migrations/check', { step: 'licence', ...licence })).status).toBe(403);
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      expect((await owner.call('GET', '/v1/operator/migrations')).status).toBe(403);
      expect((await owner.call('POST', '/v1/partner/registrations/check', { step: 'client', company_name: 'x', phone: '1' })).status).toBe(403);
    });
  });

  describe('client registration wizard (partner)', () => {
    const account = { family_name: '登録', given_name: '一郎', email: `reg-${randomUUID()}@example.com` };
    const company = { company_name: 'パートナー登録株式会社', phone: '06-0000-1111' };

    it('refuses bad input at each step and writes nothing until confirm', async () => {
      const before = await count('client_registrations');
      for (const [body, field] of [
        [{ step: 'account', ...account, email: 'x' }, 'email'],
        [{ step: 'account', ...account, family_name: ' ' }, 'family_name'],
        [{ step: 'account', ...account, email: 'owner@example.com' }, 'email'],
        [{ step: 'client', ...company, company_name: '' }, 'company_name'],
        [{ step: 'client', ...company, phone: 'phone!' }, 'phone'],
      ] as [unknown, string][]) {
        const res = await partner.call('POST', '/v1/partner/registrations/check', body);
        expect(res.status, field).toBe(422);
        expect(Object.keys(res.body.result.errors), field).toContain(field);
      }
      expect((await partner.call('POST', '/v1/partner/registrations/check', { step: 'account', ...account })).status).toBe(200);
      expect((await partner.call('POST', '/v1/partner/registrations/check', { step: 'client', ...company })).status).toBe(200);
      expect(await count('client_registrations')).toBe(before);
    });

    it('confirms once per idempotency key, into the partner\'s own list', async () => {
      const body = { idempotency_key: randomUUID(), account, client: company };
      const [a, b] = await Promise.all([partner.call('POST', '/v1/partner/registrations', body), partner.call('POST', '/v1/partner/registrations', body)]);
      expect(a.status).toBe(200);
      expect(b.body.result.uuid).toBe(a.body.result.uuid);
      const list = await partner.call('GET', '/v1/partner/registrations');
      expect(list.body.result.registrations.filter((r: { company_name: string }) => r.company_name === company.company_name)).toHaveLength(1);
      expect(a.body.result.status).toBe('created');
      const made = await portal.db.query<{ uuid: string; partner_uuid: string; contract_type: string }>(
        'SELECT uuid, partner_uuid, contract_type FROM jpn_licence.clients WHERE company_name = $1', [company.company_name]);
      expect(made).toEqual([{ uuid: a.body.result.client_uuid, partner_uuid: DEMO_IDS.partner, contract_type: 'referral' }]);
      // In the partner's own client list.
      const mine = await partner.call('GET', `/v1/partner/clients?q=${encodeURIComponent(company.company_name)}`);
      expect(mine.status).toBe(200);
      expect(JSON.stringify(mine.body.result)).toContain(a.body.result.client_uuid);
      expect((await operator.call('GET', '/v1/partner/registrations')).status).toBe(403);
    });
  });

  describe('embedded registration form', () => {
    let token: string;

    it('lets the partner register its site\'s origins (a path or a bad scheme is refused) and gives the embed code', async () => {
      const empty = await partner.call('GET', '/v1/partner/embed_form');
      expect(empty.body.result).toMatchObject({ partner_uuid: DEMO_IDS.partner, origins: [], token: null, snippet: null });
      for (const bad of ['https://shop.example/form', 'ftp://shop.example', 'shop.example']) {
        const res = await partner.call('PUT', '/v1/partner/embed_form', { origins: [bad] });
        expect(res.status, bad).toBe(422);
        expect(res.body.result.errors['origins.0']).toEqual([ja('partner.origin_invalid')]);
      }
      const set = await partner.call('PUT', '/v1/partner/embed_form', { origins: [SITE] });
      expect(set.status).toBe(200);
      token = set.body.result.token;
      expect(token).toMatch(new RegExp(`^${DEMO_IDS.partner}\\.jpn\\.`));
      expect(set.body.result.snippet).toContain('/embed.js');
      expect(set.body.result.snippet).toContain(token);
      // The operator sees the same code for that partner.
      const forms = await operator.call('GET', '/v1/operator/embed_forms');
      expect(forms.body.result.forms).toContainEqual(expect.objectContaining({ partner_uuid: DEMO_IDS.partner, origins: [SITE] }));
      const one = await operator.call('GET', `/v1/operator/embed_form?partner_uuid=${DEMO_IDS.partner}`);
      expect(one.body.result.token).toBe(token);
    });

    it('answers CORS only for the partner\'s registered origins', async () => {
      const path = `/v1/embed/form?token=${encodeURIComponent(token)}`;
      const ok = await fetch(`${portal.url}${path}`, { headers: { origin: SITE } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe(SITE);
      const form = await ok.json() as { result: { fields: string[]; labels: Record<string, string>; agreements: { name: string; url: string | null }[] } };
      expect(form.result.fields).toEqual(['company_name', 'phone', 'family_name', 'given_name', 'email']);
      expect(form.result.labels.company_name).toBe(ja('embed.label.company_name'));
      // Issue 25 item 6: the sign-up's agreements, with their labels and the terms page's link.
      expect(form.result.agreements.map((a) => a.name)).toEqual(['terms_agreed', 'privacy_agreed']);
      expect(form.result.agreements[0]!.url).toMatch(/\/terms$/);
      expect(form.result.labels.terms_agreed).toBe(ja('embed.label.terms_agreed'));
      expect(form.result.labels.privacy_agreed).toBe(ja('embed.label.privacy_agreed'));

      const preflight = await fetch(`${portal.url}/v1/embed/registrations?token=${encodeURIComponent(token)}`, {
        method: 'OPTIONS', headers: { origin: SITE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');

      for (const origin of ['https://evil.example', 'https://shop.partner-site.example:8443', 'http://shop.partner-site.example']) {
        const res = await fetch(`${portal.url}${path}`, { headers: { origin } });
        expect(res.status, origin).toBe(403);
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        const pre = await fetch(`${portal.url}/v1/embed/registrations?token=${encodeURIComponent(token)}`, {
          method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' },
        });
        expect(pre.headers.get('access-control-allow-origin')).toBeNull();
      }
      // The embed script itself is loadable by any page.
      const script = await fetch(`${portal.url}/embed.js`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    });

    it('registers into the token\'s partner, refuses a bad token or a foreign origin, and writes nothing then', async () => {
      const before = await count('client_registrations');
      const fields = { company_name: '埋め込み登録株式会社', phone: '03-9999-0000', family_name: '埋込', given_name: '花子', email: `embed-${randomUUID()}@example.com`, terms_agreed: true, privacy_agreed: true };
      const submit = (t: string, origin: string, extra: Record<string, unknown> = {}) => fetch(`${portal.url}/v1/embed/registrations?token=${encodeURIComponent(t)}`, {
        method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ token: t, idempotency_key: randomUUID(), ...fields, ...extra }),
      });
      const forged = `${DEMO_IDS.partner}.jpn.1.AAAA`;
      const badToken = await fetch(`${portal.url}/v1/embed/registrations`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: forged, idempotency_key: randomUUID(), ...fields }),
      });
      expect(badToken.status).toBe(422);
      expect(((await badToken.json()) as { result: { errors: Record<string, string[]> } }).result.errors.token).toEqual([ja('embed.token_invalid')]);
      expect((await submit(token, 'https://evil.example')).status).toBe(403);
      const badInput = await submit(token, SITE, { email: 'nope' });
      expect(badInput.status).toBe(422);
      expect(badInput.headers.get('access-control-allow-origin')).toBe(SITE);
      // Without both agreements (spec §5): refused on each field, nothing written.
      const unagreed = await submit(token, SITE, { terms_agreed: false, privacy_agreed: undefined });
      expect(unagreed.status).toBe(422);
      expect(Object.keys(((await unagreed.json()) as { result: { errors: Record<string, string[]> } }).result.errors).sort()).toEqual(['privacy_agreed', 'terms_agreed']);
      // A taken email is refused in sign-up words, not the migration's (issue 25 item 6); nothing is written.
      const taken = await submit(token, SITE, { email: 'owner@example.com' });
      expect(taken.status).toBe(422);
      const takenBody = (await taken.json()) as { result: { access_status: { message: string }; errors: Record<string, string[]> } };
      expect(takenBody.result.errors.email).toEqual([ja('signup.email_exists')]);
      expect(takenBody.result.access_status.message).toBe(ja('signup.email_exists'));
      expect(await count('client_registrations')).toBe(before);

      const ok = await submit(token, SITE);
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { result: { message: string } }).result.message).toBe(ja('embed.submitted'));
      const list = await partner.call('GET', '/v1/partner/registrations');
      expect(list.body.result.registrations[0]).toMatchObject({ source: 'embed', company_name: fields.company_name, status: 'created' });
      const made = await portal.db.query<{ partner_uuid: string }>('SELECT partner_uuid FROM jpn_licence.clients WHERE company_name = $1', [fields.company_name]);
      expect(made).toEqual([{ partner_uuid: DEMO_IDS.partner }]);
      // The owner's agreements are kept with the versions current now, as at sign-up (issue 25 item 6).
      await portal.settle();
      const agreed = await portal.db.query<{ kind: string; version: number; occasion: string }>(
        `SELECT a.kind, a.version, a.occasion FROM jpn_licence.agreements a JOIN jpn_licence.clients c ON c.uuid = a.client_uuid
          WHERE c.company_name = $1 ORDER BY a.kind`, [fields.company_name]);
      expect(agreed.map((a) => [a.kind, a.occasion])).toEqual([['privacy', 'signup'], ['terms', 'signup']]);
      expect(agreed.every((a) => a.version >= 1)).toBe(true);

      // New origins issue a new token: the old snippet stops working.
      const moved = await partner.call('PUT', '/v1/partner/embed_form', { origins: [SITE, 'https://www.partner-site.example'] });
      expect(moved.body.result.token).not.toBe(token);
      const stale = await fetch(`${portal.url}/v1/embed/form?token=${encodeURIComponent(token)}`);
      expect(stale.status).toBe(422);
      expect(await count('client_registrations')).toBe(before + 1);
    });

    it('admits the origins set in /partner/settings (one list with the embed-code screen), and refuses the form once registration is off', async () => {
      const OTHER = 'https://www.agency-home.example';
      const settings = (await partner.call('GET', '/v1/partner/settings')).body.result;
      const saved = await partner.call('PUT', '/v1/partner/settings', { ...settings, representative: '代表 太郎', phone: '03-5555-0000', address: '東京都港区1-1', form_origins: [OTHER] });
      expect(saved.status).toBe(200);
      const code = (await partner.call('GET', '/v1/partner/embed_form')).body.result;
      expect(code).toMatchObject({ origins: [OTHER], client_registration: true });
      const fresh = code.token as string;
      const path = `/v1/embed/form?token=${encodeURIComponent(fresh)}`;
      const admitted = await fetch(`${portal.url}${path}`, { headers: { origin: OTHER } });
      expect(admitted.status).toBe(200);
      expect(admitted.headers.get('access-control-allow-origin')).toBe(OTHER);
      expect((await fetch(`${portal.url}${path}`, { headers: { origin: SITE } })).status).toBe(403);

      // The operator's "registers clients itself" switch off: CORS still answers the site, the form refuses with the reason.
      await portal.db.query(`UPDATE global_licence.partners SET client_registration = false WHERE uuid = $1`, [DEMO_IDS.partner]);
      expect((await partner.call('GET', '/v1/partner/embed_form')).body.result).toMatchObject({ client_registration: false, token: fresh });
      const before = await count('client_registrations');
      const refused = await fetch(`${portal.url}${path}`, { headers: { origin: OTHER } });
      expect(refused.status).toBe(422);
      expect(refused.headers.get('access-control-allow-origin')).toBe(OTHER);
      expect(((await refused.json()) as { result: { access_status: { message: string } } }).result.access_status.message).toBe(ja('embed.registration_off'));
      const submit = await fetch(`${portal.url}/v1/embed/registrations?token=${encodeURIComponent(fresh)}`, {
        method: 'POST', headers: { origin: OTHER, 'content-type': 'application/json' },
        body: JSON.stringify({ token: fresh, idempotency_key: randomUUID(), company_name: '登録停止株式会社', phone: '03-1111-2222', family_name: '停止', given_name: '一郎', email: `off-${randomUUID()}@example.com` }),
      });
      expect(submit.status).toBe(422);
      expect(await count('client_registrations')).toBe(before);
      await portal.db.query(`UPDATE global_licence.partners SET client_registration = true WHERE uuid = $1`, [DEMO_IDS.partner]);
    });
  });
});
