import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, mailTo } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

const JP = 'portal.example.jp';
const US = 'portal.example.com';

/**
 * Issue 9 item 9: login from any region's host. The global shard's directory knows each address's
 * home region; a password verified there continues on the home host through a one-time token. A
 * wrong password or an unknown address answers exactly as before.
 */
describe('login from any region\'s host (issue 9, item 9)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  const tokenOf = (url: string) => decodeURIComponent(url.split('/login/handoff/')[1]!);
  const directory = (email: string) => portal.db.query<{ region: string }>('SELECT region FROM global_identity.account_directory WHERE email = $1', [email]);

  it('logs a usa account in on the Japanese host and lands it logged in on the usa host', async () => {
    const jp = new Agent(portal, { host: JP });
    const res = await jp.login('owner-us@example.com', 'OwnerUs#2026', { target_url: '/user/list' });
    expect(res.status).toBe(200);
    expect(res.body.result.mfa_required).toBe(false);
    expect(res.body.result.handoff_url).toMatch(/^http:\/\/portal\.example\.com\/login\/handoff\/usa\./);
    // Nothing is logged in on the Japanese host.
    expect(jp.cookies.get('sid')).toBeUndefined();
    expect((await jp.call('GET', '/v1/user-auth')).status).toBe(401);

    const us = new Agent(portal, { host: US });
    const landed = await us.call('POST', '/v1/login/handoff', { access_token: tokenOf(res.body.result.handoff_url) });
    expect(landed.status).toBe(200);
    expect(landed.body.result).toMatchObject({ mfa_required: false, target_url: '/user/list', auth_info: { user_info: { email: 'owner-us@example.com' } } });
    expect(us.cookies.get('sid')).toMatch(/^usa\./);
    const me = await us.call('GET', '/v1/user-auth');
    expect(me.body.result.user_info.email).toBe('owner-us@example.com');
    expect(me.body.result.authority_info.region).toBe('usa');
    expect((await us.call('GET', '/v1/user/list')).body.result.access_status.code).toBe(20000);
  });

  it('refuses a hand-off token used twice, or on another region\'s host', async () => {
    const first = await new Agent(portal, { host: JP }).login('owner-us@example.com', 'OwnerUs#2026');
    const token = tokenOf(first.body.result.handoff_url);
    // On the Japanese host it is refused, and it stays usable where it belongs.
    const elsewhere = new Agent(portal, { host: JP });
    const wrongHost = await elsewhere.call('POST', '/v1/login/handoff', { access_token: token });
    expect(wrongHost.body.result.access_status).toEqual({ code: 40011, message: 'このログイン用リンクは使用済みか有効期限切れです。もう一度ログインしてください。' });
    expect(elsewhere.cookies.get('sid')).toBeUndefined();
    expect((await new Agent(portal, { host: US }).call('POST', '/v1/login/handoff', { access_token: token })).status).toBe(200);
    const again = new Agent(portal, { host: US });
    const reused = await again.call('POST', '/v1/login/handoff', { access_token: token });
    expect(reused.status).toBe(422);
    expect(reused.body.result.access_status).toEqual({ code: 40011, message: 'This sign-in link has already been used or has expired. Please log in again.' });
    expect(again.cookies.get('sid')).toBeUndefined();
    expect((await again.call('POST', '/v1/login/handoff', { access_token: 'usa.not-a-token-at-all-000' })).body.result.access_status.code).toBe(40011);
  });

  it('refuses a hand-off token after its 60 seconds', async () => {
    const res = await new Agent(portal, { host: JP }).login('owner-us@example.com', 'OwnerUs#2026');
    await portal.db.query("UPDATE usa_identity.one_time_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'login_handoff' AND used_at IS NULL");
    expect((await new Agent(portal, { host: US }).call('POST', '/v1/login/handoff', { access_token: tokenOf(res.body.result.handoff_url) })).body.result.access_status.code).toBe(40011);
  });

  it('answers a wrong password for a usa account exactly as an unknown address or a local wrong password', async () => {
    const answer = async (email: string) => {
      const res = await new Agent(portal, { host: JP }).login(email, 'Wrong#Password1');
      return { status: res.status, body: res.body, cookies: res.setCookies.map((c) => c.split('=')[0]).sort() };
    };
    const foreign = await answer('owner-us@example.com');
    const unknown = await answer('nobody-anywhere@example.com');
    const local = await answer('admin@example.com');
    expect(foreign.status).toBe(422);
    expect(foreign.body.result.access_status.code).toBe(40011);
    expect(foreign).toEqual(unknown);
    expect(foreign).toEqual(local);
    // The failure counted where the account lives (its lockout), as a local one does.
    expect(await portal.db.query("SELECT failed_attempts FROM usa_identity.accounts WHERE email = 'owner-us@example.com'")).toEqual([{ failed_attempts: 1 }]);
    // And it is cleared by the next successful login, here through the hand-off.
    const ok = await new Agent(portal, { host: JP }).login('owner-us@example.com', 'OwnerUs#2026');
    await new Agent(portal, { host: US }).call('POST', '/v1/login/handoff', { access_token: tokenOf(ok.body.result.handoff_url) });
    expect(await portal.db.query("SELECT failed_attempts FROM usa_identity.accounts WHERE email = 'owner-us@example.com'")).toEqual([{ failed_attempts: 0 }]);
  });

  it('keeps the directory by identity\'s own writes: invitation acceptance, email change and deletion', async () => {
    const owner = new Agent(portal, { host: US });
    await owner.login('owner-us@example.com', 'OwnerUs#2026');
    const invited = await owner.call('POST', '/v1/user/invite', { users: [{ email: 'traveller@example.com', family_name: 'Trip', given_name: 'Terry', authority: 'user', products: [] }] });
    const uuid = invited.body.result.invited[0].uuid as string;
    await portal.settle();
    // An invitation is not a login yet.
    expect(await directory('traveller@example.com')).toEqual([]);
    const link = (await mailTo(portal, 'traveller@example.com', /invite\//)).text.match(/\/invite\/(\S+)/)![1]!;
    const accepted = await new Agent(portal, { host: US }).call('POST', '/v1/user', {
      access_token: decodeURIComponent(link), password: 'Travel#2026', password_confirm: 'Travel#2026', privacy_agreed: true, terms_agreed: true,
    });
    expect(accepted.body.result.access_status.code).toBe(20000);
    await portal.settle();
    expect(await directory('traveller@example.com')).toEqual([{ region: 'usa' }]);
    expect((await new Agent(portal, { host: JP }).login('traveller@example.com', 'Travel#2026')).body.result.handoff_url).toMatch(/^http:\/\/portal\.example\.com\//);

    // An owner's change of the address, applied through the mailed link.
    await owner.call('PUT', '/v1/user', { uuid, family_name: 'Trip', given_name: 'Terry', authority: 'user', products: [], email: 'traveller2@example.com' });
    const change = (await mailTo(portal, 'traveller2@example.com', /account_mail_update\//)).text.match(/account_mail_update\/([^/\s]+)\/(\S+)/)!;
    expect((await new Agent(portal, { host: US }).call('PUT', '/v1/account_mail_update', { user_uuid: change[1], access_token: decodeURIComponent(change[2]!) })).body.result.access_status.code).toBe(20000);
    await portal.settle();
    expect(await directory('traveller@example.com')).toEqual([]);
    expect(await directory('traveller2@example.com')).toEqual([{ region: 'usa' }]);

    expect((await owner.call('DELETE', `/v1/user?uuid=${uuid}`)).status).toBe(200);
    await portal.settle();
    expect(await directory('traveller2@example.com')).toEqual([]);
    const gone = await new Agent(portal, { host: JP }).login('traveller2@example.com', 'Travel#2026');
    expect(gone.body.result.access_status).toEqual((await new Agent(portal, { host: JP }).login('nobody-at-all@example.com', 'Travel#2026')).body.result.access_status);
  });

  it('keeps an address with the account listed first when another region has it too', async () => {
    const jpOwner = new Agent(portal, { host: JP });
    await jpOwner.login('owner@example.com', 'Owner#2026');
    await jpOwner.call('POST', '/v1/user/invite', { users: [{ email: 'owner-us@example.com', family_name: '米国', given_name: '同名', authority: 'user', products: [] }] });
    const link = (await mailTo(portal, 'owner-us@example.com', /invite\//)).text.match(/\/invite\/(\S+)/)![1]!;
    expect((await new Agent(portal, { host: JP }).call('POST', '/v1/user', {
      access_token: decodeURIComponent(link), password: 'Twin#2026x', password_confirm: 'Twin#2026x', privacy_agreed: true, terms_agreed: true,
    })).body.result.access_status.code).toBe(20000);
    await portal.settle();
    expect(await directory('owner-us@example.com')).toEqual([{ region: 'usa' }]);
    // Each logs in on its own host.
    expect((await new Agent(portal, { host: US }).login('owner-us@example.com', 'OwnerUs#2026')).body.result.auth_info.authority_info.region).toBe('usa');
    expect((await new Agent(portal, { host: JP }).login('owner-us@example.com', 'Twin#2026x')).body.result.auth_info.authority_info.region).toBe('jpn');
  });

  it('keeps a local account logging in on its own host as before', async () => {
    const us = new Agent(portal, { host: US });
    const res = await us.login('owner-us@example.com', 'OwnerUs#2026');
    expect(res.body.result.handoff_url).toBeUndefined();
    expect(us.cookies.get('sid')).toMatch(/^usa\./);
    const operator = new Agent(portal, { host: US });
    expect((await operator.login('operator@example.com', 'Operator#2026')).body.result.handoff_url).toBeUndefined();
  });
});

/** The same over the real NATS server: the directory's events travel through JetStream. */
describe('login from any region\'s host over NATS (issue 9, item 9)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'nats' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('keeps the directory through JetStream and hands a login off to the home host', async () => {
    const owner = new Agent(portal, { host: US });
    await owner.login('owner-us@example.com', 'OwnerUs#2026');
    await owner.call('POST', '/v1/user/invite', { users: [{ email: 'nats-traveller@example.com', family_name: 'Net', given_name: 'Nat', authority: 'admin', products: [] }] });
    const link = (await mailTo(portal, 'nats-traveller@example.com', /invite\//)).text.match(/\/invite\/(\S+)/)![1]!;
    await new Agent(portal, { host: US }).call('POST', '/v1/user', {
      access_token: decodeURIComponent(link), password: 'Travel#2026', password_confirm: 'Travel#2026', privacy_agreed: true, terms_agreed: true,
    });
    await portal.settle();
    expect(await portal.db.query("SELECT region FROM global_identity.account_directory WHERE email = 'nats-traveller@example.com'")).toEqual([{ region: 'usa' }]);

    const res = await new Agent(portal, { host: JP }).login('nats-traveller@example.com', 'Travel#2026');
    const us = new Agent(portal, { host: US });
    const landed = await us.call('POST', '/v1/login/handoff', { access_token: decodeURIComponent(res.body.result.handoff_url.split('/login/handoff/')[1]) });
    expect(landed.body.result.auth_info.user_info.email).toBe('nats-traveller@example.com');
    expect((await us.call('GET', '/v1/user-auth')).body.result.authority_info.region).toBe('usa');
  });
});
