import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@portal/service-common/clock';
import { Agent, mailTo } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

describe('login', () => {
  let portal: TestPortal;
  const clock = new ManualClock(new Date('2026-11-22T09:00:00Z'));
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('logs in the demo owner with a fresh session, hint cookies and auth info', async () => {
    const agent = new Agent(portal);
    const res = await agent.login('owner@example.com', 'Owner#2026');
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ mfa_required: false, access_status: { code: 20000 } });
    expect(res.body.result.session).toBeUndefined();
    expect(res.body.result.auth_info.authority_info).toMatchObject({ level: 3, context: 'client', company_name: 'デモ商事株式会社', contract_type: 'referral' });
    const sid = agent.cookies.get('sid');
    expect(sid).toMatch(/^jpn\./);
    expect(res.setCookies.find((c) => c.startsWith('sid='))).toMatch(/HttpOnly/i);
    expect(agent.cookies.get('level')).toBe('3');
    expect(agent.cookies.get('contract_type')).toBe('3');
    const me = await agent.call('GET', '/v1/user-auth');
    expect(me.body.result.user_info).toMatchObject({ email: 'owner@example.com', authority: 'owner' });

    // A second login gives a new session id.
    await agent.login('owner@example.com', 'Owner#2026');
    expect(agent.cookies.get('sid')).not.toBe(sid);
  });

  it('requires email, password and privacy agreement, with the spec messages', async () => {
    const res = await new Agent(portal).call('POST', '/v1/login', { email: '', password: '', privacy_agreed: false });
    expect(res.status).toBe(422);
    expect(res.body.result.errors).toEqual({
      email: ['正しいメールアドレスを入力してください。'],
      password: ['パスワードを入力してください。'],
      privacy_agreed: ['プライバシーポリシーに同意してください。'],
    });
  });

  it('refuses a wrong password without saying whether the email exists', async () => {
    const wrong = await new Agent(portal).login('admin@example.com', 'Wrong#2026');
    const unknown = await new Agent(portal).login('nobody@example.com', 'Wrong#2026');
    expect(wrong.body.result.access_status).toEqual(unknown.body.result.access_status);
    expect(wrong.body.result.access_status).toEqual({ code: 40011, message: 'メールアドレスまたはパスワードが正しくありません。' });
  });

  it('locks an account after repeated failures with growing waits, and logs the lockout', async () => {
    const agent = new Agent(portal, { ip: '198.51.100.10' });
    for (let i = 0; i < 4; i++) expect((await agent.login('user@example.com', 'bad-password-1')).body.result.access_status.code).toBe(40011);
    const fifth = await agent.login('user@example.com', 'bad-password-1');
    expect(fifth.body.result.access_status.message).toMatch(/60/);
    // Even the right password is refused while locked.
    expect((await agent.login('user@example.com', 'User#2026')).body.result.access_status.message).toMatch(/60|59/);
    clock.advance(61_000);
    const sixth = await agent.login('user@example.com', 'bad-password-1');
    expect(sixth.body.result.access_status.message).toMatch(/120/);
    clock.advance(121_000);
    expect((await agent.login('user@example.com', 'User#2026')).body.result.access_status.code).toBe(20000);
    // The operation log receives the events through the outbox.
    const operations = await eventually(async () => {
      const rows = await portal.db.query<{ operation: string }>(
        "SELECT operation FROM jpn_usage_log.operation_logs WHERE account_uuid = '0b9f3c5e-7a1d-4c2e-9f00-00000000a005' ORDER BY occurred_at");
      const list = rows.map((r) => r.operation);
      return list.includes('lockout') && list.includes('login') ? list : undefined;
    });
    expect(operations.filter((o) => o === 'lockout')).toHaveLength(2);
    expect(operations.filter((o) => o === 'login_failed').length).toBeGreaterThanOrEqual(7);
  });

  it('refuses a login from outside the client IP list with 40013, and accepts one inside', async () => {
    const outside = await new Agent(portal, { ip: '203.0.113.50' }).login('secure-owner@example.com', 'Secure#2026');
    expect(outside.status).toBe(403);
    expect(outside.body.result.access_status).toEqual({ code: 40013, message: 'ご利用中の回線からのログインは許可されていません。' });
    const inside = await new Agent(portal, { ip: '10.1.2.3' }).login('secure-owner@example.com', 'Secure#2026');
    expect(inside.body.result).toMatchObject({ mfa_required: true });
  });

  it('mails an MFA code: only the latest is valid, single use, 5 wrong tries, 10 minutes, browser remembered', async () => {
    // The previous test's login mailed a code too: let it arrive, then start from an empty mailbox,
    // so that "the newest code" below can only be this test's.
    await mailTo(portal, 'secure-owner@example.com', /\d{6}/);
    portal.mailbox.clear();
    const agent = new Agent(portal, { ip: '10.1.2.4' });
    expect((await agent.login('secure-owner@example.com', 'Secure#2026')).body.result.mfa_required).toBe(true);
    const first = (await mailTo(portal, 'secure-owner@example.com', /\d{6}/)).text.match(/(\d{6})/)![1]!;
    portal.mailbox.clear();
    expect((await agent.login('secure-owner@example.com', 'Secure#2026')).body.result.mfa_required).toBe(true);
    const second = (await mailTo(portal, 'secure-owner@example.com', /\d{6}/)).text.match(/(\d{6})/)![1]!;

    if (first !== second) {
      const old = await agent.login('secure-owner@example.com', 'Secure#2026', { auth_code: first });
      expect(old.body.result.errors).toEqual({ auth_code: ['認証コードを正しく入力してください。'] });
    }
    const ok = await agent.login('secure-owner@example.com', 'Secure#2026', { auth_code: second });
    expect(ok.body.result).toMatchObject({ mfa_required: false, access_status: { code: 20000 } });
    expect(agent.cookies.get('mfa_device')).toBeTruthy();
    // Single use.
    const again = await new Agent(portal, { ip: '10.1.2.4' }).login('secure-owner@example.com', 'Secure#2026', { auth_code: second });
    expect(again.body.result.access_status.code).toBe(40011);
    // The remembered browser logs in without a code.
    expect((await agent.login('secure-owner@example.com', 'Secure#2026')).body.result.mfa_required).toBe(false);

    // Expiry after 10 minutes, and 5 wrong tries.
    const other = new Agent(portal, { ip: '10.1.2.5' });
    portal.mailbox.clear();
    await other.login('secure-owner@example.com', 'Secure#2026');
    const code = (await mailTo(portal, 'secure-owner@example.com', /\d{6}/)).text.match(/(\d{6})/)![1]!;
    clock.advance(10 * 60_000 + 1);
    expect((await other.login('secure-owner@example.com', 'Secure#2026', { auth_code: code })).body.result.errors.auth_code[0]).toMatch(/有効期限/);
    await other.login('secure-owner@example.com', 'Secure#2026');
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await other.login('secure-owner@example.com', 'Secure#2026', { auth_code: wrongCode })).body.result.errors.auth_code[0]).toMatch(/正しく/);
    expect((await other.login('secure-owner@example.com', 'Secure#2026', { auth_code: wrongCode })).body.result.errors.auth_code[0]).toMatch(/回数/);
  });

  it('ends a session at logout, and answers 40000 afterwards', async () => {
    const agent = new Agent(portal);
    await agent.login('admin@example.com', 'Admin#2026');
    const sid = agent.cookies.get('sid')!;
    expect((await agent.call('POST', '/v1/logout', {})).status).toBe(200);
    expect(agent.cookies.has('sid')).toBe(false);
    agent.cookies.set('sid', sid);
    const after = await agent.call('GET', '/v1/user-auth');
    expect(after.status).toBe(401);
    expect(after.body.result.access_status.code).toBe(40000);
  });

  it('expires a session when idle and after its absolute lifetime', async () => {
    const agent = new Agent(portal);
    await agent.login('admin@example.com', 'Admin#2026');
    clock.advance(121 * 60_000);
    expect((await agent.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(40000);
    await agent.login('admin@example.com', 'Admin#2026');
    for (let i = 0; i < 13; i++) {
      clock.advance(60 * 60_000);
      await agent.call('GET', '/v1/user-auth');
    }
    expect((await agent.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(40000);
  });

  it('ends the sessions of a banned account at its next request', async () => {
    const agent = new Agent(portal);
    await agent.login('admin@example.com', 'Admin#2026');
    await portal.db.query("UPDATE jpn_identity.accounts SET status = 'inactive' WHERE email = 'admin@example.com'");
    try {
      expect((await agent.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(40000);
    } finally {
      await portal.db.query("UPDATE jpn_identity.accounts SET status = 'active' WHERE email = 'admin@example.com'");
    }
  });

  it('refuses a state-changing call with the session cookie but without the CSRF token', async () => {
    const agent = new Agent(portal);
    await agent.login('owner@example.com', 'Owner#2026');
    agent.cookies.delete('csrf_token');
    expect((await agent.call('PUT', '/v1/mfaSetting', { enabled: false, validity: '24h' })).status).toBe(403);
  });
});
