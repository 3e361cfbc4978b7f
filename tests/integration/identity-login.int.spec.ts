import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@portal/service-common/clock';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent, mailTo } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

const INVALID = 'メールアドレスまたはパスワードが正しくありません。';
const RETRY_LATER = 'メールアドレスまたはパスワードが正しくありません。ログインの失敗が続くと一時的にログインできなくなります。しばらくしてから再度お試しいただくか、パスワードを再設定してください。';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Every login rule over the real transport: the services behind NATS (JetStream for the outbox
 * events), as in distributed mode. The in-process transport carries the other suites; running
 * this one twice would double its time for no rule the transport decides.
 */
describe.each(['nats'] as const)('login over %s', (transport) => {
  let portal: TestPortal;
  const clock = new ManualClock(new Date('2026-11-22T09:00:00Z'));
  beforeAll(async () => {
    portal = await startTestPortal({ transport, clock });
  });
  afterAll(async () => {
    await portal?.close();
  });

  /**
   * The code of the account's open challenge, read from its mail (mails arrive asynchronously
   * through the outbox, so "the newest mail" could be an earlier one still on its way).
   */
  const currentCode = (email = 'secure-owner@example.com') => eventually(async () => {
    const [row] = await portal.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM jpn_identity.mfa_challenges WHERE account_uuid = (SELECT uuid FROM jpn_identity.accounts WHERE email = $1) AND closed_at IS NULL ORDER BY created_at DESC LIMIT 1', [email]);
    if (!row) return undefined;
    return portal.mailbox.messages({ to: email }).map((m) => m.text.match(/(\d{6})/)?.[1]).find((c) => c !== undefined && sha256(c) === row.code_hash);
  });

  const operations = (email: string) => portal.db.query<{ operation: string; detail: Record<string, unknown> }>(
    'SELECT operation, detail FROM jpn_usage_log.operation_logs WHERE account_uuid = (SELECT uuid::text FROM jpn_identity.accounts WHERE email = $1) ORDER BY occurred_at, id', [email]);

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

  it('logs the demo partner in as a primary partner (DESIGN §8)', async () => {
    const agent = new Agent(portal);
    const res = await agent.login('partner@example.com', 'Partner#2026');
    expect(res.body.result.auth_info.authority_info).toMatchObject({ context: 'primary_partner', partner_uuid: DEMO_IDS.partner, proxy: false });
    expect(agent.cookies.get('login_operator_type')).toBe('2');
    expect((await agent.call('GET', '/v1/user-auth')).body.result.authority_info.context).toBe('primary_partner');
  });

  it('says "please enter" for empty fields and "valid email" for a malformed one (spec §5, §8)', async () => {
    const empty = await new Agent(portal).call('POST', '/v1/login', { email: '', password: '', privacy_agreed: false });
    expect(empty.status).toBe(422);
    expect(empty.body.result.errors).toEqual({
      email: ['メールアドレスを入力してください。'],
      password: ['パスワードを入力してください。'],
      privacy_agreed: ['プライバシーポリシーに同意してください。'],
    });
    const malformed = await new Agent(portal).call('POST', '/v1/login', { email: 'owner@', password: 'x', privacy_agreed: true });
    expect(malformed.body.result.errors).toEqual({ email: ['正しいメールアドレスを入力してください。'] });
    const english = await portal.call('POST', '/v1/login', { body: { email: '  ', password: '', privacy_agreed: true }, headers: { 'x-language': 'en-us' } });
    expect(english.body.result.errors).toEqual({ email: ['Please enter your email address.'], password: ['Please enter your password.'] });
  });

  it('refuses a wrong password without saying whether the email exists', async () => {
    const wrong = await new Agent(portal).login('admin@example.com', 'Wrong#2026');
    const unknown = await new Agent(portal).login('nobody@example.com', 'Wrong#2026');
    expect(wrong.body.result.access_status).toEqual(unknown.body.result.access_status);
    expect(wrong.body.result.access_status).toEqual({ code: 40011, message: INVALID });
  });

  it('locks an account after repeated failures with growing waits, answering as for an unknown address, and mails its owner', async () => {
    const agent = new Agent(portal, { ip: '198.51.100.10' });
    for (let i = 0; i < 4; i++) expect((await agent.login('user@example.com', 'bad-password-1')).body.result.access_status.message).toBe(INVALID);
    const fifth = await agent.login('user@example.com', 'bad-password-1');
    expect(fifth.body.result.access_status).toEqual({ code: 40011, message: RETRY_LATER });
    // An address without an account answers the same after as many attempts (no enumeration).
    const stranger = new Agent(portal, { ip: '198.51.100.11' });
    for (let i = 0; i < 4; i++) expect((await stranger.login('ghost-user@example.com', 'bad-password-1')).body.result.access_status.message).toBe(INVALID);
    expect((await stranger.login('ghost-user@example.com', 'bad-password-1')).body.result.access_status).toEqual(fifth.body.result.access_status);
    // Even the right password is refused while locked.
    expect((await agent.login('user@example.com', 'User#2026')).body.result.access_status.message).toBe(RETRY_LATER);
    // The owner of the account learns why, by mail.
    expect((await mailTo(portal, 'user@example.com', /5回/)).text).toContain('/password_reset');
    clock.advance(61_000);
    expect((await agent.login('user@example.com', 'bad-password-1')).body.result.access_status.message).toBe(RETRY_LATER);
    clock.advance(61_000);
    // The sixth failure locked for 120 s: still refused after 61 s, accepted after 121 s.
    expect((await agent.login('user@example.com', 'User#2026')).body.result.access_status.message).toBe(RETRY_LATER);
    clock.advance(60_000);
    expect((await agent.login('user@example.com', 'User#2026')).body.result.access_status.code).toBe(20000);
    // The operation log receives the events through the outbox.
    const logged = await eventually(async () => {
      const list = (await operations('user@example.com')).map((r) => r.operation);
      return list.includes('lockout') && list.includes('login') ? list : undefined;
    });
    expect(logged.filter((o) => o === 'lockout')).toHaveLength(2);
    expect(logged.filter((o) => o === 'login_failed').length).toBeGreaterThanOrEqual(8);
  });

  it('grows the lockout by a minute per failure up to 15 minutes, never more', async () => {
    // Seventeen failures already (the waits up to there are 60 s steps, as the test above shows).
    await portal.db.query("UPDATE jpn_identity.accounts SET failed_attempts = 17, locked_until = NULL WHERE email = 'admin@example.com'");
    const agent = new Agent(portal, { ip: '198.51.100.12' });
    const lockedFor = async () => {
      const [row] = await portal.db.query<{ locked_until: Date }>("SELECT locked_until FROM jpn_identity.accounts WHERE email = 'admin@example.com'");
      return (row!.locked_until.getTime() - clock.now().getTime()) / 1000;
    };
    const expected = [840, 900, 900, 900];
    for (const [i, seconds] of expected.entries()) {
      expect((await agent.login('admin@example.com', 'bad-password-2')).body.result.access_status.message).toBe(RETRY_LATER);
      expect(await lockedFor(), `failure ${18 + i}`).toBe(seconds);
      if (i < expected.length - 1) clock.advance(seconds * 1000 + 1000);
    }
    clock.advance(899_000);
    expect((await agent.login('admin@example.com', 'Admin#2026')).body.result.access_status.message).toBe(RETRY_LATER);
    clock.advance(2_000);
    expect((await agent.login('admin@example.com', 'Admin#2026')).body.result.access_status.code).toBe(20000);
  });

  it('throttles an address after 30 failures in 10 minutes, whichever accounts it tries', async () => {
    const noisy = new Agent(portal, { ip: '198.51.100.13' });
    for (let i = 0; i < 30; i++) await noisy.login(`probe-${i}@example.com`, 'bad-password-3');
    const refused = await noisy.login('owner@example.com', 'Owner#2026');
    expect(refused.body.result.access_status).toEqual({ code: 40011, message: 'ご利用のネットワークからのログイン試行が多すぎます。数分おいて再度お試しください。' });
    // Another address is not affected; the throttled one recovers when the window has passed.
    expect((await new Agent(portal, { ip: '198.51.100.14' }).login('owner@example.com', 'Owner#2026')).body.result.access_status.code).toBe(20000);
    clock.advance(10 * 60_000 + 1000);
    expect((await noisy.login('owner@example.com', 'Owner#2026')).body.result.access_status.code).toBe(20000);
  });

  it('refuses a login from outside the client IP list with 40013, and accepts one inside', async () => {
    const outside = await new Agent(portal, { ip: '203.0.113.50' }).login('secure-owner@example.com', 'Secure#2026');
    expect(outside.status).toBe(403);
    expect(outside.body.result.access_status).toEqual({ code: 40013, message: 'ご利用中の回線からのログインは許可されていません。' });
    const inside = await new Agent(portal, { ip: '10.1.2.3' }).login('secure-owner@example.com', 'Secure#2026');
    expect(inside.body.result).toMatchObject({ mfa_required: true, resend_after: 30 });
  });

  it('mails an MFA code: a new one after 30 s only, never the same as before, only the latest valid, single use, remembered browser', async () => {
    // The previous test's login mailed a code: start after its cooldown.
    clock.advance(30_000);
    const agent = new Agent(portal, { ip: '10.1.2.4' });
    expect((await agent.login('secure-owner@example.com', 'Secure#2026')).body.result).toMatchObject({ mfa_required: true, resend_after: 30 });
    const first = await currentCode();

    // Too soon for another mail: refused with the wait, and the code step stays open.
    clock.advance(12_000);
    const early = await agent.login('secure-owner@example.com', 'Secure#2026');
    expect(early.status).toBe(422);
    expect(early.body.result).toMatchObject({ mfa_required: true, resend_after: 18, access_status: { code: 40011, message: '認証コードを送信したばかりです。18秒後に再送信できます。' } });

    clock.advance(18_000);
    expect((await agent.login('secure-owner@example.com', 'Secure#2026')).body.result.mfa_required).toBe(true);
    const second = await currentCode();
    expect(second).not.toBe(first);
    const old = await agent.login('secure-owner@example.com', 'Secure#2026', { auth_code: first });
    expect(old.body.result.errors).toEqual({ auth_code: ['認証コードを正しく入力してください。'] });
    const ok = await agent.login('secure-owner@example.com', 'Secure#2026', { auth_code: second });
    expect(ok.body.result).toMatchObject({ mfa_required: false, access_status: { code: 20000 } });
    expect(agent.cookies.get('mfa_device')).toBeTruthy();
    // Single use.
    const again = await new Agent(portal, { ip: '10.1.2.4' }).login('secure-owner@example.com', 'Secure#2026', { auth_code: second });
    expect(again.body.result.access_status.code).toBe(40011);
    // The remembered browser logs in without a code.
    expect((await agent.login('secure-owner@example.com', 'Secure#2026')).body.result.mfa_required).toBe(false);
  });

  it('mails at most five codes in 10 minutes, and expires a code after 10 minutes', async () => {
    clock.advance(30_000);
    const other = new Agent(portal, { ip: '10.1.2.5' });
    await other.login('secure-owner@example.com', 'Secure#2026');
    const code = await currentCode();
    clock.advance(10 * 60_000 + 1);
    expect((await other.login('secure-owner@example.com', 'Secure#2026', { auth_code: code })).body.result.errors.auth_code[0]).toMatch(/有効期限/);

    for (let sent = 1; sent <= 5; sent++) {
      expect((await other.login('secure-owner@example.com', 'Secure#2026')).body.result.mfa_required, `mail ${sent}`).toBe(true);
      clock.advance(30_000);
    }
    // The sixth within 10 minutes of the first: refused until the first is 10 minutes old.
    const capped = await other.login('secure-owner@example.com', 'Secure#2026');
    expect(capped.body.result).toMatchObject({ mfa_required: true, resend_after: 450, access_status: { message: '認証コードの送信回数が上限に達しました。8分後に再度お試しください。' } });
    clock.advance(450_000);
    expect((await other.login('secure-owner@example.com', 'Secure#2026')).body.result).toMatchObject({ mfa_required: true, access_status: { code: 20000 } });
  });

  it('counts wrong codes toward the lockout and the address throttle; five close the code and lock the account', async () => {
    const other = new Agent(portal, { ip: '10.1.2.6' });
    clock.advance(60_000);
    await other.login('secure-owner@example.com', 'Secure#2026');
    const code = await currentCode();
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await other.login('secure-owner@example.com', 'Secure#2026', { auth_code: wrongCode })).body.result.errors.auth_code[0]).toMatch(/正しく/);
    expect((await other.login('secure-owner@example.com', 'Secure#2026', { auth_code: wrongCode })).body.result.errors.auth_code[0]).toMatch(/回数/);
    // Five wrong codes are five failed logins: the account is locked, even for the right code.
    expect((await other.login('secure-owner@example.com', 'Secure#2026', { auth_code: code })).body.result.access_status.message).toBe(RETRY_LATER);
    const [throttle] = await portal.db.query<{ failures: number }>("SELECT failures FROM jpn_identity.login_throttles WHERE ip = '10.1.2.6'");
    expect(throttle!.failures).toBe(5);
    const failed = await eventually(async () => {
      const rows = (await operations('secure-owner@example.com')).filter((r) => r.operation === 'login_failed' && r.detail.reason === 'mfa');
      return rows.length >= 6 ? rows : undefined;
    });
    // (The first is the old code tried after a resend, in an earlier test.)
    expect(failed.map((r) => r.detail.failures)).toEqual([1, 1, 2, 3, 4, 5]);
    clock.advance(61_000);
    await other.login('secure-owner@example.com', 'Secure#2026');
    const fresh = await currentCode();
    expect((await other.login('secure-owner@example.com', 'Secure#2026', { auth_code: fresh })).body.result.access_status.code).toBe(20000);
  });

  it.each([['7d', 7], ['30d', 30]] as const)('remembers the browser for %s when the client chose it', async (validity, days) => {
    await portal.db.query(`UPDATE jpn_identity.tenants SET mfa_validity = $1 WHERE uuid = '${DEMO_IDS.secureClient}'`, [validity]);
    try {
      const agent = new Agent(portal, { ip: '10.1.2.7' });
      clock.advance(30_000);
        expect((await agent.login('secure-owner@example.com', 'Secure#2026')).body.result.mfa_required).toBe(true);
      const code = await currentCode();
      expect((await agent.login('secure-owner@example.com', 'Secure#2026', { auth_code: code })).body.result.access_status.code).toBe(20000);
      clock.advance(days * 24 * 3600_000 - 60_000);
      expect((await agent.login('secure-owner@example.com', 'Secure#2026')).body.result.mfa_required).toBe(false);
      clock.advance(120_000);
      expect((await agent.login('secure-owner@example.com', 'Secure#2026')).body.result.mfa_required).toBe(true);
    } finally {
      await portal.db.query(`UPDATE jpn_identity.tenants SET mfa_validity = '24h' WHERE uuid = '${DEMO_IDS.secureClient}'`);
    }
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

  it('logs out the previous account when another logs in in the same browser (forced logout)', async () => {
    const browser = new Agent(portal);
    await browser.login('owner@example.com', 'Owner#2026');
    const ownerSid = browser.cookies.get('sid')!;
    await browser.login('admin@example.com', 'Admin#2026');
    expect((await browser.call('GET', '/v1/user-auth')).body.result.user_info.email).toBe('admin@example.com');
    const stale = new Agent(portal);
    stale.cookies.set('sid', ownerSid);
    expect((await stale.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(40000);
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

  it('refuses a state-changing call with the session cookie but without the CSRF token, as an expired session', async () => {
    const agent = new Agent(portal);
    await agent.login('owner@example.com', 'Owner#2026');
    agent.cookies.delete('csrf_token');
    const res = await agent.call('PUT', '/v1/mfaSetting', { enabled: false, validity: '24h' });
    expect(res.status).toBe(401);
    expect(res.body.result.access_status.code).toBe(40000);
  });

  it('ends the session of a deleted account at its next request', async () => {
    const user = new Agent(portal);
    expect((await user.login('user@example.com', 'User#2026')).body.result.access_status.code).toBe(20000);
    const owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    const [row] = await portal.db.query<{ uuid: string }>("SELECT uuid FROM jpn_identity.accounts WHERE email = 'user@example.com'");
    expect((await owner.call('DELETE', `/v1/user?uuid=${row!.uuid}`)).body.result.access_status.code).toBe(20000);
    const after = await user.call('GET', '/v1/user-auth');
    expect(after.status).toBe(401);
    expect(after.body.result.access_status.code).toBe(40000);
  });
});

describe('client address behind an untrusted hop', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    // The gateway trusts X-Forwarded-* only from TRUSTED_PROXIES; here loopback is not one.
    portal = await startTestPortal({ transport: 'in-process', env: { TRUSTED_PROXIES: '192.0.2.1' } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('ignores X-Forwarded-For: the IP list and the session see the real peer address', async () => {
    // Forged: an address outside the secure client's list. The peer (loopback) is inside it.
    const forged = await new Agent(portal, { ip: '203.0.113.50' }).login('secure-owner@example.com', 'Secure#2026');
    expect(forged.body.result).toMatchObject({ mfa_required: true, access_status: { code: 20000 } });
    const owner = new Agent(portal, { ip: '198.51.100.99' });
    await owner.login('owner@example.com', 'Owner#2026');
    const sessions = (await owner.call('GET', '/v1/profile/sessions')).body.result.sessions as { current: boolean; ip: string }[];
    expect(sessions.find((s) => s.current)!.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    expect((await owner.call('GET', '/v1/systemSetting')).body.result.current_ip).not.toBe('198.51.100.99');
  });
});
