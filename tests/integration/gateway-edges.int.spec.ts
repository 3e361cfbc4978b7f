import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

const EXPIRED = 'セッションの有効期限が切れました。再度ログインしてください。';
const UNREADABLE = 'リクエストを読み取れませんでした。ページを再読み込みしてから再度お試しください。';
const UNSUPPORTED = 'この形式のリクエストは受け付けていません。JSON形式で、ファイルのアップロードはフォーム形式で送信してください。';
const PRODUCT = 'https://app.bownow.example';

/**
 * Login and CSRF edges, and the envelope where the request never reached a route
 * (docs/decisions.md, "Hardening: envelope and login edges").
 */
describe('login and CSRF edges', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', env: { PRODUCT_LOGIN_URLS: `bownow=${PRODUCT}/sso?token={token}` } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  const mfaEnabled = async () => (await portal.db.query<{ mfa_enabled: boolean }>(
    "SELECT mfa_enabled FROM jpn_identity.tenants WHERE uuid = (SELECT tenant_uuid FROM jpn_identity.accounts WHERE email = 'owner@example.com')"))[0]?.mfa_enabled;

  describe('target_url', () => {
    it('hands back a path on the portal', async () => {
      const res = await new Agent(portal).login('owner@example.com', 'Owner#2026', { target_url: '/user/list?page=2' });
      expect(res.body.result.access_status.code).toBe(20000);
      expect(res.body.result.target_url).toBe('/user/list?page=2');
    });

    it('hands back a URL on a registered product\'s origin', async () => {
      const res = await new Agent(portal).login('owner@example.com', 'Owner#2026', { target_url: `${PRODUCT}/reports/1` });
      expect(res.body.result.target_url).toBe(`${PRODUCT}/reports/1`);
    });

    it.each([
      'https://evil.example/phish', '//evil.example/phish', '/\\evil.example', 'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>', `${PRODUCT}.evil.example/`, 'http://app.bownow.example/', 'user/list',
    ])('logs in and drops %s without echoing it', async (target) => {
      const agent = new Agent(portal);
      const res = await agent.login('owner@example.com', 'Owner#2026', { target_url: target });
      expect(res.status).toBe(200);
      expect(res.body.result.access_status.code).toBe(20000);
      expect(res.body.result).not.toHaveProperty('target_url');
      expect(JSON.stringify(res.body)).not.toContain('evil');
      expect(agent.cookies.get('sid')).toBeTruthy();
    });
  });

  describe('readable cookies (issue 21 item 7: they carried the email and name)', () => {
    it.each([
      ['owner', 'owner@example.com', 'Owner#2026'], ['partner', 'partner@example.com', 'Partner#2026'], ['operator', 'operator@example.com', 'Operator#2026'],
    ])('gives the %s only spec §3\'s hints and the CSRF token readable; who the user is comes from /v1/user-auth', async (_who, email, password) => {
      const agent = new Agent(portal);
      const login = await agent.login(email, password);
      expect(login.body.result.access_status.code).toBe(20000);
      const set = login.setCookies.map((line) => ({ name: line.slice(0, line.indexOf('=')), value: decodeURIComponent(line.slice(line.indexOf('=') + 1).split(';')[0]!), httpOnly: /;\s*HttpOnly/i.test(line), cleared: /expires=Thu, 01 Jan 1970/i.test(line) }));
      const readable = set.filter((c) => !c.httpOnly && !c.cleared);
      expect(readable.map((c) => c.name).sort()).toEqual(expect.arrayContaining(['csrf_token', 'level', 'login_operator_type']));
      expect(readable.map((c) => c.name).filter((name) => !['level', 'proxy_ident', 'login_operator_type', 'contract_type', 'csrf_token'].includes(name))).toEqual([]);
      const auth = (await agent.call('GET', '/v1/user-auth')).body.result;
      const { uuid, family_name: family, given_name: given } = auth.user_info;
      expect(auth.user_info.email).toBe(email);
      for (const cookie of readable) {
        for (const secret of [email, uuid, family, given, auth.authority_info.client_uuid, auth.authority_info.partner_uuid].filter(Boolean)) {
          expect(cookie.value, cookie.name).not.toContain(secret);
        }
      }
      expect(set.find((c) => c.name === 'sid')?.httpOnly).toBe(true);
      expect(set.find((c) => c.name === 'disp_language')?.httpOnly).toBe(true);
    });

    it('clears the readable cookies of earlier releases (user_email, user_name, ...) at login and logout', async () => {
      const agent = new Agent(portal);
      for (const name of ['user_email', 'user_name', 'user_id', 'company_id', 'proxy_target']) agent.cookies.set(name, 'old');
      await agent.login('owner@example.com', 'Owner#2026');
      expect([...agent.cookies.keys()].filter((name) => ['user_email', 'user_name', 'user_id', 'company_id', 'proxy_target'].includes(name))).toEqual([]);
    });
  });

  describe('a stale session cookie without its CSRF token', () => {
    it('does not block login: an unknown sid', async () => {
      const agent = new Agent(portal);
      agent.cookies.set('sid', 'jpn.stale-session-token-that-no-longer-exists');
      const res = await agent.login('owner@example.com', 'Owner#2026');
      expect(res.status).toBe(200);
      expect(res.body.result.access_status.code).toBe(20000);
      expect(agent.cookies.get('sid')).not.toBe('jpn.stale-session-token-that-no-longer-exists');
      expect(agent.cookies.get('csrf_token')).toBeTruthy();
      expect((await agent.call('GET', '/v1/user-auth')).body.result.user_info.email).toBe('owner@example.com');
    });

    it('does not block login: an ended session, and a live one whose token the browser lost', async () => {
      const agent = new Agent(portal);
      await agent.login('admin@example.com', 'Admin#2026');
      const ended = agent.cookies.get('sid')!;
      await agent.call('POST', '/v1/logout');
      agent.cookies.clear();
      agent.cookies.set('sid', ended);
      expect((await agent.login('admin@example.com', 'Admin#2026')).body.result.access_status.code).toBe(20000);

      agent.cookies.delete('csrf_token');
      const again = await agent.login('owner@example.com', 'Owner#2026');
      expect(again.body.result.access_status.code).toBe(20000);
      expect((await agent.call('GET', '/v1/user-auth')).body.result.user_info.email).toBe('owner@example.com');
    });

    it('does not block logout', async () => {
      const agent = new Agent(portal);
      await agent.login('owner@example.com', 'Owner#2026');
      agent.cookies.delete('csrf_token');
      const res = await agent.call('POST', '/v1/logout');
      expect(res.body.result.access_status.code).toBe(20000);
      expect(agent.cookies.has('sid')).toBe(false);
    });
  });

  describe('a missing or wrong CSRF token on an authenticated call', () => {
    it.each([
      ['missing (no cookie, no header)', () => ({ cookie: undefined, header: undefined })],
      ['missing (cookie, no header)', (token: string) => ({ cookie: token, header: undefined })],
      ['wrong', (token: string) => ({ cookie: token, header: 'x'.repeat(token.length) })],
      ['of another length', (token: string) => ({ cookie: token, header: 'short' })],
    ] as const)('answers %s as an expired session (40000), clears the cookies and changes nothing', async (_, spoil) => {
      const agent = new Agent(portal);
      await agent.login('owner@example.com', 'Owner#2026');
      const before = await mfaEnabled();
      const csrf = spoil(agent.cookies.get('csrf_token')!);
      const cookies = [...agent.cookies].filter(([k]) => k !== 'csrf_token').map(([k, v]) => `${k}=${v}`);
      if (csrf.cookie) cookies.push(`csrf_token=${csrf.cookie}`);
      const res = await fetch(`${portal.url}/v1/mfaSetting`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: cookies.join('; '), ...(csrf.header ? { 'x-csrf-token': csrf.header } : {}) },
        body: JSON.stringify({ enabled: !before, validity: '24h' }),
      });
      expect(res.status).toBe(401);
      expect((await res.json() as { result: unknown }).result).toEqual({ access_status: { code: 40000, message: EXPIRED } });
      // The browser's session cookies go, so the SPA's /login is not sent back to a page that fails again.
      const cleared = res.headers.getSetCookie();
      for (const name of ['sid', 'csrf_token', 'level']) expect(cleared.some((c) => c.startsWith(`${name}=;`)), name).toBe(true);
      expect(await mfaEnabled()).toBe(before);
      // The session itself is not ended by a refused call: the browser that holds the token still works.
      expect((await agent.call('GET', '/v1/systemSetting')).body.result.access_status.code).toBe(20000);
    });
  });
});

