import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@portal/service-common/clock';
import { Agent, mailTo } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

describe('profile (issue 4)', () => {
  let portal: TestPortal;
  const clock = new ManualClock(new Date('2026-11-22T09:00:00Z'));
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('changes name and language', async () => {
    const user = new Agent(portal);
    await user.login('user@example.com', 'User#2026');
    const res = await user.call('PUT', '/v1/profile', { action: 'update', family_name: '鈴木', given_name: '三郎丸', language: 'en-us' });
    expect(res.body.result).toMatchObject({ family_name: '鈴木', given_name: '三郎丸', language: 'en-us' });
    expect((await user.call('GET', '/v1/profile')).body.result.given_name).toBe('三郎丸');
    expect((await user.call('PUT', '/v1/profile', { action: 'update', family_name: '', given_name: 'x', language: 'ja-jp' })).status).toBe(422);
    expect((await user.call('PUT', '/v1/profile', { action: 'update', family_name: 'a', given_name: 'x', language: 'fr-fr' })).status).toBe(422);
    // One operation-log entry, with what changed from what; saving the same values logs nothing.
    await user.call('PUT', '/v1/profile', { action: 'update', family_name: '鈴木', given_name: '三郎丸', language: 'en-us' });
    const logs = await eventually(async () => {
      const rows = await portal.db.query<{ detail: Record<string, unknown> }>("SELECT detail FROM jpn_usage_log.operation_logs WHERE operation = 'profile_changed'");
      return rows.length ? rows : undefined;
    });
    await portal.settle();
    expect(await portal.db.query("SELECT 1 FROM jpn_usage_log.operation_logs WHERE operation = 'profile_changed'")).toHaveLength(1);
    expect(logs[0]!.detail).toMatchObject({
      fields: ['given_name', 'language'],
      before: { given_name: '三郎', language: 'ja-jp' },
      after: { given_name: '三郎丸', language: 'en-us' },
    });
  });

  it('answers an unchanged save with 20000 and writes no row, no log entry and no event; an empty given name is refused', async () => {
    const user = new Agent(portal);
    await user.login('user@example.com', 'User#2026');
    const state = async () => ({
      outbox: (await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jpn_identity.outbox'))[0]!.n,
      updated: (await portal.db.query<{ t: Date }>("SELECT updated_at AS t FROM jpn_identity.accounts WHERE email = 'user@example.com'"))[0]!.t.getTime(),
    });
    const before = await state();
    const same = await user.call('PUT', '/v1/profile', { action: 'update', family_name: ' 鈴木 ', given_name: '三郎丸', language: 'en-us' });
    expect(same.body.result).toMatchObject({ access_status: { code: 20000 }, family_name: '鈴木', given_name: '三郎丸' });
    expect(await state()).toEqual(before);
    const empty = await user.call('PUT', '/v1/profile', { action: 'update', family_name: '鈴木', given_name: '', language: 'en-us' });
    expect(empty.status).toBe(422);
    // The request's language is the account's choice (English) on the Japanese host's list of languages.
    expect(empty.body.result.errors.given_name).toHaveLength(1);
    expect(await state()).toEqual(before);
  });

  describe('one pending email change per account: the newer request replaces the older', () => {
    const link = (text: string) => {
      const m = text.match(/account_mail_update\/([0-9a-f-]{36})\/(\S+)/)!;
      return { user_uuid: m[1]!, access_token: m[2]! };
    };
    const row = async () => (await portal.db.query<{ email: string; status: string; pending_email: string | null }>(
      "SELECT email, status, pending_email FROM jpn_identity.accounts WHERE uuid = '0b9f3c5e-7a1d-4c2e-9f00-00000000a005'"))[0]!;
    let owner: Agent;
    let user: Agent;
    const ownerEdit = async (email: string) => {
      const current = (await owner.call('GET', '/v1/user?uuid=0b9f3c5e-7a1d-4c2e-9f00-00000000a005')).body.result;
      const { uuid, family_name, given_name, authority, products } = current;
      return owner.call('PUT', '/v1/user', { uuid, family_name, given_name, authority, products, email });
    };
    const codeTo = async (email: string) => (await mailTo(portal, email, /\d{6}/)).text.match(/(\d{6})/)![1]!;
    beforeAll(async () => {
      owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      user = new Agent(portal);
      await user.login((await row()).email, 'User#2026');
    });

    it('a code requested on the profile voids the owner\'s pending link', async () => {
      await ownerEdit('user-link@example.com');
      expect(await row()).toMatchObject({ status: 'modifymail', pending_email: 'user-link@example.com' });
      expect((await user.call('GET', '/v1/profile')).body.result).toMatchObject({ pending_email: 'user-link@example.com', pending_email_by: 'administrator' });
      const staleLink = link((await mailTo(portal, 'user-link@example.com', /account_mail_update/)).text);
      await user.call('PUT', '/v1/send-code', { email: 'user-code@example.com', current_password: 'User#2026' });
      expect(await row()).toMatchObject({ email: 'user@example.com', status: 'active', pending_email: 'user-code@example.com' });
      expect((await user.call('GET', '/v1/profile')).body.result).toMatchObject({ pending_email: 'user-code@example.com', pending_email_by: 'profile' });
      expect((await new Agent(portal).call('PUT', '/v1/account_mail_update', staleLink)).body.result.access_status.code).toBe(40011);
      const done = await user.call('PUT', '/v1/profile', { action: 'email', auth_code: await codeTo('user-code@example.com') });
      expect(done.body.result).toMatchObject({ email: 'user-code@example.com', pending_email: null });
      expect(await row()).toMatchObject({ email: 'user-code@example.com', status: 'active' });
    });

    it('an owner\'s edit of the address voids the code requested on the profile', async () => {
      await user.call('PUT', '/v1/send-code', { email: 'user-code2@example.com', current_password: 'User#2026' });
      const staleCode = await codeTo('user-code2@example.com');
      await ownerEdit('user-link2@example.com');
      expect(await row()).toMatchObject({ status: 'modifymail', pending_email: 'user-link2@example.com' });
      const refused = await user.call('PUT', '/v1/profile', { action: 'email', auth_code: staleCode });
      expect(refused.body.result.errors.auth_code).toHaveLength(1);
      expect((await row()).email).toBe('user-code@example.com');
      const fresh = link((await mailTo(portal, 'user-link2@example.com', /account_mail_update/)).text);
      expect((await new Agent(portal).call('PUT', '/v1/account_mail_update', fresh)).body.result.email).toBe('user-link2@example.com');
      expect(await row()).toEqual({ email: 'user-link2@example.com', status: 'active', pending_email: null });
    });
  });

  it('changes the password only with the current one, keeping this session and ending the others', async () => {
    const here = new Agent(portal);
    const there = new Agent(portal);
    await here.login('admin@example.com', 'Admin#2026');
    await there.login('admin@example.com', 'Admin#2026');
    const wrong = await here.call('PUT', '/v1/profile', { action: 'password', current_password: 'nope', password: 'Changed#2026', password_confirm: 'Changed#2026' });
    expect(wrong.body.result.errors.current_password).toBeDefined();
    const ok = await here.call('PUT', '/v1/profile', { action: 'password', current_password: 'Admin#2026', password: 'Changed#2026', password_confirm: 'Changed#2026' });
    expect(ok.body.result.access_status.code).toBe(20000);
    expect((await here.call('GET', '/v1/profile')).status).toBe(200);
    expect((await there.call('GET', '/v1/profile')).status).toBe(401);
    expect((await new Agent(portal).login('admin@example.com', 'Changed#2026')).body.result.access_status.code).toBe(20000);
  });

  it('changes the email by a 6-digit code to the new address, valid 30 minutes, after re-authentication', async () => {
    const owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    expect((await owner.call('PUT', '/v1/send-code', { email: 'owner-new@example.com', current_password: 'bad' })).status).toBe(422);
    expect((await owner.call('PUT', '/v1/send-code', { email: 'admin@example.com', current_password: 'Owner#2026' })).body.result.errors.email).toBeDefined();
    await owner.call('PUT', '/v1/send-code', { email: 'owner-new@example.com', current_password: 'Owner#2026' });
    const code = (await mailTo(portal, 'owner-new@example.com', /\d{6}/)).text.match(/(\d{6})/)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await owner.call('PUT', '/v1/profile', { action: 'email', auth_code: wrong })).body.result.errors.auth_code).toBeDefined();
    clock.advance(30 * 60_000 + 1);
    expect((await owner.call('PUT', '/v1/profile', { action: 'email', auth_code: code })).body.result.errors.auth_code[0]).toMatch(/有効期限/);
    await owner.login('owner@example.com', 'Owner#2026');
    portal.mailbox.clear();
    await owner.call('PUT', '/v1/send-code', { email: 'owner-new@example.com', current_password: 'Owner#2026' });
    const fresh = (await mailTo(portal, 'owner-new@example.com', /\d{6}/)).text.match(/(\d{6})/)![1]!;
    const done = await owner.call('PUT', '/v1/profile', { action: 'email', auth_code: fresh });
    expect(done.body.result).toMatchObject({ email: 'owner-new@example.com', pending_email: null });
    expect((await new Agent(portal).login('owner-new@example.com', 'Owner#2026')).body.result.access_status.code).toBe(20000);
  });

  it('keeps a support login out of the profile', async () => {
    const partner = new Agent(portal);
    await partner.login('partner@example.com', 'Partner#2026');
    const url = (await partner.call('POST', '/v1/proxy_login/issue', { client_uuid: '0b9f3c5e-7a1d-4c2e-9f00-000000000101' })).body.result.url as string;
    const support = new Agent(portal);
    await support.call('POST', '/v1/proxy_login', { access_token: decodeURIComponent(url.split('/proxy_login/')[1]!) });
    expect((await support.call('GET', '/v1/profile')).status).toBe(403);
    expect((await support.call('PUT', '/v1/send-code', { email: 'x@example.com', current_password: 'x' })).status).toBe(403);
  });
});
