import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '@portal/proto';
import { ManualClock } from '@portal/service-common/clock';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 21, items 1 and 6. A support session (a partner or operator logged in to a client) works
 * at the user level: it plants no admin, takes over no account through an email change, touches no
 * security setting; every account it creates or changes carries its actor's name; the client's
 * owners get a summary of what it did when it ends, however it ends; a withdrawn permission ends it
 * at once. A support link for another partner's client is refused as for a client that does not exist.
 */
const ADMIN = '0b9f3c5e-7a1d-4c2e-9f00-00000000a004';
const USER = '0b9f3c5e-7a1d-4c2e-9f00-00000000a005';
const ja = (key: string, params?: Record<string, string | number>) => renderMessage('ja-jp', key, params);

/** A support session into the demo client, opened by a fresh browser (or `browser`, replacing its session). */
async function startSupport(portal: TestPortal, actor: 'partner' | 'operator' = 'partner', browser = new Agent(portal)) {
  const issuer = new Agent(portal);
  const [email, password] = actor === 'partner' ? ['partner@example.com', 'Partner#2026'] : ['operator@example.com', 'Operator#2026'];
  expect((await issuer.login(email, password)).status).toBe(200);
  const issued = await issuer.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.client });
  expect(issued.body.result.access_status.code).toBe(20000);
  const token = decodeURIComponent((issued.body.result.url as string).split('/proxy_login/')[1]!);
  const used = await browser.call('POST', '/v1/proxy_login', { access_token: token });
  expect(used.body.result.access_status.code).toBe(20000);
  return browser;
}

/** The open support sessions into the demo client, newest first. */
const openSupport = (portal: TestPortal) => portal.db.query<{ id: string; actor_name: string; actor_kind: string }>(
  'SELECT id, actor_name, actor_kind FROM jpn_identity.sessions WHERE tenant_uuid = $1 AND proxy AND ended_at IS NULL ORDER BY created_at DESC', [DEMO_IDS.client]);

const invite = (agent: Agent, email: string, authority = 'user') =>
  agent.call('POST', '/v1/user/invite', { users: [{ email, family_name: '手伝', given_name: '一郎', authority, products: [] }] });

