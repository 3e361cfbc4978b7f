import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@portal/service-common/clock';
import { Agent, mailTo } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

const row = (i: number) => ({ email: `person${i}@example.com`, name: `社員 ${i}`, authority: 'user' as const, products: ['actibook'] });

describe('account management (issue 4: invite by screen and lifecycle)', () => {
  let portal: TestPortal;
  let owner: Agent;
  const clock = new ManualClock(new Date('2026-11-22T09:00:00Z'));
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock });
    owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
  });
  afterAll(async () => {
    await portal?.close();
  });

  const uuidOf = async (email: string) => (await portal.db.query<{ uuid: string }>('SELECT uuid FROM jpn_identity.accounts WHERE email = $1', [email]))[0]!.uuid;

  it('invites up to 10 at once and refuses an 11th', async () => {
    const eleven = await owner.call('POST', '/v1/user/invite', { users: Array.from({ length: 11 }, (_, i) => row(100 + i)) });
    expect(eleven.status).toBe(422);
    expect(eleven.body.result.errors.users).toEqual(['一度に入力できるのは10件までです。']);
    expect(await portal.db.query("SELECT 1 FROM jpn_identity.accounts WHERE email LIKE 'person1__@example.com'")).toHaveLength(0);
    const ten = await owner.call('POST', '/v1/user/invite', { users: Array.from({ length: 10 }, (_, i) => row(i)) });
    expect(ten.body.result.invited).toHaveLength(10);
    const list = await owner.call('GET', '/v1/user/list?q=person&per_page=50');
    expect(list.body.result.total).toBe(10);
    expect(list.body.result.users[0]).toMatchObject({ status: 'invited', authority: 'user', services: ['actibook'] });
  });

  it('mails each invitation in the invitee\'s language', async () => {
    await owner.call('POST', '/v1/user/invite', { users: [{ ...row(60), language: 'en-us' }, row(61)] });
    expect((await mailTo(portal, 'person60@example.com', /invite\//)).subject).toBe('You are invited to デモ商事株式会社');
    expect((await mailTo(portal, 'person61@example.com', /invite\//)).subject).toBe('デモ商事株式会社への招待');
    expect(await portal.db.query("SELECT language FROM jpn_identity.accounts WHERE email = 'person60@example.com'")).toEqual([{ language: 'en-us' }]);
    expect((await owner.call('POST', '/v1/user/invite', { users: [{ ...row(62), language: 'xx-yy' }] })).status).toBe(422);
  });

  it('marks an existing email on its row and writes nothing', async () => {
    const res = await owner.call('POST', '/v1/user/invite', { users: [row(50), { ...row(51), email: 'admin@example.com' }] });
    expect(res.status).toBe(422);
    expect(res.body.result.errors).toEqual({ 'users.1.email': ['このメールアドレスはすでに登録されています。'] });
    expect(await portal.db.query("SELECT 1 FROM jpn_identity.accounts WHERE email = 'person50@example.com'")).toHaveLength(0);
  });

  it('mails the invitation; the invitee accepts and logs in', async () => {
    const mail = await mailTo(portal, 'person3@example.com', /invite\//);
    expect(mail.subject).toBe('デモ商事株式会社への招待');
    const token = mail.text.match(/invite\/(\S+)/)![1]!;
    const invitee = new Agent(portal);
    const accepted = await invitee.call('POST', '/v1/user', { access_token: token, password: 'Person#2026', password_confirm: 'Person#2026', privacy_agreed: true, terms_agreed: true });
    expect(accepted.body.result.access_status.code).toBe(20000);
    expect((await new Agent(portal).login('person3@example.com', 'Person#2026')).body.result.access_status.code).toBe(20000);
  });

  it('expires an invitation after 24 hours and reinvites it', async () => {
    const mail = await mailTo(portal, 'person4@example.com', /invite\//);
    const token = mail.text.match(/invite\/(\S+)/)![1]!;
    clock.advance(24 * 3600_000 + 1);
    await new Agent(portal).call('GET', `/v1/user/invite?access_token=${token}`);
    expect(await portal.db.query("SELECT status FROM jpn_identity.accounts WHERE email = 'person4@example.com'")).toEqual([{ status: 'expired' }]);
    await owner.login('owner@example.com', 'Owner#2026');
    portal.mailbox.clear();
    const again = await owner.call('POST', '/v1/user/reinvite', { uuid: await uuidOf('person4@example.com') });
    expect(again.body.result.status).toBe('invited');
    const fresh = (await mailTo(portal, 'person4@example.com', /invite\//)).text.match(/invite\/(\S+)/)![1]!;
    expect(fresh).not.toBe(token);
    expect((await new Agent(portal).call('GET', `/v1/user/invite?access_token=${fresh}`)).body.result.email).toBe('person4@example.com');
  });

  it('bans and resumes: a banned account is logged out and cannot log in', async () => {
    const user = new Agent(portal);
    await user.login('person3@example.com', 'Person#2026');
    const uuid = await uuidOf('person3@example.com');
    expect((await owner.call('PUT', '/v1/user/status', { uuid, status: 'inactive' })).body.result.status).toBe('inactive');
    expect((await user.call('GET', '/v1/user-auth')).body.result.access_status.code).toBe(40000);
    expect((await new Agent(portal).login('person3@example.com', 'Person#2026')).body.result.access_status.message).toMatch(/利用停止/);
    await owner.call('PUT', '/v1/user/status', { uuid, status: 'active' });
    expect((await new Agent(portal).login('person3@example.com', 'Person#2026')).body.result.access_status.code).toBe(20000);
  });

  it('protects accounts of the contracted marketing-automation product, the last owner and oneself', async () => {
    await portal.db.query("UPDATE jpn_identity.accounts SET products = '{bownow}' WHERE email = 'person5@example.com'");
    const bownow = await owner.call('PUT', '/v1/user/status', { uuid: await uuidOf('person5@example.com'), status: 'inactive' });
    expect(bownow.body.result.access_status.message).toMatch(/サポート/);
    expect((await owner.call('DELETE', `/v1/user?uuid=${await uuidOf('person5@example.com')}`)).body.result.access_status.code).toBe(40011);
    const self = await owner.call('DELETE', `/v1/user?uuid=${await uuidOf('owner@example.com')}`);
    expect(self.body.result.access_status.code).toBe(40011);
    expect(await portal.db.query("SELECT 1 FROM jpn_identity.accounts WHERE email IN ('owner@example.com', 'person5@example.com')")).toHaveLength(2);
  });

  it('deletes an account, with the operation-log entries', async () => {
    const uuid = await uuidOf('person6@example.com');
    expect((await owner.call('DELETE', `/v1/user?uuid=${uuid}`)).status).toBe(200);
    const again = await owner.call('DELETE', `/v1/user?uuid=${uuid}`);
    expect(again.body.result.access_status.message).toBe('編集対象はすでに削除されています。');
    const operations = await eventually(async () => {
      const rows = await portal.db.query<{ operation: string }>("SELECT DISTINCT operation FROM jpn_usage_log.operation_logs WHERE operation LIKE 'account_%'");
      return rows.length >= 5 ? rows.map((r) => r.operation).sort() : undefined;
    });
    expect(operations).toEqual(['account_deleted', 'account_invited', 'account_reinvited', 'account_resumed', 'account_stopped']);
  });

  it('never touches another company\'s account, and refuses non-owners', async () => {
    const usOwner = (await portal.db.query<{ uuid: string }>("SELECT uuid FROM usa_identity.accounts WHERE email = 'owner-us@example.com'"))[0]!.uuid;
    const secure = (await portal.db.query<{ uuid: string }>("SELECT uuid FROM jpn_identity.accounts WHERE email = 'secure-owner@example.com'"))[0]!.uuid;
    for (const uuid of [usOwner, secure]) {
      expect((await owner.call('PUT', '/v1/user/status', { uuid, status: 'inactive' })).body.result.access_status.code).toBe(40011);
      expect((await owner.call('DELETE', `/v1/user?uuid=${uuid}`)).body.result.access_status.code).toBe(40011);
    }
    expect(await portal.db.query("SELECT status FROM jpn_identity.accounts WHERE email = 'secure-owner@example.com'")).toEqual([{ status: 'active' }]);
    const admin = new Agent(portal);
    await admin.login('admin@example.com', 'Admin#2026');
    expect((await admin.call('POST', '/v1/user/invite', { users: [row(90)] })).status).toBe(403);
  });

  it('lists the company\'s operation log with filters, to any of its accounts and to no one else', async () => {
    const all = await eventually(async () => {
      const res = await owner.call('GET', '/v1/client_activity_log/list?per_page=100');
      return res.body.result.total >= 10 ? res.body.result : undefined;
    });
    const times = all.logs.map((l: { occurred_at: string }) => l.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);
    const deleted = await owner.call('GET', '/v1/client_activity_log/list?operation=account_deleted');
    expect(deleted.body.result.logs).toHaveLength(1);
    expect(deleted.body.result.logs[0].detail.email).toBe('person6@example.com');
    // The clock of this portal is 2026-11-23 (JST) after the 24-hour step: nothing on 2026-11-21.
    expect((await owner.call('GET', '/v1/client_activity_log/list?from=2026-11-21&to=2026-11-21')).body.result.total).toBe(0);
    expect((await owner.call('GET', '/v1/client_activity_log/list?from=not-a-date')).status).toBe(422);
    const user = new Agent(portal);
    await user.login('user@example.com', 'User#2026');
    expect((await user.call('GET', '/v1/client_activity_log/list')).body.result.total).toBeGreaterThanOrEqual(all.total);
    const usOwner = new Agent(portal, { host: 'portal.example.com' });
    await usOwner.login('owner-us@example.com', 'OwnerUs#2026');
    const us = await usOwner.call('GET', '/v1/client_activity_log/list?per_page=100');
    expect(us.body.result.logs.every((l: { operation: string }) => l.operation === 'login')).toBe(true);
  });
});
