import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaPg } from '@prisma/adapter-pg';
import { ManualClock } from '@portal/service-common/clock';
import { RegionRouter } from '@portal/service-common/db/region-router';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import type { ServiceDb } from '@portal/service-common/service-db';
import { PrismaClient } from '../../services/identity/src/generated/prisma/client.js';
import type { Tx } from '../../services/identity/src/db.js';
import { OneTimeTokenRepository } from '../../services/identity/src/tokens/one-time-token.repository.js';
import { OneTimeTokenService } from '../../services/identity/src/tokens/one-time-token.service.js';
import { Agent, mailTo } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * The one-time token lifecycle (services/identity/src/tokens): consumed exactly once under
 * concurrency, and each way a mailed link cannot be used answered apart (issue 8).
 */
describe('one-time tokens', () => {
  let portal: TestPortal;
  let router: RegionRouter<PrismaClient>;
  let tokens: OneTimeTokenService;
  let uow: UnitOfWork<Tx>;
  const clock = new ManualClock(new Date('2026-11-24T09:00:00Z'));

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock, env: { BASIC_AUTH_USER: 'staff', BASIC_AUTH_PASSWORD: 'internal-secret' } });
    // The token module on its own, beside the running portal, on the same database.
    router = new RegionRouter(portal.db.shardMap, 'identity', ({ url, schema }) => new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 8 }, { schema }) }));
    const db: ServiceDb<PrismaClient> = {
      router, client: (shard) => router.client(shard), kick: () => undefined,
      prepared: (shard, _label, statement) => router.client(shard).$queryRawUnsafe(statement.text, ...statement.values), shards: () => router.shards(), ping: async () => true,
    };
    tokens = new OneTimeTokenService(new OneTimeTokenRepository(db), clock);
    uow = new UnitOfWork<Tx>(db);
  });
  afterAll(async () => {
    await router?.disconnectAll();
    await portal?.close();
  });

  describe('the module', () => {
    it('lets exactly one of many concurrent consumes succeed', async () => {
      for (let round = 0; round < 5; round++) {
        const { token } = await tokens.issue('jpn', 'jpn', { purpose: 'password_reset' });
        const results = await Promise.all(Array.from({ length: 8 }, () => tokens.consume('jpn', token, 'password_reset')));
        expect(results.filter((r) => r.state === 'live')).toHaveLength(1);
        expect(results.filter((r) => r.state === 'used')).toHaveLength(7);
      }
    });

    it('lets exactly one of concurrent units of work consume, and a rolled-back consume leaves the token live', async () => {
      const { token } = await tokens.issue('jpn', 'jpn', { purpose: 'invitation' });
      const attempt = () => uow.run('jpn', async (tx) => (await tokens.consume(tx, token, 'invitation')).state).catch(() => 'failed');
      const states = await Promise.all([attempt(), attempt(), attempt(), attempt()]);
      expect(states.filter((s) => s === 'live')).toHaveLength(1);
      expect(states.filter((s) => s === 'used')).toHaveLength(3);

      const other = await tokens.issue('jpn', 'jpn', { purpose: 'invitation' });
      await expect(uow.run('jpn', async (tx) => {
        await tokens.consume(tx, other.token, 'invitation');
        throw new Error('the rest of the unit failed');
      })).rejects.toThrow('the rest of the unit failed');
      expect((await tokens.inspect('jpn', other.token, 'invitation')).state).toBe('live');
    });

    it('tells used, replaced, expired, another purpose and unknown apart', async () => {
      const account = '0b9f3c5e-7a1d-4c2e-9f00-00000000a004';
      const first = await uow.run('jpn', (tx) => tokens.issue(tx, 'jpn', { purpose: 'password_reset', accountUuid: account, replaces: ['password_reset'] }));
      const second = await uow.run('jpn', (tx) => tokens.issue(tx, 'jpn', { purpose: 'password_reset', accountUuid: account, replaces: ['password_reset'] }));
      expect((await tokens.inspect('jpn', first.token, 'password_reset')).state).toBe('revoked');
      expect((await tokens.consume('jpn', first.token, 'password_reset')).state).toBe('revoked');
      expect((await tokens.inspect('jpn', second.token, 'invitation')).state).toBe('unknown');
      expect((await tokens.inspect('jpn', 'jpn.no-such-token-anywhere', 'password_reset')).state).toBe('unknown');
      expect((await tokens.inspect(undefined, second.token, 'password_reset')).state).toBe('unknown');
      expect((await tokens.consume('jpn', second.token, 'password_reset')).state).toBe('live');
      expect((await tokens.consume('jpn', second.token, 'password_reset')).state).toBe('used');
      const late = await tokens.issue('jpn', 'jpn', { purpose: 'password_reset', accountUuid: account });
      clock.advance(24 * 3600_000);
      expect((await tokens.consume('jpn', late.token, 'password_reset')).state).toBe('expired');
      clock.advance(-24 * 3600_000);
    });

    it('closes a code after too many wrong guesses', async () => {
      const account = '0b9f3c5e-7a1d-4c2e-9f00-00000000a005';
      await tokens.issue('jpn', 'jpn', { purpose: 'email_code', accountUuid: account, secret: `${account}:123456` });
      expect(await tokens.checkCode('jpn', account, 'email_code', `${account}:000000`, 2)).toEqual({ outcome: 'wrong', closed: false });
      expect(await tokens.checkCode('jpn', account, 'email_code', `${account}:000000`, 2)).toEqual({ outcome: 'wrong', closed: true });
      expect(await tokens.checkCode('jpn', account, 'email_code', `${account}:123456`, 2)).toEqual({ outcome: 'none', state: 'unknown' });
    });
  });

  describe('through the API: why a link cannot be used', () => {
    const owner = () => new Agent(portal);
    const link = (text: string, path: RegExp) => text.match(path)![1]!;
    /** The link of the newest mail to `to`, once it is another than `previous` (the outbox delivers a moment later). */
    async function newLink(to: string, path: RegExp, previous: string): Promise<string> {
      for (let i = 0; i < 100; i++) {
        const token = link((await mailTo(portal, to, path)).text, path);
        if (token !== previous) return token;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no new mail to ${to}`);
    }

    it('invitation: valid, then already accepted (log in); replaced by a reinvite; expired; unknown', async () => {
      const admin = owner();
      await admin.login('owner@example.com', 'Owner#2026');
      await admin.call('POST', '/v1/user/invite', { users: [{ email: 'tok-a@example.com', family_name: '招待', given_name: '一郎', authority: 'user', products: [] }, { email: 'tok-b@example.com', family_name: '招待', given_name: '一郎', authority: 'user', products: [] }] });
      const tokenA = link((await mailTo(portal, 'tok-a@example.com', /invite\//)).text, /invite\/(\S+)/);
      const anon = new Agent(portal);
      expect((await anon.call('GET', `/v1/user/invite?access_token=${tokenA}`)).body.result).toMatchObject({ state: 'valid', email: 'tok-a@example.com' });
      const accept = { access_token: tokenA, password: 'Invite#2026', password_confirm: 'Invite#2026', privacy_agreed: true, terms_agreed: true };
      expect((await anon.call('POST', '/v1/user', accept)).body.result.access_status.code).toBe(20000);
      for (const res of [await new Agent(portal).call('GET', `/v1/user/invite?access_token=${tokenA}`), await new Agent(portal).call('POST', '/v1/user', accept)]) {
        expect(res.status).toBe(422);
        expect(res.body.result).toMatchObject({
          state: 'used',
          access_status: { code: 40011, message: 'この招待はすでに承諾されています。メールアドレスとパスワードでログインしてください。' },
        });
      }

      const mailB = await mailTo(portal, 'tok-b@example.com', /invite\//);
      const oldB = link(mailB.text, /invite\/(\S+)/);
      const uuidB = (await portal.db.query<{ uuid: string }>("SELECT uuid FROM jpn_identity.accounts WHERE email = 'tok-b@example.com'"))[0]!.uuid;
      await admin.call('POST', '/v1/user/reinvite', { uuid: uuidB });
      const replaced = await new Agent(portal).call('GET', `/v1/user/invite?access_token=${oldB}`);
      expect(replaced.body.result).toMatchObject({ state: 'replaced', access_status: { message: 'その後に新しいURLが送信されています。最新のメールに記載のURLをご利用ください。' } });

      const fresh = await newLink('tok-b@example.com', /invite\/(\S+)/, oldB);
      clock.advance(24 * 3600_000 + 1000);
      try {
        const expired = await new Agent(portal).call('GET', `/v1/user/invite?access_token=${fresh}`);
        expect(expired.body.result).toMatchObject({ state: 'expired', access_status: { code: 40011, message: 'この招待の有効期限（24時間）が切れています。招待した方に再招待を依頼してください。' } });
        expect(await portal.db.query("SELECT status FROM jpn_identity.accounts WHERE email = 'tok-b@example.com'")).toEqual([{ status: 'expired' }]);
      } finally {
        clock.advance(-(24 * 3600_000 + 1000));
      }

      const unknown = await new Agent(portal).call('GET', `/v1/user/invite?access_token=jpn.${'x'.repeat(40)}`);
      expect(unknown.body.result).toMatchObject({ state: 'invalid', errors: { access_token: ['このURLは無効です。メールに記載のURLをそのまま開くか、再度お手続きください。'] } });
    });

    it('password reset: the check answers the state; a used link says so; an earlier link is replaced', async () => {
      const anon = new Agent(portal);
      await anon.call('POST', '/v1/password_reset', { email: 'user@example.com' });
      const first = link((await mailTo(portal, 'user@example.com', /password_reset\//)).text, /password_reset\/(\S+)/);
      await anon.call('POST', '/v1/password_reset', { email: 'user@example.com' });
      const second = await newLink('user@example.com', /password_reset\/(\S+)/, first);
      expect((await anon.call('GET', `/v1/password_reset?access_token=${first}`)).body.result).toMatchObject({ valid: false, state: 'replaced' });
      expect((await anon.call('GET', `/v1/password_reset?access_token=${second}`)).body.result).toMatchObject({ valid: true, state: 'valid' });
      const form = { access_token: second, password: 'Reset#2026x', password_confirm: 'Reset#2026x' };
      expect((await anon.call('PUT', '/v1/password_reset', form)).body.result.access_status.code).toBe(20000);
      expect((await anon.call('GET', `/v1/password_reset?access_token=${second}`)).body.result).toMatchObject({ valid: false, state: 'used' });
      const again = await anon.call('PUT', '/v1/password_reset', form);
      expect(again.body.result).toMatchObject({ state: 'used', access_status: { code: 40011, message: 'このURLはすでにパスワードの再設定に使用されています。新しいパスワードでログインするか、再度お手続きください。' } });
      await portal.db.query("UPDATE jpn_identity.accounts SET password_hash = (SELECT password_hash FROM jpn_identity.accounts WHERE email = 'admin@example.com') WHERE email = 'user@example.com'");
    });

    it('sign-up link: registered once, then "already registered: log in"; an expired one says so', async () => {
      const anon = new Agent(portal);
      await anon.call('POST', '/v1/signup/temporary', { email: 'tok-signup@example.jp', terms_agreed: true });
      const token = link((await mailTo(portal, 'tok-signup@example.jp', /signup\//)).text, /signup\/([\w-]+)\/1/);
      expect((await anon.call('GET', `/v1/signup?access_token=${token}`)).body.result).toMatchObject({ state: 'valid', email: 'tok-signup@example.jp', name_order: 'family_first' });
      const form = { access_token: token, company_name: 'トークン商事', phone: '03-0000-0000', family_name: '登録', given_name: '一郎', password: 'Signup#2026', password_confirm: 'Signup#2026', terms_agreed: true, privacy_agreed: true,
        position: 'manager', division: 'marketing', industry: 'manufacturing', sub_industry: 'electronics', employees: '11-30', budget: 'yen_1m_10m' };
      expect((await anon.call('POST', '/v1/client/register', form)).body.result.access_status.code).toBe(20000);
      for (const res of [await new Agent(portal).call('GET', `/v1/signup?access_token=${token}`), await new Agent(portal).call('POST', '/v1/client/register', form)]) {
        expect(res.body.result).toMatchObject({ state: 'used', access_status: { code: 40011, message: 'この本登録URLはすでに使用され、会社は登録済みです。メールアドレスとパスワードでログインしてください。' } });
      }

      await anon.call('POST', '/v1/signup/temporary', { email: 'tok-late@example.jp', terms_agreed: true });
      const late = link((await mailTo(portal, 'tok-late@example.jp', /signup\//)).text, /signup\/([\w-]+)\/1/);
      clock.advance(24 * 3600_000);
      try {
        expect((await anon.call('GET', `/v1/signup?access_token=${late}`)).body.result).toMatchObject({ state: 'expired', access_status: { message: 'この本登録URLの有効期限（24時間）が切れています。お手数ですが仮登録からやり直してください。' } });
      } finally {
        clock.advance(-24 * 3600_000);
      }
    });

    it('email-change link: applied once, then "already applied"; a replaced one and an expired one say so', async () => {
      const admin = owner();
      await admin.login('owner@example.com', 'Owner#2026');
      const uuid = (await portal.db.query<{ uuid: string }>("SELECT uuid FROM jpn_identity.accounts WHERE email = 'tok-a@example.com'"))[0]!.uuid;
      const edit = (email: string) => admin.call('PUT', '/v1/user', { uuid, family_name: '招待', given_name: '一郎', authority: 'user', products: [], email });
      const mailLink = async (to: string) => link((await mailTo(portal, to, /account_mail_update\//)).text, /account_mail_update\/[\w-]+\/(\S+)/);

      await edit('tok-a1@example.com');
      const first = await mailLink('tok-a1@example.com');
      await edit('tok-a2@example.com');
      const second = await mailLink('tok-a2@example.com');
      expect(second).not.toBe(first);
      const anon = new Agent(portal);
      expect((await anon.call('PUT', '/v1/account_mail_update', { user_uuid: uuid, access_token: first })).body.result)
        .toMatchObject({ state: 'replaced', access_status: { code: 40011, message: 'このメールアドレス変更は、より新しい変更に置き換えられています。最新のメールに記載のURLをご利用ください。' } });
      expect((await anon.call('PUT', '/v1/account_mail_update', { user_uuid: uuid, access_token: second })).body.result).toMatchObject({ email: 'tok-a2@example.com' });
      expect((await anon.call('PUT', '/v1/account_mail_update', { user_uuid: uuid, access_token: second })).body.result)
        .toMatchObject({ state: 'used', access_status: { message: 'このメールアドレスの変更はすでに完了しています。新しいメールアドレスでログインしてください。' } });

      await edit('tok-a3@example.com');
      const third = await mailLink('tok-a3@example.com');
      clock.advance(24 * 3600_000);
      try {
        expect((await anon.call('PUT', '/v1/account_mail_update', { user_uuid: uuid, access_token: third })).body.result)
          .toMatchObject({ state: 'expired', access_status: { message: 'このメールアドレス変更URLの有効期限（24時間）が切れています。管理者に再度変更を依頼してください。' } });
      } finally {
        clock.advance(-24 * 3600_000);
      }
    });
  });
});