describe('support sessions work at the user level (issue 21)', () => {
  let portal: TestPortal;
  let owner: Agent;
  let company: string;
  let partnerName: string;
  const account = async (uuid: string) =>
    (await portal.db.query('SELECT email, family_name, given_name, authority, status, pending_email FROM jpn_identity.accounts WHERE uuid = $1', [uuid]))[0];
  const expectRefused = (res: { status: number; body: any }, key: string) => {
    expect(res.status).toBe(403);
    expect(res.body.result.access_status).toEqual({ code: 40400, message: ja(key) });
  };
  /** The summary mails to the demo owner that say the session ended for `reason`. */
  const summaries = (reason: string) => portal.mailbox.messages({ to: 'owner@example.com' })
    .filter((m) => m.subject === ja('mail.support_session_summary.subject', { company }) && m.text.includes(ja(`support_summary.reason.${reason}`)));

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    owner = new Agent(portal);
    expect((await owner.login('owner@example.com', 'Owner#2026')).status).toBe(200);
    company = (await portal.db.query<{ name: string }>('SELECT name FROM jpn_identity.tenants WHERE uuid = $1', [DEMO_IDS.client]))[0]!.name;
    await startSupport(portal);
    partnerName = (await openSupport(portal))[0]!.actor_name;
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('invites no admin by screen, alone or beside a user, and writes and mails nothing', async () => {
    const support = await startSupport(portal);
    expectRefused(await invite(support, 'planted-admin@example.com', 'admin'), 'account.support_user_level_only');
    expectRefused(await support.call('POST', '/v1/user/invite', { users: [
      { email: 'helper-b@example.com', family_name: '手伝', given_name: '二郎', authority: 'user', products: [] },
      { email: 'planted-admin@example.com', family_name: '乗取', given_name: '三郎', authority: 'admin', products: [] },
    ] }), 'account.support_user_level_only');
    await portal.settle();
    expect(await portal.db.query("SELECT 1 FROM jpn_identity.accounts WHERE email IN ('planted-admin@example.com', 'helper-b@example.com')")).toHaveLength(0);
    expect(portal.mailbox.messages({ to: 'planted-admin@example.com' })).toHaveLength(0);
  });

  it('changes no account\'s email: an admin\'s cannot be taken over through a reset, a user\'s neither', async () => {
    const support = await startSupport(portal);
    const edit = (uuid: string, over: Record<string, unknown>) => support.call('PUT', '/v1/user', { uuid, products: [], ...over });
    // The reproduction: the admin's address moved to one the partner controls, then a password reset to it.
    expectRefused(await edit(ADMIN, { email: 'partner-inbox@example.com', family_name: '佐藤', given_name: '次郎', authority: 'admin', products: ['actibook'] }), 'account.support_user_level_only');
    expectRefused(await edit(USER, { email: 'partner-inbox@example.com', family_name: '鈴木', given_name: '三郎', authority: 'user', products: ['actibook'] }), 'account.support_email_reserved');
    expect((await new Agent(portal).call('POST', '/v1/password_reset', { email: 'partner-inbox@example.com' })).body.result.access_status.code).toBe(20000);
    await portal.settle();
    expect(portal.mailbox.messages({ to: 'partner-inbox@example.com' })).toHaveLength(0);
    expect(await account(ADMIN)).toMatchObject({ email: 'admin@example.com', pending_email: null, status: 'active' });
    expect(await account(USER)).toMatchObject({ email: 'user@example.com', pending_email: null, status: 'active' });
  });

  it('gives no user another authority, and leaves an admin\'s account alone whatever the action', async () => {
    const support = await startSupport(portal);
    expectRefused(await support.call('PUT', '/v1/user', { uuid: USER, email: 'user@example.com', family_name: '鈴木', given_name: '三郎', authority: 'admin', products: ['actibook'] }), 'account.support_user_level_only');
    expectRefused(await support.call('PUT', '/v1/user', { uuid: ADMIN, email: 'admin@example.com', family_name: '別名', given_name: '次郎', authority: 'admin', products: ['actibook'] }), 'account.support_user_level_only');
    expectRefused(await support.call('PUT', '/v1/user/status', { uuid: ADMIN, status: 'inactive' }), 'account.support_user_level_only');
    expectRefused(await support.call('DELETE', `/v1/user?uuid=${ADMIN}`), 'account.support_user_level_only');
    expect(await account(ADMIN)).toMatchObject({ family_name: '佐藤', authority: 'admin', status: 'active' });
    expect(await account(USER)).toMatchObject({ authority: 'user' });
    // The list offers nothing on the admin's row to the support session, and the usual on a user's.
    const users = (await support.call('GET', '/v1/user/list?per_page=100')).body.result.users as { email: string; actions: string[] }[];
    expect(users.find((u) => u.email === 'admin@example.com')!.actions).toEqual([]);
    expect([...users.find((u) => u.email === 'user@example.com')!.actions].sort()).toEqual(['ban', 'delete', 'edit']);
  });

  it('changes no security setting (IP list, MFA, support-login permission) and no password or email of its own', async () => {
    const support = await startSupport(portal);
    const settings = () => portal.db.query('SELECT ip_restriction_enabled, ip_allowlist, mfa_enabled, mfa_validity, partner_proxy_allowed, operator_proxy_allowed FROM jpn_identity.tenants WHERE uuid = $1', [DEMO_IDS.client]);
    const before = await settings();
    const calls: [string, string, unknown][] = [
      ['PUT', '/v1/ipSetting', { enabled: true, addresses: '203.0.113.7' }],
      ['PUT', '/v1/mfaSetting', { enabled: true, validity: '30d' }],
      ['PUT', '/v1/proxyLoginSetting', { partner_allowed: true, operator_allowed: true }],
      ['PUT', '/v1/profile', { action: 'password', current_password: 'Partner#2026', password: 'Seized#20261', password_confirm: 'Seized#20261' }],
      ['PUT', '/v1/send-code', { email: 'partner-inbox@example.com', current_password: 'Partner#2026' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await support.call(method, path, body);
      expect(res.status, path).toBe(403);
      expect(res.body.result.access_status.code, path).not.toBe(20000);
    }
    expect(await settings()).toEqual(before);
    await portal.settle();
    expect(portal.mailbox.messages({ to: 'partner-inbox@example.com' })).toHaveLength(0);
  });

  it('marks every account it creates or changes with its actor, in the owner\'s list and on the account', async () => {
    const support = await startSupport(portal);
    expect((await invite(support, 'helper-a@example.com')).body.result.access_status.code).toBe(20000);
    const csv = await support.upload('/v1/user/invite_csv', 'people.csv', Buffer.from('email,family_name,given_name\ncsv-helper@example.com,表,太郎\n'));
    expect(csv.body.result).toMatchObject({ registered: 1, error_count: 0 });
    const renamed = await support.call('PUT', '/v1/user', { uuid: USER, email: 'user@example.com', family_name: '鈴木', given_name: '四郎', authority: 'user', products: ['actibook'] });
    expect(renamed.body.result).toMatchObject({ given_name: '四郎', support_changed_by: partnerName });
    // The owner's own change leaves no mark on the admin.
    await owner.call('PUT', '/v1/user', { uuid: ADMIN, email: 'admin@example.com', family_name: '佐藤', given_name: '次郎丸', authority: 'admin', products: ['actibook'] });

    const users = (await owner.call('GET', '/v1/user/list?per_page=100')).body.result.users as Record<string, unknown>[];
    const row = (email: string) => users.find((u) => u.email === email)!;
    expect(row('helper-a@example.com')).toMatchObject({ support_created_by: partnerName, support_changed_by: null });
    expect(row('csv-helper@example.com')).toMatchObject({ support_created_by: partnerName });
    expect(row('user@example.com')).toMatchObject({ support_created_by: null, support_changed_by: partnerName });
    expect(Date.parse(row('user@example.com').support_changed_at as string)).not.toBeNaN();
    expect(row('admin@example.com')).toMatchObject({ support_created_by: null, support_changed_by: null, support_changed_at: null });
    const detail = (await owner.call('GET', `/v1/user?uuid=${USER}`)).body.result;
    expect(detail).toMatchObject({ support_changed_by: partnerName });
    expect(partnerName).toMatch(/代理 ?花子/);
  });

  it('mails the client\'s owners a summary of what was done when it logs out', async () => {
    const support = await startSupport(portal);
    await invite(support, 'helper-logout@example.com');
    await support.call('PUT', '/v1/user/status', { uuid: USER, status: 'inactive' });
    await support.call('PUT', '/v1/user/status', { uuid: USER, status: 'active' });
    expect(summaries('logout')).toHaveLength(0);
    await support.call('POST', '/v1/logout');
    await portal.settle();
    const [mail, ...more] = summaries('logout');
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain(partnerName);
    expect(mail!.text).toContain('helper-logout@example.com');
    for (const operation of ['account_invited', 'account_stopped', 'account_resumed']) expect(mail!.text).toContain(ja(`operation.${operation}`));
    // Only what this session did: the earlier sessions' invitations are not in it.
    expect(mail!.text).not.toContain('helper-a@example.com');
    // Owners only.
    expect(portal.mailbox.messages({ to: 'admin@example.com' }).filter((m) => m.subject === mail!.subject)).toHaveLength(0);
  });

  it('mails a summary when a new login in the same browser replaces it, and when the owner ends it', async () => {
    const browser = await startSupport(portal);
    await invite(browser, 'helper-replaced@example.com');
    await startSupport(portal, 'partner', browser);
    await portal.settle();
    expect(summaries('replaced').filter((m) => m.text.includes('helper-replaced@example.com'))).toHaveLength(1);

    await invite(browser, 'helper-ended@example.com');
    const listed = (await owner.call('GET', '/v1/support_sessions')).body.result.sessions as { id: string; actor: string }[];
    for (const s of listed) expect((await owner.call('DELETE', `/v1/support_sessions?session_id=${s.id}`)).body.result.access_status.code).toBe(20000);
    await portal.settle();
    expect(summaries('ended_by_owner').filter((m) => m.text.includes('helper-ended@example.com'))).toHaveLength(1);
    expect((await browser.call('GET', '/v1/user/list')).body.result.access_status.code).toBe(40000);
  });

  it('ends the agency\'s live support sessions at once when the owner withdraws its permission, and mails their summary', async () => {
    const partnerSession = await startSupport(portal, 'partner');
    const operatorSession = await startSupport(portal, 'operator');
    await invite(partnerSession, 'helper-withdrawn@example.com');
    try {
      const saved = await owner.call('PUT', '/v1/proxyLoginSetting', { partner_allowed: false, operator_allowed: true });
      expect(saved.body.result.access_status.code).toBe(20000);
      // Ended with the change itself, before the session makes another request; the operator's goes on.
      expect((await openSupport(portal)).map((s) => s.actor_kind)).toEqual(['operator']);
      await portal.settle();
      expect(summaries('permission_withdrawn').filter((m) => m.text.includes('helper-withdrawn@example.com'))).toHaveLength(1);
      expect((await partnerSession.call('GET', '/v1/user/list')).body.result.access_status.code).toBe(40000);
      expect((await operatorSession.call('GET', '/v1/user/list')).body.result.access_status.code).toBe(20000);
    } finally {
      await owner.call('PUT', '/v1/proxyLoginSetting', { partner_allowed: true, operator_allowed: true });
    }
  });
});

describe('a support link for another partner\'s client (issue 21, item 6)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('is refused exactly as for a client that does not exist', async () => {
    // A second agency with one account (the demo partner's password), and no clients.
    const agency = randomUUID();
    await portal.db.query("INSERT INTO jpn_identity.tenants (uuid, kind, name, updated_at) VALUES ($1, 'partner', 'Other Agency KK', now())", [agency]);
    await portal.db.query(
      `INSERT INTO jpn_identity.accounts (uuid, email, password_hash, family_name, given_name, kind, tenant_uuid, status, language)
       SELECT $1, 'other-partner@example.com', password_hash, '他社', '太郎', 'partner', $2, 'active', 'ja-jp' FROM jpn_identity.accounts WHERE email = 'partner@example.com'`,
      [randomUUID(), agency]);
    const other = new Agent(portal);
    expect((await other.login('other-partner@example.com', 'Partner#2026')).status).toBe(200);
    const unknown = await other.call('POST', '/v1/proxy_login/issue', { client_uuid: randomUUID() });
    expect(unknown.status).toBe(403);
    expect(unknown.body.result.access_status).toEqual({ code: 40400, message: ja('proxy.cannot') });
    // The demo client (the demo partner's, referral, permitting its partner) and the secure one: the same answer.
    for (const client_uuid of [DEMO_IDS.client, DEMO_IDS.secureClient]) {
      const res = await other.call('POST', '/v1/proxy_login/issue', { client_uuid });
      expect({ status: res.status, body: res.body.result }).toEqual({ status: unknown.status, body: unknown.body.result });
    }
    // The client's own partner is still let in.
    const own = new Agent(portal);
    await own.login('partner@example.com', 'Partner#2026');
    expect((await own.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.client })).body.result.access_status.code).toBe(20000);
  });
});

describe('an expired support session nobody uses again (issue 21)', () => {
  const clock = new ManualClock(new Date('2026-12-12T01:00:00Z'));
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock, env: { SUPPORT_SESSION_SWEEP_SECONDS: '1' } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('is ended by the sweep, without a request, and its summary mailed to the owners', async () => {
    const support = await startSupport(portal);
    await invite(support, 'helper-expired@example.com');
    await portal.settle();
    expect((await openSupport(portal))).toHaveLength(1);
    // Past the support session's two hours: no request from it again.
    clock.advance(2 * 3600_000 + 60_000);
    await eventually(async () => (await openSupport(portal)).length === 0, 10_000, 'the sweep to end the session');
    await portal.settle();
    const company = (await portal.db.query<{ name: string }>('SELECT name FROM jpn_identity.tenants WHERE uuid = $1', [DEMO_IDS.client]))[0]!.name;
    const mails = portal.mailbox.messages({ to: 'owner@example.com' }).filter((m) => m.subject === ja('mail.support_session_summary.subject', { company }));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(ja('support_summary.reason.expired'));
    expect(mails[0]!.text).toContain('helper-expired@example.com');
  });
});