describe('the envelope where no route was reached', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    // With the SPA served, as `npm start` runs it: registering its files loaded every route queued
    // so far under Fastify's default error handler, which answered these raw (issue 21 item 2).
    portal = await startTestPortal({ transport: 'in-process', web: true });
  });

  it.each([
    ['open brace', '{'], ['trailing comma', '{"a":1,}'], ['bare word', 'nul'], ['trailing garbage', '{"email":"a@b.c"}x'],
  ])('answers unreadable JSON (%s) with 40011 on every kind of route (500 "input.malformed" before)', async (_label, body) => {
    for (const [method, path] of [['POST', '/v1/login'], ['PUT', '/v1/user'], ['POST', '/v1/signup/temporary'], ['DELETE', '/v1/user'], ['POST', '/v1/no-such-route']]) {
      const res = await fetch(`${portal.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body });
      expect(res.status, `${method} ${path}`).toBe(422);
      expect(await res.json(), `${method} ${path}`).toEqual({ result: { access_status: { code: 40011, message: UNREADABLE } } });
    }
  });

  it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/octet-stream'])(
    'answers a %s body with 40011 (Fastify\'s 415 FST_ERR_CTP_INVALID_MEDIA_TYPE before)', async (type) => {
      for (const [method, path] of [['POST', '/v1/login'], ['PUT', '/v1/user'], ['POST', '/v1/user/invite_csv']]) {
        const res = await fetch(`${portal.url}${path}`, { method, headers: { 'content-type': type }, body: 'a=b' });
        const text = await res.text();
        expect(res.status, `${method} ${path}`).toBe(422);
        expect(JSON.parse(text).result.access_status, `${method} ${path}`).toEqual({ code: 40011, message: UNSUPPORTED });
        expect(text).not.toMatch(/FST_|statusCode/);
      }
    });
  afterAll(async () => {
    await portal?.close();
  });

  it('refuses a CSV upload without a multipart boundary with 40011 on the file (HTTP 500 before)', async () => {
    const owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    const res = await fetch(`${portal.url}/v1/user/invite_csv`, {
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data',
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': owner.cookies.get('csrf_token')!,
      },
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nemail,family_name,given_name\r\n--x--\r\n',
    });
    expect(res.status).toBe(422);
    const body = await res.json() as { result: { access_status: { code: number }; errors: Record<string, string[]> } };
    expect(body.result.access_status.code).toBe(40011);
    expect(body.result.errors).toEqual({ file: [UNREADABLE] });
    expect(JSON.stringify(body)).not.toMatch(/Boundary|FST_/);
  });

  it('answers a body over the limit with the envelope (413 without it before)', async () => {
    const res = await portal.call('POST', '/v1/signup/temporary', { body: { email: `${'a'.repeat(5 * 1024 * 1024)}@example.com`, terms_agreed: true } });
    expect(res.status).toBe(422);
    expect(res.body.result.access_status).toEqual({ code: 40011, message: 'リクエストのサイズが大きすぎます。' });
  });

  it('answers an HTTP/1.1 request without a Host header with the envelope (Node\'s bare 400 before)', async () => {
    const { port } = new URL(portal.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.end('GET /v1/maintenance/status HTTP/1.1\r\nConnection: close\r\n\r\n'));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => { text += chunk; });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 422 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ result: { access_status: { code: 40011, message: UNREADABLE } } });
  });

  it('answers a request Node cannot read (headers over its limit) with the envelope', async () => {
    const { port } = new URL(portal.url);
    const answer = await new Promise<{ status: number; body: string; type: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: `/v1/maintenance/status?q=${'x'.repeat(20_000)}`, method: 'GET' }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => { body += chunk; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type']) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(answer.type).toContain('application/json');
    expect(JSON.parse(answer.body)).toEqual({ result: { access_status: { code: 40011, message: UNREADABLE } } });
  });
});
