import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 9 item 2: a support session cannot seize a client. It creates no owner, grants or removes
 * no owner authority and changes no owner's account (403, code 40400, a localised message, nothing
 * written); it still does the user-level account work; a withdrawn permission ends it at once.
 * Issue 21 narrows it to the user level: support-session-limits.int.spec.ts.
 */
describe('a support session cannot seize a client (issue 9, item 2)', () => {
  let portal: TestPortal;
  let owner: Agent;
  let support: Agent;
  const ownerUuid = '0b9f3c5e-7a1d-4c2e-9f00-00000000a003';
  const userUuid = '0b9f3c5e-7a1d-4c2e-9f00-00000000a005';
  const REFUSAL = 'オーナーのアカウントとオーナー権限は、お客様ご自身のオーナーのみが管理できます。サポートログインでは作成・変更・削除できません。';

  const startSupport = async (actor = 'partner@example.com', password = 'Partner#2026') => {
    const partner = new Agent(portal);
    await partner.login(actor, password);
    const url = (await partner.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.client })).body.result.url as string;
    const agent = new Agent(portal);
    const used = await agent.call('POST', '/v1/proxy_login', { access_token: decodeURIComponent(url.split('/proxy_login/')[1]!) });
    expect(used.body.result.access_status.code).toBe(20000);
    return agent;
  };
  const account = async (uuid: string) =>
    (await portal.db.query('SELECT email, family_name, authority, status, pending_email FROM jpn_identity.accounts WHERE uuid = $1', [uuid]))[0];
  const expectRefused = (res: { status: number; body: any }) => {
    expect(res.status).toBe(403);
    expect(res.body.result.access_status).toEqual({ code: 40400, message: REFUSAL });
  };
  const edit = (uuid: string, over: Record<string, unknown>) => ({
    uuid, family_name: 'デモ', given_name: '花子', authority: 'user', products: [], email: 'x@example.com', ...over,
  });

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    support = await startSupport();
    // A second active owner, so that the last-owner rule is not what refuses below.
    await portal.db.query("INSERT INTO jpn_identity.accounts (uuid, email, family_name, given_name, kind, authority, tenant_uuid, status, language) VALUES ('0b9f3c5e-7a1d-4c2e-9f00-00000000f001', 'owner2@example.com', '副', '社長', 'client', 'owner', $1, 'active', 'ja-jp')", [DEMO_IDS.client]);
    // Without the protected marketing-automation product, only the support rule stands in the way.
    await portal.db.query("UPDATE jpn_identity.accounts SET products = '{actibook}' WHERE uuid = $1", [ownerUuid]);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('offers no action on an owner\'s row, and the usual ones on the others', async () => {
    const users = (await support.call('GET', '/v1/user/list?per_page=100')).body.result.users as { email: string; actions: string[] }[];
    const actions = (email: string) => [...users.find((u) => u.email === email)!.actions].sort();
    expect(actions('owner@example.com')).toEqual([]);
    expect(actions('owner2@example.com')).toEqual([]);
    expect(actions('user@example.com')).toEqual(['ban', 'delete', 'edit']);
    // The client's own owner still sees them.
    const own = (await owner.call('GET', '/v1/user/list?per_page=100')).body.result.users as { email: string; actions: string[] }[];
    expect([...own.find((u) => u.email === 'owner2@example.com')!.actions].sort()).toEqual(['ban', 'delete', 'edit']);
  });

  it('refuses to invite an owner by screen, and writes and mails nothing', async () => {
    const res = await support.call('POST', '/v1/user/invite', { users: [
      { email: 'helper@example.com', family_name: '手伝', given_name: '一郎', authority: 'user', products: [] },
      { email: 'seize@example.com', family_name: '乗取', given_name: '次郎', authority: 'owner', products: [] },
    ] });
    expectRefused(res);
    await portal.settle();
    expect(await portal.db.query("SELECT 1 FROM jpn_identity.accounts WHERE email IN ('helper@example.com', 'seize@example.com')")).toHaveLength(0);
    expect(portal.mailbox.messages({ to: 'seize@example.com' })).toHaveLength(0);
  });

  it('answers the refusal in the request\'s language', async () => {
    const res = await support.call('POST', '/v1/user/invite', { users: [{ email: 'seize@example.com', family_name: 'A', given_name: 'B', authority: 'owner', products: [] }] });
    expectRefused(res);
    const english = await fetch(`${portal.url}/v1/user/invite`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json', 'x-language': 'en-us', 'x-csrf-token': support.cookies.get('csrf_token')!,
        cookie: [...support.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify({ users: [{ email: 'seize@example.com', family_name: 'A', given_name: 'B', authority: 'owner', products: [] }] }),
    });
    expect(english.status).toBe(403);
    expect((await english.json() as any).result.access_status.message).toMatch(/^Owner accounts and owner authority are managed only by the client's own owners/);
  });

  it('refuses to grant owner authority', async () => {
    expectRefused(await support.call('PUT', '/v1/user', edit(userUuid, { email: 'user@example.com', family_name: '鈴木', given_name: '三郎', authority: 'owner' })));
    expect(await account(userUuid)).toMatchObject({ authority: 'user' });
  });

  it('refuses to remove owner authority, or to edit an owner\'s name or email', async () => {
    expectRefused(await support.call('PUT', '/v1/user', edit(ownerUuid, { email: 'owner@example.com', authority: 'admin' })));
    expectRefused(await support.call('PUT', '/v1/user', edit(ownerUuid, { email: 'owner@example.com', authority: 'owner', family_name: '別名' })));
    expectRefused(await support.call('PUT', '/v1/user', edit(ownerUuid, { email: 'partner-inbox@example.com', authority: 'owner' })));
    await portal.settle();
    expect(await account(ownerUuid)).toMatchObject({ email: 'owner@example.com', authority: 'owner', status: 'active', pending_email: null });
    expect(portal.mailbox.messages({ to: 'partner-inbox@example.com' })).toHaveLength(0);
  });

  it('refuses to suspend, resume or delete an owner', async () => {
    expectRefused(await support.call('PUT', '/v1/user/status', { uuid: ownerUuid, status: 'inactive' }));
    expectRefused(await support.call('DELETE', `/v1/user?uuid=${ownerUuid}`));
    await portal.db.query("UPDATE jpn_identity.accounts SET status = 'inactive' WHERE email = 'owner2@example.com'");
    const second = (await portal.db.query<{ uuid: string }>("SELECT uuid FROM jpn_identity.accounts WHERE email = 'owner2@example.com'"))[0]!.uuid;
    expectRefused(await support.call('PUT', '/v1/user/status', { uuid: second, status: 'active' }));
    expect(await account(second)).toMatchObject({ status: 'inactive' });
    await portal.db.query("UPDATE jpn_identity.accounts SET status = 'active' WHERE email = 'owner2@example.com'");
    expect(await account(ownerUuid)).toMatchObject({ status: 'active' });
  });

  it('refuses to reinvite an owner\'s invitation the client\'s owner sent', async () => {
    const sent = await owner.call('POST', '/v1/user/invite', { users: [{ email: 'new-owner@example.com', family_name: '新', given_name: '社長', authority: 'owner', products: [] }] });
    const uuid = sent.body.result.invited[0].uuid as string;
    expectRefused(await support.call('POST', '/v1/user/reinvite', { uuid }));
    expectRefused(await support.call('DELETE', `/v1/user?uuid=${uuid}`));
    expect(await account(uuid)).toMatchObject({ status: 'invited', authority: 'owner' });
  });

  it('still does the user-level account work (issue 21: users only, no authority or email change)', async () => {
    const invited = await support.call('POST', '/v1/user/invite', { users: [{ email: 'helper@example.com', family_name: '手伝', given_name: '一郎', authority: 'user', products: [] }] });
    expect(invited.body.result.access_status.code).toBe(20000);
    const renamed = await support.call('PUT', '/v1/user', edit(userUuid, { email: 'user@example.com', family_name: '利用', given_name: '三郎', authority: 'user' }));
    expect(renamed.body.result).toMatchObject({ authority: 'user', given_name: '三郎' });
    expect((await support.call('PUT', '/v1/user/status', { uuid: userUuid, status: 'inactive' })).body.result.status).toBe('inactive');
    expect((await support.call('PUT', '/v1/user/status', { uuid: userUuid, status: 'active' })).body.result.status).toBe('active');
    const csv = Buffer.from('email,family_name,given_name\ncsv-helper@example.com,表,太郎\n');
    const upload = await support.upload('/v1/user/invite_csv', 'people.csv', csv);
    expect(upload.body.result).toMatchObject({ registered: 1, error_count: 0 });
    expect(await portal.db.query("SELECT authority FROM jpn_identity.accounts WHERE email = 'csv-helper@example.com'")).toEqual([{ authority: 'user' }]);
  });

  it('refuses the support session\'s next call once the client withdraws the permission, and writes nothing', async () => {
    const session = await startSupport();
    expect((await session.call('GET', '/v1/user/list')).body.result.access_status.code).toBe(20000);
    try {
      expect((await owner.call('PUT', '/v1/proxyLoginSetting', { partner_allowed: false, operator_allowed: true })).body.result.access_status.code).toBe(20000);
      const next = await session.call('POST', '/v1/user/invite', { users: [{ email: 'after@example.com', family_name: '後', given_name: '太郎', authority: 'user', products: [] }] });
      expect(next.status).toBe(401);
      expect(next.body.result.access_status.code).toBe(40000);
      expect(await portal.db.query("SELECT 1 FROM jpn_identity.accounts WHERE email = 'after@example.com'")).toHaveLength(0);
      // Permitting again does not revive the ended session.
      await owner.call('PUT', '/v1/proxyLoginSetting', { partner_allowed: true, operator_allowed: true });
      expect((await session.call('GET', '/v1/user/list')).body.result.access_status.code).toBe(40000);
    } finally {
      await owner.call('PUT', '/v1/proxyLoginSetting', { partner_allowed: true, operator_allowed: true });
    }
  });

  it('refuses the support session\'s next call once it has logged out', async () => {
    const session = await startSupport();
    const cookies = new Map(session.cookies);
    await session.call('POST', '/v1/logout');
    const replay = new Agent(portal);
    for (const [k, v] of cookies) replay.cookies.set(k, v);
    expect((await replay.call('GET', '/v1/user/list')).body.result.access_status.code).toBe(40000);
  });
});
