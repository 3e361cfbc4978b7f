import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@portal/service-common/clock';
import { Agent, mailTo } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

const link = (text: string) => {
  const m = text.match(/account_mail_update\/([0-9a-f-]{36})\/(\S+)/)!;
  return { user_uuid: m[1]!, access_token: m[2]! };
};

describe('account edit and email change by link (issue 4 §4, §5)', () => {
  let portal: TestPortal;
  let owner: Agent;
  const clock = new ManualClock(new Date('2026-11-22T09:00:00Z'));
  const uuidOf = async (email: string) => (await portal.db.query<{ uuid: string }>('SELECT uuid FROM jpn_identity.accounts WHERE email = $1', [email]))[0]!.uuid;
  const accountRow = async (uuid: string) => (await portal.db.query<{ email: string; status: string; pending_email: string | null; authority: string }>(
    'SELECT email, status, pending_email, authority FROM jpn_identity.accounts WHERE uuid = $1', [uuid]))[0]!;
  const edit = (uuid: string, change: Record<string, unknown>) => owner.call('GET', `/v1/user?uuid=${uuid}`).then((res) => {
    const { family_name, given_name, authority, products, email } = res.body.result;
    return owner.call('PUT', '/v1/user', { uuid, family_name, given_name, authority, products, email, ...change });
  });

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock });
    owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('shows one account of the company and never another company\'s', async () => {
    const admin = await uuidOf('admin@example.com');
    const res = await owner.call('GET', `/v1/user?uuid=${admin}`);
    expect(res.body.result).toMatchObject({ uuid: admin, email: 'admin@example.com', authority: 'admin', status: 'active', pending_email: null });
    const secure = await uuidOf('secure-owner@example.com');
    expect((await owner.call('GET', `/v1/user?uuid=${secure}`)).body.result.access_status.code).toBe(40011);
    const changed = await owner.call('PUT', '/v1/user', { uuid: secure, family_name: 'X', given_name: 'Y', authority: 'user', products: [], email: 'secure-owner@example.com' });
    expect(changed.body.result.access_status.code).toBe(40011);
    expect(await accountRow(secure)).toMatchObject({ authority: 'owner' });
    const adminAgent = new Agent(portal);
    await adminAgent.login('admin@example.com', 'Admin#2026');
    expect((await adminAgent.call('GET', `/v1/user?uuid=${admin}`)).status).toBe(403);
  });

  it('changes name, authority and products, each in the operation log with before and after', async () => {
    const uuid = await uuidOf('user@example.com');
    const res = await edit(uuid, { family_name: '山田', given_name: '花子', authority: 'admin', products: ['actibook', 'cocoar'] });
    expect(res.body.result).toMatchObject({ family_name: '山田', given_name: '花子', authority: 'admin', products: ['actibook', 'cocoar'], status: 'active' });
    const logs = await eventually(async () => {
      const rows = await portal.db.query<{ operation: string; detail: Record<string, unknown> }>(
        "SELECT operation, detail FROM jpn_usage_log.operation_logs WHERE operation IN ('account_name_changed', 'authority_changed', 'services_changed')");
      return rows.length === 3 ? rows : undefined;
    });
    expect(logs.find((l) => l.operation === 'authority_changed')!.detail).toMatchObject({ before: 'user', after: 'admin', email: 'user@example.com' });
    expect(logs.find((l) => l.operation === 'services_changed')!.detail).toMatchObject({ after: ['actibook', 'cocoar'] });
    // The name is logged in its parts (the log writes it in its reader's order).
    expect(logs.find((l) => l.operation === 'account_name_changed')!.detail).toMatchObject({
      before: { family_name: '鈴木', given_name: '三郎' }, after: { family_name: '山田', given_name: '花子' },
    });
  });

  it('answers a save that changes nothing with 20000, writing no row, no log entry and no event', async () => {
    const uuid = await uuidOf('user@example.com');
    const outbox = async () => (await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jpn_identity.outbox'))[0]!.n;
    const updatedAt = async () => (await portal.db.query<{ t: Date }>('SELECT updated_at AS t FROM jpn_identity.accounts WHERE uuid = $1', [uuid]))[0]!.t.getTime();
    const before = { outbox: await outbox(), updatedAt: await updatedAt() };
    // The same values; the products in another order are the same set.
    const same = await edit(uuid, { products: ['cocoar', 'actibook'] });
    expect(same.body.result.access_status.code).toBe(20000);
    expect(same.body.result).toMatchObject({ family_name: '山田', given_name: '花子', authority: 'admin' });
    expect({ outbox: await outbox(), updatedAt: await updatedAt() }).toEqual(before);
    // A change afterwards is logged as before.
    await edit(uuid, { given_name: '花' });
    expect(await outbox()).toBe(before.outbox + 1);
  });

  it('refuses a product the company does not hold, but keeps one the account already has', async () => {
    const uuid = await uuidOf('user@example.com');
    const refused = await edit(uuid, { products: ['actibook', 'cocoar', 'creca'] });
    expect(refused.status).toBe(422);
    expect(refused.body.result.errors).toEqual({ products: ['CREKAは貴社の製品ではありません。'] });
    // Given before the company's products were recorded: it may stay while other products change.
    await portal.db.query("UPDATE jpn_identity.accounts SET products = '{actibook,creca}' WHERE uuid = $1", [uuid]);
    expect((await edit(uuid, { products: ['actibook', 'creca', 'bownow'] })).body.result.products).toEqual(['actibook', 'creca', 'bownow']);
    await portal.db.query("UPDATE jpn_identity.accounts SET products = '{actibook,cocoar}' WHERE uuid = $1", [uuid]);
  });

  it('refuses an empty given name with the field named, changing nothing', async () => {
    const uuid = await uuidOf('user@example.com');
    const res = await edit(uuid, { given_name: '' });
    expect(res.status).toBe(422);
    expect(res.body.result.errors).toEqual({ given_name: ['名を入力してください。'] });
    expect(await portal.db.query('SELECT given_name FROM jpn_identity.accounts WHERE uuid = $1', [uuid])).toEqual([{ given_name: '花' }]);
  });

  it('refuses to demote the last owner and to take the marketing-automation product away', async () => {
    const ownerUuid = await uuidOf('owner@example.com');
    const demote = await edit(ownerUuid, { authority: 'admin' });
    expect(demote.body.result.access_status.code).toBe(40011);
    expect(demote.body.result.access_status.message).toMatch(/オーナー/);
    expect(await accountRow(ownerUuid)).toMatchObject({ authority: 'owner' });
    const admin = await uuidOf('admin@example.com');
    await portal.db.query("UPDATE jpn_identity.accounts SET products = '{bownow}' WHERE uuid = $1", [admin]);
    const removed = await edit(admin, { products: ['actibook'] });
    expect(removed.status).toBe(422);
    expect(removed.body.result.errors.products[0]).toMatch(/サポート/);
    expect((await edit(admin, { products: ['bownow', 'actibook'] })).body.result.products).toEqual(['bownow', 'actibook']);
  });

  it('refuses an address that another account already uses, and a malformed one', async () => {
    const uuid = await uuidOf('user@example.com');
    const taken = await edit(uuid, { email: 'admin@example.com' });
    expect(taken.body.result.errors.email).toEqual(['このメールアドレスはすでに登録されています。']);
    expect((await edit(uuid, { email: 'not-an-address' })).status).toBe(422);
    expect(await accountRow(uuid)).toMatchObject({ email: 'user@example.com', pending_email: null, status: 'active' });
  });

  it('changes the email by a mailed link: modifymail meanwhile, old address logs in, saving again changes the target', async () => {
    const uuid = await uuidOf('user@example.com');
    await edit(uuid, { email: 'first-target@example.com' });
    expect(await accountRow(uuid)).toMatchObject({ email: 'user@example.com', pending_email: 'first-target@example.com', status: 'modifymail' });
    const first = link((await mailTo(portal, 'first-target@example.com', /account_mail_update/)).text);
    expect(first.user_uuid).toBe(uuid);
    // The old address still logs in while the change is pending.
    expect((await new Agent(portal).login('user@example.com', 'User#2026')).body.result.access_status.code).toBe(20000);

    await edit(uuid, { email: 'second-target@example.com' });
    const second = link((await mailTo(portal, 'second-target@example.com', /account_mail_update/)).text);
    const stale = await new Agent(portal).call('PUT', '/v1/account_mail_update', first);
    expect(stale.body.result.access_status.code).toBe(40011);
    expect(stale.body.result.access_status.message).toMatch(/有効期限|置き換え/);

    expect((await new Agent(portal).call('PUT', '/v1/account_mail_update', { ...second, user_uuid: await uuidOf('admin@example.com') })).body.result.access_status.code).toBe(40011);
    const applied = await new Agent(portal).call('PUT', '/v1/account_mail_update', second);
    expect(applied.body.result).toMatchObject({ email: 'second-target@example.com' });
    expect(await accountRow(uuid)).toMatchObject({ email: 'second-target@example.com', pending_email: null, status: 'active' });
    expect((await new Agent(portal).call('PUT', '/v1/account_mail_update', second)).body.result.access_status.code).toBe(40011);
    expect((await new Agent(portal).login('second-target@example.com', 'User#2026')).body.result.access_status.code).toBe(20000);
    expect((await new Agent(portal).login('user@example.com', 'User#2026')).body.result.access_status.code).not.toBe(20000);
    await eventually(async () => (await portal.db.query("SELECT 1 FROM jpn_usage_log.operation_logs WHERE operation = 'email_change_applied'")).length === 1);
  });

  it('lets the link expire after 24 hours, and saving the current address cancels the change', async () => {
    const uuid = await uuidOf('admin@example.com');
    await edit(uuid, { email: 'late@example.com' });
    const late = link((await mailTo(portal, 'late@example.com', /account_mail_update/)).text);
    clock.advance(24 * 3600_000 + 1);
    expect((await new Agent(portal).call('PUT', '/v1/account_mail_update', late)).body.result.access_status.code).toBe(40011);
    expect(await accountRow(uuid)).toMatchObject({ email: 'admin@example.com', status: 'modifymail' });
    await owner.login('owner@example.com', 'Owner#2026');
    await edit(uuid, { email: 'admin@example.com' });
    expect(await accountRow(uuid)).toMatchObject({ email: 'admin@example.com', pending_email: null, status: 'active' });
  });
});
