import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, type TLanguage, type TPrincipal, type TProfileUpdate } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { requireContext } from '@portal/service-common/context';
import { ServiceError } from '@portal/service-common/errors';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { recordOperation } from '../audit/audit.js';
import { requestMail } from '../audit/mail.js';
import type { Account } from '../db.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { hashToken, newCode, safeEqual } from '../passwords/tokens.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';

/** Profile email change: a 6-digit code to the new address, valid 30 minutes, 5 tries (spec §4, §9). */
const EMAIL_CODE_TTL_MS = 30 * 60 * 1000;
const EMAIL_CODE_MAX_ATTEMPTS = 5;

const field = (name: string, key: string) => ServiceError.form({ [name]: [{ key }] });
const pick = <T extends object>(o: T, keys: (keyof T)[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));

/** /profile (spec §2, §4): name and language, password change and email change, each re-authenticated. */
@Injectable()
export class ProfileService {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async get(principal: TPrincipal) {
    return this.view(await this.account(principal));
  }

  async update(principal: TPrincipal, input: TProfileUpdate) {
    const account = await this.account(principal);
    const shard = principal.home_shard;
    const client = this.accounts.client(shard);

    switch (input.action) {
      case 'update': {
        // The change and its operation-log entry, with what changed from what, commit together.
        const before = { family_name: account.familyName, given_name: account.givenName, language: account.language };
        const after = { family_name: input.family_name, given_name: input.given_name, language: input.language };
        const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => before[k] !== after[k]);
        const updated = await client.$transaction(async (tx) => {
          const row = await tx.account.update({ where: { uuid: account.uuid }, data: { familyName: input.family_name, givenName: input.given_name, language: input.language } });
          if (changed.length) {
            await recordOperation(tx, {
              shard, clientUuid: principal.client_uuid, accountUuid: account.uuid, operation: 'profile_changed',
              detail: { fields: changed, before: pick(before, changed), after: pick(after, changed) },
            });
          }
          return row;
        });
        this.accounts.kick(shard);
        return this.view(updated);
      }
      case 'password': {
        if (!(await this.hasher.verify(account.passwordHash, input.current_password))) throw field('current_password', 'profile.wrong_password');
        const passwordHash = await this.hasher.hash(input.password);
        const current = requireContext().sessionToken;
        await client.$transaction(async (tx) => {
          await this.accounts.setPassword(tx, account.uuid, passwordHash);
          // Other sessions end; this one goes on.
          await this.sessions.end(tx, { accountUuid: account.uuid, exceptId: current ? hashToken(current) : undefined }, this.clock.now());
          await recordOperation(tx, { shard, clientUuid: principal.client_uuid, accountUuid: account.uuid, operation: 'password_changed', detail: {} });
        });
        this.accounts.kick(shard);
        return this.view(account);
      }
      case 'email':
        return this.view(await this.confirmEmail(principal, account, input.auth_code));
      default:
        return input satisfies never;
    }
  }

  async sendCode(principal: TPrincipal, email: string, currentPassword: string) {
    const account = await this.account(principal);
    if (!(await this.hasher.verify(account.passwordHash, currentPassword))) throw field('current_password', 'profile.wrong_password');
    const shard = principal.home_shard;
    const target = email.toLowerCase();
    if (target === account.email || (await this.accounts.emailExists(shard, target))) throw field('email', 'signup.email_exists');
    const code = newCode();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + EMAIL_CODE_TTL_MS);
    await this.accounts.client(shard).$transaction(async (tx) => {
      // One pending change per account: the newer request replaces the older, whichever path
      // started it. Earlier codes and an owner's email-change link (modifymail) stop working.
      await tx.oneTimeToken.updateMany({ where: { accountUuid: account.uuid, purpose: { in: ['email_code', 'mail_update'] }, usedAt: null }, data: { usedAt: now } });
      await tx.oneTimeToken.create({ data: { tokenHash: hashToken(`${account.uuid}:${code}`), purpose: 'email_code', accountUuid: account.uuid, payload: { email: target, attempts: 0 }, expiresAt } });
      await tx.account.update({ where: { uuid: account.uuid }, data: { pendingEmail: target, ...(account.status === 'modifymail' ? { status: 'active' } : {}) } });
      await requestMail(tx, shard, { to: target, template: 'email_code', language: account.language as TLanguage, params: { code } });
    });
    this.accounts.kick(shard);
    return { expires_at: expiresAt.toISOString() };
  }

  private async confirmEmail(principal: TPrincipal, account: Account, code: string): Promise<Account> {
    const shard = principal.home_shard;
    const client = this.accounts.client(shard);
    const now = this.clock.now();
    const open = await client.oneTimeToken.findFirst({ where: { accountUuid: account.uuid, purpose: 'email_code', usedAt: null }, orderBy: { createdAt: 'desc' } });
    const payload = open?.payload as { email: string; attempts: number } | undefined;
    // A code whose change was replaced since (an owner's edit of the address) is void too.
    if (!open || !payload || open.expiresAt <= now || payload.email !== account.pendingEmail) throw field('auth_code', 'profile.code_expired');
    if (!safeEqual(open.tokenHash, hashToken(`${account.uuid}:${code}`))) {
      const attempts = payload.attempts + 1;
      await client.oneTimeToken.update({ where: { tokenHash: open.tokenHash }, data: { payload: { ...payload, attempts }, usedAt: attempts >= EMAIL_CODE_MAX_ATTEMPTS ? now : null } });
      throw field('auth_code', attempts >= EMAIL_CODE_MAX_ATTEMPTS ? 'profile.code_expired' : 'profile.code_invalid');
    }
    if (await this.accounts.emailExists(shard, payload.email)) throw field('auth_code', 'signup.email_exists');
    const updated = await client.$transaction(async (tx) => {
      await tx.oneTimeToken.update({ where: { tokenHash: open.tokenHash }, data: { usedAt: now } });
      const row = await tx.account.update({ where: { uuid: account.uuid }, data: { email: payload.email, pendingEmail: null, ...(account.status === 'modifymail' ? { status: 'active' } : {}) } });
      await recordOperation(tx, { shard, clientUuid: principal.client_uuid, accountUuid: account.uuid, operation: 'email_changed', detail: { before: account.email, after: payload.email } });
      return row;
    });
    this.accounts.kick(shard);
    return updated;
  }

  private async account(principal: TPrincipal): Promise<Account> {
    const found = await this.accounts.findByUuid(principal.home_shard, principal.account_uuid);
    if (!found) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    return found.account;
  }

  private view(a: Account) {
    // An owner's edit leaves the account modifymail (a link); a code requested here does not.
    const by = a.pendingEmail ? (a.status === 'modifymail' ? 'administrator' as const : 'profile' as const) : null;
    return { uuid: a.uuid, email: a.email, family_name: a.familyName, given_name: a.givenName, language: a.language as TLanguage, pending_email: a.pendingEmail, pending_email_by: by };
  }
}
