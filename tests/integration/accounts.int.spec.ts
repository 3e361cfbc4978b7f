import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHARDS } from '@portal/proto';
import { ManualClock } from '@portal/service-common/clock';
import { InvitationExpiryJob } from '../../services/identity/src/invitations/invitation-expiry.job.js';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent, mailTo } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

const row = (i: number) => ({ email: `person${i}@example.com`, family_name: '社員', given_name: `${i}号`, authority: 'user' as const, products: ['actibook'] });

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
  /** The actions the list offers the agent on one account's row, sorted. */
  const actionsOn = async (agent: Agent, email: string) => {
    const users = (await agent.call('GET', `/v1/user/list?q=${encodeURIComponent(email)}&per_page=100`)).body.result.users as { email: string; actions: string[] }[];
    return [...users.find((u) => u.email === email)!.actions].sort();
  };

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

  it('keeps the family and the given name apart and writes them in the region\'s order', async () => {
    await owner.call('POST', '/v1/user/invite', { users: [{ ...row(0), email: 'hanako@example.com', family_name: '新人', given_name: '花子' }, { ...row(0), email: 'alex@example.com', family_name: 'Smith', given_name: 'Alex' }] });
    expect(await portal.db.query("SELECT family_name, given_name FROM jpn_identity.accounts WHERE email IN ('hanako@example.com', 'alex@example.com') ORDER BY email"))
      .toEqual([{ family_name: 'Smith', given_name: 'Alex' }, { family_name: '新人', given_name: '花子' }]);
    const names = (await owner.call('GET', '/v1/user/list?q=example.com&per_page=100')).body.result.users
      .filter((u: { email: string }) => ['hanako@example.com', 'alex@example.com'].includes(u.email)).map((u: { name: string }) => u.name).sort();
    // Japan: family name first; a name wholly in kanji and kana without a space.
    expect(names).toEqual(['Smith Alex', '新人花子']);
    // The invitation greets each invitee by that name; the inviter is named the same way.
    const mail = await mailTo(portal, 'hanako@example.com', /invite\//);
    expect(mail.text).toMatch(/^新人花子 様\n\n山田一郎様から/);
    expect((await mailTo(portal, 'alex@example.com', /invite\//)).text).toMatch(/^Smith Alex 様/);
  });

  it('refuses a row without a given name or with a product the company does not hold, in the request\'s language, writing nothing', async () => {
    const noGiven = await owner.call('POST', '/v1/user/invite', { users: [row(70), { ...row(71), given_name: ' ' }] });
    expect(noGiven.status).toBe(422);
    expect(noGiven.body.result.access_status.code).toBe(40011);
    expect(noGiven.body.result.errors).toEqual({ 'users.1.given_name': ['名を入力してください。'] });
    const notHeld = await owner.call('POST', '/v1/user/invite', { users: [{ ...row(72), products: ['actibook', 'creca'] }] });
    expect(notHeld.status).toBe(422);
    expect(notHeld.body.result.errors).toEqual({ 'users.0.products': ['CREKAは貴社の製品ではありません。'] });
    expect(await portal.db.query("SELECT 1 FROM jpn_identity.accounts WHERE email IN ('person70@example.com', 'person71@example.com', 'person72@example.com')")).toHaveLength(0);
  });

  it('answers the products the company holds, in the master\'s order and offered in its region, to owners only', async () => {
    expect((await owner.call('GET', '/v1/client/products')).body.result.products).toEqual(['bownow', 'cocoar', 'actibook', 'izanai', 'lpbuilder']);
    const usOwner = new Agent(portal, { host: 'portal.example.com' });
    await usOwner.login('owner-us@example.com', 'OwnerUs#2026');
    expect((await usOwner.call('GET', '/v1/client/products')).body.result.products).toEqual(['bownow', 'lessar', 'actibook']);
    // An overseas company never offers what its region does not sell.
    await portal.db.query(`INSERT INTO usa_licence.licences (client_uuid, product, kind) VALUES ('${DEMO_IDS.usClient}', 'lpbuilder', 'free')`);
    expect((await usOwner.call('GET', '/v1/client/products')).body.result.products).toEqual(['bownow', 'lessar', 'actibook']);
    const user = new Agent(portal);
    await user.login('user@example.com', 'User#2026');
    expect((await user.call('GET', '/v1/client/products')).status).toBe(403);
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

  it('shows an invitation as expired once 24 hours pass, without its link being opened, and reinvites it', async () => {
    await owner.call('POST', '/v1/user/invite', { users: [{ ...row(0), email: 'late1@example.com' }, { ...row(0), email: 'late2@example.com' }] });
    const list = async (query: string) => (await owner.call('GET', `/v1/user/list?q=late&${query}`)).body.result;
    expect((await list('status=invited')).total).toBe(2);
    clock.advance(23 * 3600_000);
    await owner.login('owner@example.com', 'Owner#2026');
    expect((await list('status=expired')).total).toBe(0);
    clock.advance(3600_000 + 1);
    await owner.login('owner@example.com', 'Owner#2026');
    const expired = await list('status=expired');
    expect(expired.users.map((u: { email: string }) => u.email).sort()).toEqual(['late1@example.com', 'late2@example.com']);
    expect(expired.status_counts).toMatchObject({ invited: 0, expired: 2 });
    expect((await list('')).users.every((u: { status: string }) => u.status === 'expired')).toBe(true);
    const uuid = await uuidOf('late1@example.com');
    expect((await owner.call('GET', `/v1/user?uuid=${uuid}`)).body.result.status).toBe('expired');
    // Computed at read time: the reads wrote nothing (the sweep writes it; issue 9 §6).
    expect(await portal.db.query("SELECT status FROM jpn_identity.accounts WHERE email LIKE 'late_@example.com'")).toEqual([{ status: 'invited' }, { status: 'invited' }]);
    expect((await owner.call('POST', '/v1/user/reinvite', { uuid })).body.result.status).toBe('invited');
    expect((await list('')).status_counts).toMatchObject({ invited: 1, expired: 1 });
    // The reinvited link works; the stale one stays refused.
    const mails = await eventually(async () => {
      const all = portal.mailbox.messages({ to: 'late1@example.com' });
      return all.length === 2 ? all : undefined;
    });
    const token = (m: { text: string }) => m.text.match(/invite\/(\S+)/)![1]!;
    // The sink lists the newest mail first.
    expect((await new Agent(portal).call('GET', `/v1/user/invite?access_token=${token(mails[0]!)}`)).body.result.email).toBe('late1@example.com');
    expect((await new Agent(portal).call('GET', `/v1/user/invite?access_token=${token(mails[1]!)}`)).body.result.access_status.code).toBe(40011);
  });

  it('sorts the list by each key, the name by family then given name', async () => {
    await owner.call('POST', '/v1/user/invite', { users: [
      { ...row(0), email: 'sort-c@example.com', authority: 'admin' },
      { ...row(0), email: 'sort-a@example.com', authority: 'user' },
      { ...row(0), email: 'sort-b@example.com', authority: 'owner' },
    ] });
    // Family names decide first, the given name breaks ties: 佐藤 あ < 佐藤 い < 鈴木 あ (Unicode order).
    await portal.db.query("UPDATE jpn_identity.accounts SET family_name = '佐藤', given_name = 'い' WHERE email = 'sort-a@example.com'");
    await portal.db.query("UPDATE jpn_identity.accounts SET family_name = '鈴木', given_name = 'あ' WHERE email = 'sort-b@example.com'");
    await portal.db.query("UPDATE jpn_identity.accounts SET family_name = '佐藤', given_name = 'あ', status = 'active' WHERE email = 'sort-c@example.com'");
    const emails = async (sort: string, order = 'asc') =>
      (await owner.call('GET', `/v1/user/list?q=sort-&sort=${sort}&order=${order}`)).body.result.users.map((u: { email: string }) => u.email);
    expect(await emails('name')).toEqual(['sort-c@example.com', 'sort-a@example.com', 'sort-b@example.com']);
    expect(await emails('name', 'desc')).toEqual(['sort-b@example.com', 'sort-a@example.com', 'sort-c@example.com']);
    expect(await emails('email')).toEqual(['sort-a@example.com', 'sort-b@example.com', 'sort-c@example.com']);
    // Authority by strength: owner, admin, user.
    expect(await emails('authority')).toEqual(['sort-b@example.com', 'sort-c@example.com', 'sort-a@example.com']);
    expect(await emails('authority', 'desc')).toEqual(['sort-a@example.com', 'sort-c@example.com', 'sort-b@example.com']);
    const page = async (n: number) => (await owner.call('GET', `/v1/user/list?q=sort-&sort=authority&per_page=1&page=${n}`)).body.result.users.map((u: { email: string }) => u.email);
    expect([...(await page(1)), ...(await page(2)), ...(await page(3))]).toEqual(['sort-b@example.com', 'sort-c@example.com', 'sort-a@example.com']);
    const byStatus = await emails('status', 'desc');
    expect(byStatus[2]).toBe('sort-c@example.com');
    expect(byStatus.slice(0, 2).sort()).toEqual(['sort-a@example.com', 'sort-b@example.com']);
    const ids = (await owner.call('GET', '/v1/user/list?q=sort-&sort=id')).body.result.users.map((u: { uuid: string }) => u.uuid);
    expect(ids).toEqual([...ids].sort());
    expect((await owner.call('GET', '/v1/user/list?sort=services')).status).toBe(422);
    // A product id finds the accounts that have it.
    const byProduct = (await owner.call('GET', '/v1/user/list?q=actibook&per_page=100')).body.result.users;
    expect(byProduct.length).toBeGreaterThan(0);
    expect(byProduct.every((u: { services: string[] }) => u.services.includes('actibook'))).toBe(true);
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

  it('protects product-side accounts of the contracted marketing-automation product, and oneself', async () => {
    // person3 accepted its invitation: it exists on the product's side.
    await portal.db.query("UPDATE jpn_identity.accounts SET products = '{bownow}' WHERE email = 'person3@example.com'");
    const bownow = await owner.call('PUT', '/v1/user/status', { uuid: await uuidOf('person3@example.com'), status: 'inactive' });
    expect(bownow.body.result.access_status.message).toMatch(/サポート/);
    expect((await owner.call('DELETE', `/v1/user?uuid=${await uuidOf('person3@example.com')}`)).body.result.access_status.code).toBe(40011);
    // The list offers neither action there, nor on the owner's own row.
    expect(await actionsOn(owner, 'person3@example.com')).toEqual(['edit']);
    expect(await actionsOn(owner, 'owner@example.com')).toEqual(['edit']);
    await portal.db.query("UPDATE jpn_identity.accounts SET products = '{}' WHERE email = 'person3@example.com'");
    expect(await actionsOn(owner, 'person3@example.com')).toEqual(['ban', 'delete', 'edit']);
    expect(await actionsOn(owner, 'person9@example.com')).toEqual(['delete', 'reinvite']);
    const self = await owner.call('DELETE', `/v1/user?uuid=${await uuidOf('owner@example.com')}`);
    expect(self.body.result.access_status.code).toBe(40011);
    expect(await portal.db.query("SELECT 1 FROM jpn_identity.accounts WHERE email IN ('owner@example.com', 'person3@example.com')")).toHaveLength(2);
  });

  it('lets an invitation sent with the marketing-automation product by mistake be deleted', async () => {
    await owner.call('POST', '/v1/user/invite', { users: [{ ...row(40), products: ['bownow'] }] });
    const uuid = await uuidOf('person40@example.com');
    // Invited, and expired: neither exists on the product's side yet.
    expect((await owner.call('DELETE', `/v1/user?uuid=${uuid}`)).status).toBe(200);
    await owner.call('POST', '/v1/user/invite', { users: [{ ...row(41), products: ['bownow'] }] });
    await portal.db.query("UPDATE jpn_identity.accounts SET status = 'expired' WHERE email = 'person41@example.com'");
    expect((await owner.call('DELETE', `/v1/user?uuid=${await uuidOf('person41@example.com')}`)).status).toBe(200);
    expect(await portal.db.query("SELECT 1 FROM jpn_identity.accounts WHERE email IN ('person40@example.com', 'person41@example.com')")).toHaveLength(0);
  });

  it('bans an account whose email change is pending, and resumes it to modifymail while its link lives', async () => {
    const uuid = await uuidOf('person3@example.com');
    const detail = (await owner.call('GET', `/v1/user?uuid=${uuid}`)).body.result;
    const { family_name, given_name, authority, products } = detail;
    await owner.call('PUT', '/v1/user', { uuid, family_name, given_name, authority, products, email: 'person3-new@example.com' });
    const listed = (await owner.call('GET', '/v1/user/list?q=person3')).body.result.users.find((u: { uuid: string }) => u.uuid === uuid);
    expect(listed).toMatchObject({ status: 'modifymail', email: 'person3@example.com', pending_email: 'person3-new@example.com', language: 'ja-jp' });
    expect((await owner.call('PUT', '/v1/user/status', { uuid, status: 'inactive' })).body.result.status).toBe('inactive');
    expect((await new Agent(portal).login('person3@example.com', 'Person#2026')).body.result.access_status.message).toMatch(/利用停止/);
    expect((await owner.call('PUT', '/v1/user/status', { uuid, status: 'active' })).body.result.status).toBe('modifymail');
    expect(await portal.db.query('SELECT status, pending_email FROM jpn_identity.accounts WHERE uuid = $1', [uuid])).toEqual([{ status: 'modifymail', pending_email: 'person3-new@example.com' }]);
    // Once the link has expired, resuming gives an active account.
    await owner.call('PUT', '/v1/user/status', { uuid, status: 'inactive' });
    // Expired by the portal's clock (a manual clock), not the database's.
    await portal.db.query("UPDATE jpn_identity.one_time_tokens SET expires_at = $2 WHERE account_uuid = $1 AND purpose = 'mail_update'", [uuid, new Date(clock.now().getTime() - 3600_000)]);
    expect((await owner.call('PUT', '/v1/user/status', { uuid, status: 'active' })).body.result.status).toBe('active');
    // Invitations are neither banned nor resumed.
    const invited = await uuidOf('person9@example.com');
    expect((await owner.call('PUT', '/v1/user/status', { uuid: invited, status: 'inactive' })).body.result.access_status.code).toBe(40011);
  });

  describe('in a support (proxy) session', () => {
    const ownerUuid = '0b9f3c5e-7a1d-4c2e-9f00-00000000a003';
    let support: Agent;
    beforeAll(async () => {
      const partner = new Agent(portal);
      await partner.login('partner@example.com', 'Partner#2026');
      const url = (await partner.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.client })).body.result.url as string;
      support = new Agent(portal);
      await support.call('POST', '/v1/proxy_login', { access_token: decodeURIComponent(url.split('/proxy_login/')[1]!) });
      // Without the marketing-automation product, only the support rule stands in the way.
      await portal.db.query("UPDATE jpn_identity.accounts SET products = '{actibook}' WHERE uuid = $1", [ownerUuid]);
    });

    it('offers nothing on the owner\'s row and refuses to ban or delete it (issue 9: support sessions touch no owner)', async () => {
      expect(await actionsOn(support, 'owner@example.com')).toEqual([]);
      const ban = await support.call('PUT', '/v1/user/status', { uuid: ownerUuid, status: 'inactive' });
      expect(ban.status).toBe(403);
      expect(ban.body.result.access_status.code).toBe(40400);
      const remove = await support.call('DELETE', `/v1/user?uuid=${ownerUuid}`);
      expect(remove.body.result.access_status.code).toBe(40400);
      expect(await portal.db.query('SELECT status FROM jpn_identity.accounts WHERE uuid = $1', [ownerUuid])).toEqual([{ status: 'active' }]);
      // More in support-session-owners.int.spec.ts.
      await portal.db.query("UPDATE jpn_identity.accounts SET products = '{bownow,actibook,lpbuilder,cocoar}' WHERE uuid = $1", [ownerUuid]);
      await owner.login('owner@example.com', 'Owner#2026');
    });
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
    await portal.settle(); // every entry of the earlier tests written: the lists below read a log that no longer moves
    const all = await eventually(async () => {
      const res = await owner.call('GET', '/v1/client_activity_log/list?per_page=100');
      return res.body.result.total >= 10 ? res.body.result : undefined;
    });
    const times = all.logs.map((l: { occurred_at: string }) => l.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);
    const deleted = await owner.call('GET', '/v1/client_activity_log/list?operation=account_deleted');
    expect(deleted.body.result.logs.map((l: { detail: { email: string } }) => l.detail.email).sort()).toEqual(['person40@example.com', 'person41@example.com', 'person6@example.com']);
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

  it('counts the company by status from the kept counts as the accounts themselves say, after invitations, bans, resumes, deletions and lapses', async () => {
    // The tests above invited, banned, resumed, deleted and let invitations lapse in this company.
    // Without a search the counts come from account_status_counts (kept by triggers); a search
    // matching every account ('@') counts the accounts themselves.
    const counts = async (query: string) => (await owner.call('GET', `/v1/user/list?per_page=1${query}`)).body.result as { total: number; status_counts: Record<string, number> };
    const kept = await counts('');
    const counted = await counts('&q=%40');
    expect(kept.status_counts).toEqual(counted.status_counts);
    expect(kept.total).toBe(counted.total);
    const stored = await portal.db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM jpn_identity.accounts WHERE tenant_uuid = $1 GROUP BY status', [DEMO_IDS.client]);
    expect(kept.total).toBe(stored.reduce((n, r) => n + r.n, 0));
    expect(stored.map((r) => r.status)).toEqual(expect.arrayContaining(['active', 'invited', 'expired']));
    expect(kept.status_counts.expired).toBeGreaterThan(0); // lapsed invitations moved from invited to expired at read time
    // Every company of every shard: the kept rows equal a count of the accounts.
    for (const schema of SHARDS.map((shard) => `${shard}_identity`)) {
      const drift = await portal.db.query(`
        SELECT coalesce(c.tenant_uuid, a.tenant_uuid) AS tenant, coalesce(c.status, a.status) AS status, c.n AS kept, a.n AS counted
          FROM (SELECT tenant_uuid, status, n FROM ${schema}.account_status_counts WHERE n <> 0) c
          FULL JOIN (SELECT tenant_uuid, status, count(*)::int AS n FROM ${schema}.accounts WHERE tenant_uuid IS NOT NULL GROUP BY 1, 2) a
            ON a.tenant_uuid = c.tenant_uuid AND a.status = c.status
         WHERE c.n IS DISTINCT FROM a.n`);
      expect(drift).toEqual([]);
    }
  });
});

describe('invitation expiry job', () => {
  const clock = new ManualClock(new Date('2026-11-22T09:00:00Z'));
  let portal: TestPortal;
  /** Resolves when the job's next pass over every shard (one that starts from now on) has finished. */
  const nextSweep = () => new Promise<number>((resolve, reject) => {
    const sweep = InvitationExpiryJob.prototype.sweep;
    vi.spyOn(InvitationExpiryJob.prototype, 'sweep').mockImplementationOnce(function (this: InvitationExpiryJob) {
      const pass = sweep.call(this);
      pass.then(resolve, reject);
      return pass;
    });
  });
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock, env: { INVITATION_SWEEP_SECONDS: '1' } });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await portal?.close();
  });

  it('marks invitations expired 24 hours on, with no one reading the list or opening the link', async () => {
    const owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    await owner.call('POST', '/v1/user/invite', { users: [row(1)] });
    const status = async () => (await portal.db.query<{ status: string }>("SELECT status FROM jpn_identity.accounts WHERE email = 'person1@example.com'"))[0]!.status;
    await nextSweep(); // a whole pass that started after the invitation, which is not 24 hours old
    expect(await status()).toBe('invited');
    clock.advance(24 * 3600_000 + 1);
    await eventually(async () => (await status()) === 'expired', 5000);
  });
});
