import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, createRemoteJWKSet, jwtVerify } from 'jose';
import sharp from 'sharp';
import { ManualClock } from '@portal/service-common/clock';
import { renderMessage } from '@portal/proto';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent, mailTo } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Every flow over the real transport (NATS), as in distributed mode. */
describe('identity flows over NATS', () => {
  let portal: TestPortal;
  const clock = new ManualClock(new Date('2026-11-22T09:00:00Z'));
  beforeAll(async () => {
    portal = await startTestPortal({
      transport: 'nats', clock,
      env: { BASIC_AUTH_USER: 'staff', BASIC_AUTH_PASSWORD: 'internal-secret', PRODUCT_LOGIN_URLS: 'actibook=https://actibook.example/sso?token={token}' },
    });
  });
  afterAll(async () => {
    await portal?.close();
  });

  /** A support login by `email` (partner or operator) into `clientUuid`; the browser that uses the link may have another address. */
  async function supportLogin(email: string, password: string, options: { clientUuid?: string; ip?: string; issuerIp?: string } = {}) {
    const actor = new Agent(portal, { ip: options.issuerIp });
    expect((await actor.login(email, password)).body.result.access_status.code).toBe(20000);
    const issued = await actor.call('POST', '/v1/proxy_login/issue', { client_uuid: options.clientUuid ?? DEMO_IDS.client });
    expect(issued.body.result.access_status.code).toBe(20000);
    const support = new Agent(portal, { ip: options.ip });
    const token = decodeURIComponent(issued.body.result.url.split('/proxy_login/')[1]);
    const used = await support.call('POST', '/v1/proxy_login', { access_token: token });
    return { support, used, token };
  }

  const clientLog = async (operation: string) => portal.db.query<{ detail: Record<string, unknown> }>(
    `SELECT detail FROM jpn_usage_log.operation_logs WHERE client_uuid = '${DEMO_IDS.client}' AND operation = $1 ORDER BY occurred_at`, [operation]);

  describe('authorisation by the route policy (spec §6)', () => {
    it('refuses GET /v1/user/list to a level-9 user and lists the company for the owner', async () => {
      const user = new Agent(portal);
      await user.login('user@example.com', 'User#2026');
      expect((await user.call('GET', '/v1/user/list')).status).toBe(403);
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      const list = await owner.call('GET', '/v1/user/list?per_page=2&sort=email');
      expect(list.body.result.total).toBe(3);
      expect(list.body.result.users.map((u: { email: string }) => u.email)).toEqual(['admin@example.com', 'owner@example.com']);
    });

    it('never shows another company\'s accounts', async () => {
      const other = new Agent(portal, { ip: '10.9.9.9' });
      await other.login('secure-owner@example.com', 'Secure#2026');
      // MFA is on for that company: finish it.
      const code = (await mailTo(portal, 'secure-owner@example.com', /\d{6}/)).text.match(/(\d{6})/)![1];
      await other.login('secure-owner@example.com', 'Secure#2026', { auth_code: code });
      const list = await other.call('GET', '/v1/user/list');
      expect(list.body.result.users.map((u: { email: string }) => u.email)).toEqual(['secure-owner@example.com']);
    });

    it('refuses billing to a client under a reseller contract ("contract type 2")', async () => {
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      expect((await owner.call('GET', '/v1/client/billing')).status).toBe(200);
      await portal.db.query(`UPDATE jpn_identity.tenants SET contract_type = 'reseller' WHERE uuid = '${DEMO_IDS.client}'`);
      try {
        expect((await owner.call('GET', '/v1/client/billing')).status).toBe(403);
      } finally {
        await portal.db.query(`UPDATE jpn_identity.tenants SET contract_type = 'referral' WHERE uuid = '${DEMO_IDS.client}'`);
      }
    });

    it('refuses plans to a partner acting in the client area ("operator type 1") and the profile to a support login', async () => {
      const partner = new Agent(portal);
      await partner.login('partner@example.com', 'Partner#2026');
      const issued = await partner.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.client });
      expect(issued.body.result.url).toMatch(/\/proxy_login\/jpn\./);
      const support = new Agent(portal);
      const token = decodeURIComponent(issued.body.result.url.split('/proxy_login/')[1]);
      const login = await support.call('POST', '/v1/proxy_login', { access_token: token });
      expect(login.body.result.access_status.code).toBe(20000);
      expect(support.cookies.get('proxy_ident')).toBeTruthy();
      expect((await support.call('GET', '/v1/plan/client-list')).status).toBe(403);
      expect((await support.call('GET', '/v1/client/billing')).status).toBe(403);
      expect((await support.call('GET', '/v1/profile/sessions')).status).toBe(403);
      expect((await support.call('GET', '/v1/user-auth')).body.result.authority_info).toMatchObject({ proxy: true, company_name: 'デモ商事株式会社' });
      // The link was single-use.
      expect((await new Agent(portal).call('POST', '/v1/proxy_login', { access_token: token })).body.result.access_status.code).toBe(40011);
      // The owner sees the support session, and ends it.
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      const sessions = await owner.call('GET', '/v1/support_sessions');
      expect(sessions.body.result.sessions).toHaveLength(1);
      expect(sessions.body.result.sessions[0].actor).toContain('デモ代理店株式会社');
      await owner.call('DELETE', `/v1/support_sessions?session_id=${sessions.body.result.sessions[0].id}`);
      expect((await support.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(40000);
      const log = await eventually(async () => {
        const rows = await portal.db.query<{ operation: string }>(`SELECT operation FROM jpn_usage_log.operation_logs WHERE client_uuid = '${DEMO_IDS.client}'`);
        return rows.some((r) => r.operation === 'proxy_login') && rows.some((r) => r.operation === 'support_session_ended') ? rows : undefined;
      });
      expect(log.map((r) => r.operation)).toContain('support_session_ended');
    });
  });

  describe('support login refusals', () => {
    it('refuses without the client\'s permission, outside its IP list, and both, with separate messages', async () => {
      const partner = new Agent(portal);
      await partner.login('partner@example.com', 'Partner#2026');
      // The secure client has not permitted its agency, and its IP list excludes 203.0.113.0/24.
      const denied = await partner.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.secureClient });
      expect(denied.body.result.access_status).toEqual({ code: 40400, message: expect.stringContaining('代理ログイン') });
      const fromOutside = new Agent(portal, { ip: '203.0.113.9' });
      await fromOutside.login('partner@example.com', 'Partner#2026');
      const both = await fromOutside.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.secureClient });
      expect(both.body.result.access_status.message).not.toBe(denied.body.result.access_status.message);
      await portal.db.query(`UPDATE jpn_identity.tenants SET partner_proxy_allowed = true WHERE uuid = '${DEMO_IDS.secureClient}'`);
      try {
        const ipOnly = await fromOutside.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.secureClient });
        expect(ipOnly.body.result.access_status.code).toBe(40400);
        expect(new Set([denied.body.result.access_status.message, both.body.result.access_status.message, ipOnly.body.result.access_status.message]).size).toBe(3);
        const inside = await partner.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.secureClient });
        expect(inside.body.result.access_status.code).toBe(20000);
      } finally {
        await portal.db.query(`UPDATE jpn_identity.tenants SET partner_proxy_allowed = false WHERE uuid = '${DEMO_IDS.secureClient}'`);
      }
    });

    it('refuses a client user who calls the issuing route', async () => {
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      expect((await owner.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.client })).status).toBe(403);
    });
  });

  describe('support login', () => {
    it('lets an operator support-login into a client that permits operators, and the owner sees who', async () => {
      const { support, used } = await supportLogin('operator@example.com', 'Operator#2026');
      expect(used.body.result.access_status.code).toBe(20000);
      expect(support.cookies.get('proxy_ident')).toBeTruthy();
      expect((await support.call('GET', '/v1/user-auth')).body.result.authority_info).toMatchObject({ proxy: true, context: 'client', company_name: 'デモ商事株式会社' });
      // An operator in the client area is not "operator type 1": billing is open to it.
      expect((await support.call('GET', '/v1/client/billing')).status).toBe(200);
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      const sessions = (await owner.call('GET', '/v1/support_sessions')).body.result.sessions as { actor: string }[];
      expect(sessions.map((x) => x.actor)).toContain('運用太郎');
      const log = await eventually(async () => (await clientLog('proxy_login')).find((r) => r.detail.actor_kind === 'operator'));
      expect(log.detail.actor).toBe('運用太郎');
    });

    it('checks the client\'s IP restriction against the address that USES the link, not only the issuer\'s', async () => {
      await portal.db.query(`UPDATE jpn_identity.tenants SET partner_proxy_allowed = true WHERE uuid = '${DEMO_IDS.secureClient}'`);
      try {
        const partner = new Agent(portal, { ip: '10.20.30.40' });
        await partner.login('partner@example.com', 'Partner#2026');
        const issued = await partner.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.secureClient });
        expect(issued.body.result.access_status.code).toBe(20000);
        const token = decodeURIComponent(issued.body.result.url.split('/proxy_login/')[1]);
        const outside = await new Agent(portal, { ip: '203.0.113.9' }).call('POST', '/v1/proxy_login', { access_token: token });
        expect(outside.body.result.access_status).toEqual({ code: 40400, message: 'クライアントのIP制限により、ご利用中のアドレスからは代理ログインできません。' });
        // The refusal did not use the link up: from inside the list it opens.
        const inside = new Agent(portal, { ip: '10.20.30.41' });
        expect((await inside.call('POST', '/v1/proxy_login', { access_token: token })).body.result.access_status.code).toBe(20000);
        expect((await inside.call('GET', '/v1/user-auth')).body.result.authority_info.company_name).toBe('セキュア工業株式会社');
      } finally {
        await portal.db.query(`UPDATE jpn_identity.tenants SET partner_proxy_allowed = false WHERE uuid = '${DEMO_IDS.secureClient}'`);
      }
    });

    it('shows a support login the system settings but refuses every change to them (403), changing nothing', async () => {
      const { support } = await supportLogin('partner@example.com', 'Partner#2026', { ip: '198.51.100.60' });
      expect((await support.call('GET', '/v1/systemSetting')).body.result.access_status.code).toBe(20000);
      const before = await portal.db.query(`SELECT ip_restriction_enabled, ip_allowlist, mfa_enabled, partner_proxy_allowed, operator_proxy_allowed FROM jpn_identity.tenants WHERE uuid = '${DEMO_IDS.client}'`);
      for (const [path, body] of [
        ['/v1/ipSetting', { enabled: true, addresses: '198.51.100.60' }],
        ['/v1/mfaSetting', { enabled: true, validity: '30d' }],
        ['/v1/proxyLoginSetting', { partner_allowed: true, operator_allowed: false }],
      ] as const) {
        const refused = await support.call('PUT', path, body);
        expect(refused.status, path).toBe(403);
        expect(refused.body.result.access_status.code).toBe(40300);
      }
      expect(await portal.db.query(`SELECT ip_restriction_enabled, ip_allowlist, mfa_enabled, partner_proxy_allowed, operator_proxy_allowed FROM jpn_identity.tenants WHERE uuid = '${DEMO_IDS.client}'`)).toEqual(before);
    });

    it('ends a support session at its next request when the acting partner account is banned or deleted', async () => {
      // A second member of the partner's staff, so the demo partner stays usable.
      await portal.db.query(`INSERT INTO jpn_identity.accounts (uuid, email, password_hash, family_name, given_name, kind, tenant_uuid, status, language, updated_at)
        SELECT $1, 'partner-staff@example.com', password_hash, '代理', '次郎', 'partner', tenant_uuid, 'active', 'ja-jp', now() FROM jpn_identity.accounts WHERE email = 'partner@example.com'`, [randomUUID()]);
      const banned = (await supportLogin('partner-staff@example.com', 'Partner#2026')).support;
      expect((await banned.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(20000);
      await portal.db.query("UPDATE jpn_identity.accounts SET status = 'inactive' WHERE email = 'partner-staff@example.com'");
      expect((await banned.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(40000);
      await portal.db.query("UPDATE jpn_identity.accounts SET status = 'active' WHERE email = 'partner-staff@example.com'");

      const deleted = (await supportLogin('partner-staff@example.com', 'Partner#2026')).support;
      expect((await deleted.call('GET', '/v1/user/list')).body.result.access_status.code).toBe(20000);
      await portal.db.query("DELETE FROM jpn_identity.accounts WHERE email = 'partner-staff@example.com'");
      expect((await deleted.call('GET', '/v1/user/list')).body.result.access_status.code).toBe(40000);
      const ended = await eventually(async () => {
        const rows = await clientLog('support_session_ended');
        return rows.filter((r) => r.detail.reason === 'actor_inactive').length >= 2 ? rows : undefined;
      });
      expect(ended.map((r) => r.detail.actor)).toContain('代理次郎 (デモ代理店株式会社)');
    });

    it('ends a support session when the client withdraws that party\'s permission', async () => {
      const partner = (await supportLogin('partner@example.com', 'Partner#2026')).support;
      const operator = (await supportLogin('operator@example.com', 'Operator#2026')).support;
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      try {
        await owner.call('PUT', '/v1/proxyLoginSetting', { partner_allowed: false, operator_allowed: true });
        expect((await partner.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(40000);
        expect((await operator.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(20000);
        await owner.call('PUT', '/v1/proxyLoginSetting', { partner_allowed: true, operator_allowed: false });
        expect((await operator.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(40000);
      } finally {
        await owner.call('PUT', '/v1/proxyLoginSetting', { partner_allowed: true, operator_allowed: true });
      }
      const reasons = await eventually(async () => {
        const rows = (await clientLog('support_session_ended')).map((r) => r.detail.reason);
        return rows.filter((r) => r === 'denied').length >= 2 ? rows : undefined;
      });
      expect(reasons).toContain('denied');
    });

    it('ends a support session when the client\'s IP restriction no longer admits its address', async () => {
      const outside = (await supportLogin('partner@example.com', 'Partner#2026', { ip: '203.0.113.77' })).support;
      const inside = (await supportLogin('partner@example.com', 'Partner#2026', { ip: '198.51.100.61' })).support;
      const owner = new Agent(portal, { ip: '198.51.100.23' });
      await owner.login('owner@example.com', 'Owner#2026');
      try {
        expect((await owner.call('PUT', '/v1/ipSetting', { enabled: true, addresses: '198.51.100.0/24' })).body.result.access_status.code).toBe(20000);
        expect((await outside.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(40000);
        expect((await inside.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(20000);
      } finally {
        await owner.call('PUT', '/v1/ipSetting', { enabled: false, addresses: '' });
      }
      const reasons = await eventually(async () => {
        const rows = (await clientLog('support_session_ended')).map((r) => r.detail.reason);
        return rows.includes('ip_denied') ? rows : undefined;
      });
      expect(reasons).toContain('ip_denied');
    });
  });

  describe('product SSO', () => {
    it('issues a single-use, audience-bound token valid 60 s that verifies against the JWKS', async () => {
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      const issued = await owner.call('POST', '/v1/product/sso_login', { product: 'actibook', channel: 'web' });
      expect(issued.body.result.access_status.code).toBe(20000);
      const { token } = issued.body.result;
      const claims = decodeJwt(token);
      expect(claims.aud).toBe('actibook');
      expect(Number(claims.exp) - Number(claims.iat)).toBeLessThanOrEqual(60);
      const jwks = createRemoteJWKSet(new URL(`${portal.url}/.well-known/jwks.json`));
      await expect(jwtVerify(token, jwks, { audience: 'actibook', issuer: 'portal', currentDate: clock.now() })).resolves.toBeTruthy();
      await expect(jwtVerify(token, jwks, { audience: 'bownow', issuer: 'portal', currentDate: clock.now() })).rejects.toThrow();

      const first = await new Agent(portal).call('POST', '/v1/product/sso_consume', { token, product: 'actibook' });
      expect(first.body.result).toMatchObject({ sub: '0b9f3c5e-7a1d-4c2e-9f00-00000000a003', email: 'owner@example.com', product: 'actibook', proxy: false });
      const replay = await new Agent(portal).call('POST', '/v1/product/sso_consume', { token, product: 'actibook' });
      expect(replay.body.result.access_status.code).toBe(40011);
      const wrongAudience = await new Agent(portal).call('POST', '/v1/product/sso_consume', { token, product: 'bownow' });
      expect(wrongAudience.body.result.access_status.code).toBe(40011);
    });

    it('carries target_uri to the product: a path, or a URL on the product\'s own origin; anything else is refused', async () => {
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      const issued = await owner.call('POST', '/v1/product/sso_login', { product: 'actibook', channel: 'web', target_uri: '/books/42?page=3' });
      expect(issued.body.result.redirect_url).toMatch(/^https:\/\/actibook\.example\/sso\?token=/);
      expect(decodeJwt(issued.body.result.token).target_uri).toBe('/books/42?page=3');
      const consumed = await new Agent(portal).call('POST', '/v1/product/sso_consume', { token: issued.body.result.token, product: 'actibook' });
      expect(consumed.body.result.target_uri).toBe('/books/42?page=3');

      const sameOrigin = await owner.call('POST', '/v1/product/sso_login', { product: 'actibook', target_uri: 'https://actibook.example/books/9' });
      expect(decodeJwt(sameOrigin.body.result.token).target_uri).toBe('https://actibook.example/books/9');
      for (const target of ['https://evil.example/phish', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'https://actibook.example.evil.example/x']) {
        const refused = await owner.call('POST', '/v1/product/sso_login', { product: 'actibook', target_uri: target });
        expect(refused.status, target).toBe(422);
        expect(refused.body.result.errors, target).toEqual({ target_uri: ['この遷移先はサービスで開けません。'] });
      }
      const plain = await owner.call('POST', '/v1/product/sso_login', { product: 'actibook' });
      expect(decodeJwt(plain.body.result.token).target_uri).toBeUndefined();
    });

    it('refuses an expired token', async () => {
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      const { token } = (await owner.call('POST', '/v1/product/sso_login', { product: 'actibook' })).body.result;
      clock.advance(61_000);
      expect((await new Agent(portal).call('POST', '/v1/product/sso_consume', { token, product: 'actibook' })).body.result.access_status.code).toBe(40011);
    });

    it('refuses a product the user holds no licence for', async () => {
      const user = new Agent(portal);
      await user.login('user@example.com', 'User#2026');
      expect((await user.call('POST', '/v1/product/sso_login', { product: 'bownow' })).body.result.access_status.code).toBe(40400);
    });

    it('keeps support logins out of the marketing-automation product and the landing-page builder (40400)', async () => {
      const partner = new Agent(portal);
      await partner.login('partner@example.com', 'Partner#2026');
      const url = (await partner.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.client })).body.result.url as string;
      const support = new Agent(portal);
      await support.call('POST', '/v1/proxy_login', { access_token: decodeURIComponent(url.split('/proxy_login/')[1]!) });
      const bownow = await support.call('POST', '/v1/product/proxy_login', { product: 'bownow' });
      const lp = await support.call('POST', '/v1/product/proxy_login', { product: 'lpbuilder' });
      expect(bownow.body.result.access_status).toEqual({ code: 40400, message: expect.any(String) });
      expect(lp.body.result.access_status).toEqual({ code: 40400, message: expect.any(String) });
      expect(bownow.body.result.access_status.message).not.toBe(lp.body.result.access_status.message);
      expect((await support.call('POST', '/v1/product/proxy_login', { product: 'actibook' })).body.result.access_status.code).toBe(20000);
    });

    it('blocks a login whose account is duplicated on the product side', async () => {
      await portal.db.query("UPDATE jpn_identity.accounts SET email = 'owner+dup@example.com' WHERE email = 'owner@example.com'");
      try {
        const owner = new Agent(portal);
        await owner.login('owner+dup@example.com', 'Owner#2026');
        const res = await owner.call('POST', '/v1/product/sso_login', { product: 'actibook' });
        expect(res.body.result.access_status.code).toBe(40405);
        expect(res.body.result.access_status.message).toMatch(/サポート/);
      } finally {
        await portal.db.query("UPDATE jpn_identity.accounts SET email = 'owner@example.com' WHERE email = 'owner+dup@example.com'");
      }
    });
  });

  describe('system settings', () => {
    it('saves IP, MFA and support-login settings with operation-log entries; refuses a list that locks the saver out', async () => {
      const admin = new Agent(portal, { ip: '198.51.100.23' });
      await admin.login('admin@example.com', 'Admin#2026');
      const before = await admin.call('GET', '/v1/systemSetting');
      expect(before.body.result).toMatchObject({ current_ip: '198.51.100.23', ip_restriction: { enabled: false }, mfa: { enabled: false }, proxy_login: { partner_allowed: true, available: true, partner_name: 'デモ代理店株式会社' } });

      const lockout = await admin.call('PUT', '/v1/ipSetting', { enabled: true, addresses: '203.0.113.0/24' });
      expect(lockout.status).toBe(422);
      expect(lockout.body.result.errors.addresses[0]).toContain('198.51.100.23');
      const bad = await admin.call('PUT', '/v1/ipSetting', { enabled: true, addresses: '198.51.100.0/24\nfoo' });
      expect(bad.body.result.errors.addresses).toEqual([renderMessage('ja-jp', 'ip.invalid_entry', { line: 2, value: 'foo' })]);
      // Each bad line is its own message naming it, five of them; the rest are counted.
      const many = await admin.call('PUT', '/v1/ipSetting', { enabled: true, addresses: ['198.51.100.0/24', ...Array.from({ length: 7 }, (_, i) => `bad-${i}`)].join('\n') });
      expect(many.body.result.errors.addresses).toEqual([
        ...[2, 3, 4, 5, 6].map((line) => renderMessage('ja-jp', 'ip.invalid_entry', { line, value: `bad-${line - 2}` })),
        renderMessage('ja-jp', 'ip.more_invalid', { count: 2 }),
      ]);
      const saved = await admin.call('PUT', '/v1/ipSetting', { enabled: true, addresses: '198.51.100.0/24\n2001:db8::/32' });
      expect(saved.body.result.ip_restriction).toEqual({ enabled: true, addresses: ['198.51.100.0/24', '2001:db8::/32'] });

      // An IPv6 address in the range logs in; one outside does not.
      expect((await new Agent(portal, { ip: '2001:db8::42' }).login('user@example.com', 'User#2026')).body.result.access_status.code).toBe(20000);
      expect((await new Agent(portal, { ip: '2001:db9::42' }).login('user@example.com', 'User#2026')).body.result.access_status.code).toBe(40013);
      await admin.call('PUT', '/v1/ipSetting', { enabled: false, addresses: '' });

      const mfa = await admin.call('PUT', '/v1/mfaSetting', { enabled: true, validity: '7d' });
      expect(mfa.body.result.mfa).toEqual({ enabled: true, validity: '7d' });
      expect((await admin.call('PUT', '/v1/mfaSetting', { enabled: true, validity: '1y' })).status).toBe(422);
      await admin.call('PUT', '/v1/mfaSetting', { enabled: false, validity: '24h' });

      const proxy = await admin.call('PUT', '/v1/proxyLoginSetting', { partner_allowed: false, operator_allowed: true });
      expect(proxy.body.result.proxy_login).toMatchObject({ partner_allowed: false, operator_allowed: true });
      await admin.call('PUT', '/v1/proxyLoginSetting', { partner_allowed: true, operator_allowed: true });

      const operations = await eventually(async () => {
        const rows = await portal.db.query<{ operation: string }>(`SELECT operation FROM jpn_usage_log.operation_logs WHERE client_uuid = '${DEMO_IDS.client}' AND operation LIKE '%setting_changed'`);
        return rows.length >= 6 ? rows.map((r) => r.operation) : undefined;
      });
      expect(new Set(operations)).toEqual(new Set(['ip_setting_changed', 'mfa_setting_changed', 'proxy_login_setting_changed']));
    });

    it('saves the same settings without a write, a log entry or an event, and logs only what changed', async () => {
      const admin = new Agent(portal, { ip: '198.51.100.23' });
      await admin.login('admin@example.com', 'Admin#2026');
      const state = async () => ({
        outbox: (await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jpn_identity.outbox'))[0]!.n,
        updated: (await portal.db.query<{ t: Date }>(`SELECT updated_at AS t FROM jpn_identity.tenants WHERE uuid = '${DEMO_IDS.client}'`))[0]!.t.getTime(),
      });
      const current = (await admin.call('GET', '/v1/systemSetting')).body.result;
      const mfaLogs = async () => portal.db.query<{ detail: Record<string, unknown> }>(
        `SELECT detail FROM jpn_usage_log.operation_logs WHERE client_uuid = '${DEMO_IDS.client}' AND operation = 'mfa_setting_changed' ORDER BY occurred_at DESC`);
      const logged = (await eventually(async () => (await mfaLogs()).length >= 2 && (await mfaLogs()))).length;
      const before = await state();
      for (const [path, body] of [
        ['/v1/ipSetting', { enabled: current.ip_restriction.enabled, addresses: current.ip_restriction.addresses.join('\n') }],
        ['/v1/mfaSetting', current.mfa],
        ['/v1/proxyLoginSetting', { partner_allowed: current.proxy_login.partner_allowed, operator_allowed: current.proxy_login.operator_allowed }],
      ] as const) {
        expect((await admin.call('PUT', path, body)).body.result.access_status.code, path).toBe(20000);
      }
      expect(await state()).toEqual(before);
      // Only the validity changes: only it is logged, as words the log can render.
      await admin.call('PUT', '/v1/mfaSetting', { enabled: current.mfa.enabled, validity: current.mfa.validity === '7d' ? '30d' : '7d' });
      expect((await state()).outbox).toBe(before.outbox + 1);
      const newest = await eventually(async () => {
        const rows = await mfaLogs();
        return rows.length === logged + 1 && rows[0];
      });
      expect(Object.keys(newest.detail.before as object)).toEqual(['validity']);
      await admin.call('PUT', '/v1/mfaSetting', current.mfa);
    });

    it('keeps system settings from level 9', async () => {
      const user = new Agent(portal);
      await user.login('user@example.com', 'User#2026');
      expect((await user.call('GET', '/v1/systemSetting')).status).toBe(403);
      expect((await user.call('PUT', '/v1/mfaSetting', { enabled: true, validity: '24h' })).status).toBe(403);
    });
  });

  describe('password reset', () => {
    it('mails a link, sets a new password once, ends other sessions; unknown addresses get the same answer', async () => {
      const elsewhere = new Agent(portal);
      await elsewhere.login('admin@example.com', 'Admin#2026');
      const anon = new Agent(portal);
      const known = await anon.call('POST', '/v1/password_reset', { email: 'admin@example.com' });
      const unknown = await anon.call('POST', '/v1/password_reset', { email: 'ghost@example.com' });
      expect(known.body).toEqual(unknown.body);
      const mail = await mailTo(portal, 'admin@example.com', /password_reset\//);
      const token = mail.text.match(/password_reset\/(\S+)/)![1]!;
      expect((await anon.call('GET', `/v1/password_reset?access_token=${encodeURIComponent(token)}`)).body.result.valid).toBe(true);
      const weak = await anon.call('PUT', '/v1/password_reset', { access_token: token, password: 'alllowercase', password_confirm: 'alllowercase' });
      expect(weak.body.result.errors.password).toBeDefined();
      const mismatch = await anon.call('PUT', '/v1/password_reset', { access_token: token, password: 'NewPass#2026', password_confirm: 'NewPass#2027' });
      expect(mismatch.body.result.errors.password_confirm).toBeDefined();
      expect((await anon.call('PUT', '/v1/password_reset', { access_token: token, password: 'NewPass#2026', password_confirm: 'NewPass#2026' })).body.result.access_status.code).toBe(20000);
      expect((await anon.call('PUT', '/v1/password_reset', { access_token: token, password: 'Other#2026x', password_confirm: 'Other#2026x' })).body.result.access_status.code).toBe(40011);
      expect((await elsewhere.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(40000);
      expect((await new Agent(portal).login('admin@example.com', 'NewPass#2026')).body.result.access_status.code).toBe(20000);
      expect((await new Agent(portal).login('admin@example.com', 'Admin#2026')).body.result.access_status.code).toBe(40011);
      await portal.db.query("UPDATE jpn_identity.accounts SET password_hash = (SELECT password_hash FROM jpn_identity.accounts WHERE email = 'owner@example.com') WHERE email = 'admin@example.com'");
    });
  });

  describe('signup', () => {
    it('temporary registration -> mail -> full registration creates the company and owner in the host region', async () => {
      const anon = new Agent(portal, { host: 'th.portal.example.com' });
      await anon.call('POST', '/v1/signup/temporary', { email: 'new-owner@example.co.th', terms_agreed: true, eu_subject: false });
      const mail = await mailTo(portal, 'new-owner@example.co.th', /signup\//);
      const token = mail.text.match(/signup\/([\w-]+)\/1/)![1]!;
      expect((await anon.call('GET', `/v1/signup?access_token=${token}`)).body.result).toMatchObject({ email: 'new-owner@example.co.th', region: 'tha', name_order: 'given_first' });
      const form = { access_token: token, company_name: 'Siam Marketing Co.', phone: '02-123-4567', family_name: 'Sukjai', given_name: 'Somchai', password: 'Siam#2026x', password_confirm: 'Siam#2026x', terms_agreed: true, privacy_agreed: true,
        position: 'manager', division: 'marketing', industry: 'advertising_marketing', sub_industry: 'digital_marketing', employees: '11-30', budget: 'hours_100_500' };
      const missing = await anon.call('POST', '/v1/client/register', { ...form, company_name: '', terms_agreed: false });
      expect(Object.keys(missing.body.result.errors).sort()).toEqual(['company_name', 'terms_agreed']);
      const image = async (w: number, h: number) => `data:image/png;base64,${(await sharp({ create: { width: w, height: h, channels: 3, background: '#0b7285' } }).png().toBuffer()).toString('base64')}`;
      const tinyLogo = await anon.call('POST', '/v1/client/register', { ...form, logo: await image(100, 100) });
      expect(Object.keys(tinyLogo.body.result.errors)).toEqual(['logo']);
      expect(tinyLogo.body.result.errors.logo[0]).toBe('โลโก้เล็กเกินไป: แต่ละด้านต้องมีอย่างน้อย 160 พิกเซล');
      const done = await anon.call('POST', '/v1/client/register', { ...form, logo: await image(600, 300) });
      expect(done.body.result).toMatchObject({ mfa_required: false, auth_info: { authority_info: { level: 3, company_name: 'Siam Marketing Co.', region: 'tha' } } });
      expect(anon.cookies.get('sid')).toMatch(/^tha\./);
      const clients = await eventually(async () => (await portal.db.query<{ company_name: string; logo_data_url: string }>("SELECT company_name, logo_data_url FROM tha_licence.clients WHERE company_name = 'Siam Marketing Co.'")).at(0));
      expect(clients.company_name).toBe('Siam Marketing Co.');
      const stored = Buffer.from(clients.logo_data_url.replace(/^data:image\/png;base64,/, ''), 'base64');
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 160, height: 160 });
      // The link is used up.
      expect((await anon.call('POST', '/v1/client/register', form)).body.result.access_status.code).toBe(40011);
    });

    it('answers a temporary registration for an existing account the same, and mails "log in or reset" instead of a link', async () => {
      const anon = new Agent(portal);
      const existing = await anon.call('POST', '/v1/signup/temporary', { email: 'admin@example.com', terms_agreed: true });
      const fresh = await anon.call('POST', '/v1/signup/temporary', { email: 'brand-new@example.jp', terms_agreed: true });
      expect(existing.status).toBe(200);
      expect(existing.body).toEqual(fresh.body);
      const mail = await mailTo(portal, 'admin@example.com', /すでに/);
      expect(mail.subject).toBe('すでにアカウントをお持ちです');
      expect(mail.text).toMatch(/\/login/);
      expect(mail.text).toMatch(/\/password_reset/);
      expect(mail.text).not.toMatch(/\/signup\//);
      await mailTo(portal, 'brand-new@example.jp', /signup\//);
      expect(await portal.db.query("SELECT email FROM jpn_identity.temporary_registrations WHERE email IN ('admin@example.com', 'brand-new@example.jp')")).toEqual([{ email: 'brand-new@example.jp' }]);
    });

    it('redirects the bare internal signup paths to their /basicauth/ pages', async () => {
      for (const path of ['/user_internal_signup', '/user_internal_signup_done']) {
        const res = await fetch(`${portal.url}${path}?from=mail`, { redirect: 'manual' });
        expect(res.status, path).toBe(301);
        expect(res.headers.get('location')).toBe(`/basicauth${path}?from=mail`);
      }
    });

    it('keeps internal signup behind basic auth', async () => {
      const anon = new Agent(portal);
      expect((await anon.call('POST', '/v1/signup/internal', { email: 'staff-made@example.jp', terms_agreed: true })).status).toBe(401);
      const res = await fetch(`${portal.url}/v1/signup/internal`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from('staff:internal-secret').toString('base64')}` },
        body: JSON.stringify({ email: 'staff-made@example.jp', terms_agreed: true }),
      });
      expect(res.status).toBe(200);
      expect((await fetch(`${portal.url}/basicauth/user_internal_signup`)).status).toBe(401);
    });
  });

  describe('invitation acceptance', () => {
    async function invite(email: string): Promise<string> {
      const uuid = randomUUID();
      const token = `jpn.${randomUUID().replace(/-/g, '')}${randomUUID().replace(/-/g, '')}`;
      await portal.db.query(`INSERT INTO jpn_identity.accounts (uuid, email, family_name, given_name, kind, authority, tenant_uuid, status, language, updated_at) VALUES ($1, $2, '招待', '花子', 'client', 'user', $3, 'invited', 'ja-jp', now())`, [uuid, email, DEMO_IDS.client]);
      await portal.db.query(`INSERT INTO jpn_identity.one_time_tokens (token_hash, purpose, account_uuid, expires_at) VALUES ($1, 'invitation', $2, $3)`, [sha256(token), uuid, new Date(clock.now().getTime() + 24 * 3600_000)]);
      return token;
    }

    it('sets the password with the agreements and logs in', async () => {
      const token = await invite('invitee@example.com');
      const anon = new Agent(portal);
      expect((await anon.call('GET', `/v1/user/invite?access_token=${token}`)).body.result).toMatchObject({ email: 'invitee@example.com', company_name: 'デモ商事株式会社' });
      const noAgreement = await anon.call('POST', '/v1/user', { access_token: token, password: 'Invite#2026', password_confirm: 'Invite#2026', privacy_agreed: false, terms_agreed: true });
      expect(noAgreement.body.result.errors.privacy_agreed).toBeDefined();
      const ok = await anon.call('POST', '/v1/user', { access_token: token, password: 'Invite#2026', password_confirm: 'Invite#2026', privacy_agreed: true, terms_agreed: true });
      expect(ok.body.result.auth_info.user_info).toMatchObject({ email: 'invitee@example.com', status: 'active' });
    });

    it('expires after 24 hours, marking the account expired', async () => {
      const token = await invite('late@example.com');
      clock.advance(24 * 3600_000 + 1000);
      const res = await new Agent(portal).call('POST', '/v1/user', { access_token: token, password: 'Invite#2026', password_confirm: 'Invite#2026', privacy_agreed: true, terms_agreed: true });
      expect(res.body.result.access_status.code).toBe(40011);
      expect(await portal.db.query("SELECT status FROM jpn_identity.accounts WHERE email = 'late@example.com'")).toEqual([{ status: 'expired' }]);
    });
  });

  describe('sessions in the profile', () => {
    it('lists the user\'s sessions with device and address, and ends another one', async () => {
      const laptop = new Agent(portal, { ip: '198.51.100.77', userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/156.0 Safari/537.36' });
      const phone = new Agent(portal, { ip: '198.51.100.78', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/604.1' });
      await laptop.login('owner@example.com', 'Owner#2026');
      await phone.login('owner@example.com', 'Owner#2026');
      const list = (await laptop.call('GET', '/v1/profile/sessions')).body.result.sessions as { id: string; current: boolean; device: string; ip: string }[];
      const current = list.find((s) => s.current)!;
      expect(current).toMatchObject({ device: 'Chrome on Windows', ip: '198.51.100.77' });
      const other = list.find((s) => s.ip === '198.51.100.78')!;
      expect(other.device).toBe('Safari on iOS');
      expect((await laptop.call('DELETE', `/v1/profile/sessions?session_id=${other.id}`)).status).toBe(200);
      expect((await phone.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(40000);
      expect((await laptop.call('DELETE', '/v1/profile/sessions?session_id=doesnotexist')).body.result.access_status.code).toBe(40011);
    });
  });
});
