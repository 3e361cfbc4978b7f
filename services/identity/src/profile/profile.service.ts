import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, type ApiReply, type TAccountStatus, type TLanguage, type TPrincipal, type TProfileUpdate } from '@portal/proto';
import { changeDetail, changedFields } from '@portal/service-common/changes';
import { requireContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { mapEmailTaken } from '../accounts/email-taken.js';
import { statusOnEmailChangeSettled } from '../accounts/account.rules.js';
import { assertNoSupportSecurityChange } from '../accounts/support-session.rules.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { recipientName } from '../accounts/person-name.js';
import { recordOperation } from '../audit/audit.js';
import { requestMail } from '../audit/mail.js';
import type { Account, Tx } from '../db.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { hashToken, newCode } from '../passwords/tokens.js';
import { SessionEndService } from '../sessions/session-end.service.js';
import { OneTimeTokenService } from '../tokens/one-time-token.service.js';
import { recordDirectory } from '../directory/directory.js';

/** Profile email change: a 6-digit code to the new address, valid 30 minutes, 5 tries (spec §4, §9). */
const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** A code is stored as the hash of the account and the code (the code alone would collide across accounts). */
const codeSecret = (accountUuid: string, code: string) => `${accountUuid}:${code}`;

const field = (name: string, key: string) => ServiceError.form({ [name]: [{ key }] });

/** /profile (spec §2, §4): name and language, password change and email change, each re-authenticated. */
@Injectable()
export class ProfileService {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(SessionEndService) private readonly ender: SessionEndService,
    @Inject(OneTimeTokenService) private readonly tokens: OneTimeTokenService,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  async get(principal: TPrincipal): Promise<ApiReply<'profileGet'>> {
    return this.view(await this.account(principal));
  }

  async update(principal: TPrincipal, input: TProfileUpdate): Promise<ApiReply<'profileUpdate'>> {
    // Support login cannot reach the profile (spec §6; the gateway's PROFILE policy refuses first).
    assertNoSupportSecurityChange(principal);
    const account = await this.account(principal);
    const shard = principal.home_shard;

    switch (input.action) {
      case 'update': {
        // The change and its operation-log entry, with what changed from what, commit together;
        // a save of the same values writes and logs nothing.
        const before = { family_name: account.familyName, given_name: account.givenName, language: account.language };
        const after = { family_name: input.family_name, given_name: input.given_name, language: input.language };
        const changed = changedFields(before, after);
        if (!changed.length) return this.view(account);
        const updated = await this.uow.run(shard, async (tx) => {
          const row = await this.accounts.update(tx, account.uuid, { familyName: input.family_name, givenName: input.given_name, language: input.language });
          await recordOperation(tx, {
            shard, clientUuid: principal.client_uuid, accountUuid: account.uuid, operation: 'profile_changed', detail: changeDetail(before, after, changed),
          });
          return row;
        });
        return this.view(updated);
      }
      case 'password': {
        if (!(await this.hasher.verify(account.passwordHash, input.current_password))) throw field('current_password', 'profile.wrong_password');
        const passwordHash = await this.hasher.hash(input.password);
        const current = requireContext().sessionToken;
        await this.uow.run(shard, async (tx) => {
          await this.accounts.setPassword(tx, account.uuid, passwordHash);
          // Other sessions end; this one goes on.
          await this.ender.end(shard, { accountUuid: account.uuid, exceptId: current ? hashToken(current) : undefined }, 'access_lost', tx);
          await recordOperation(tx, { shard, clientUuid: principal.client_uuid, accountUuid: account.uuid, operation: 'password_changed', detail: {} });
        });
        return this.view(account);
      }
      case 'email':
        return this.view(await this.confirmEmail(principal, account, input.auth_code));
      default:
        return input satisfies never;
    }
  }

  async sendCode(principal: TPrincipal, email: string, currentPassword: string): Promise<ApiReply<'profileSendCode'>> {
    assertNoSupportSecurityChange(principal);
    const account = await this.account(principal);
    if (!(await this.hasher.verify(account.passwordHash, currentPassword))) throw field('current_password', 'profile.wrong_password');
    const shard = principal.home_shard;
    const target = email.toLowerCase();
    if (target === account.email || (await this.accounts.emailExists(shard, target))) throw field('email', 'signup.email_exists');
    const code = newCode();
    const expiresAt = await this.uow.run(shard, async (tx) => {
      // One pending change per account: the newer request replaces the older, whichever path
      // started it. Earlier codes and an owner's email-change link (modifymail) stop working.
      const issued = await this.tokens.issue(tx, shard, {
        purpose: 'email_code', accountUuid: account.uuid, secret: codeSecret(account.uuid, code), payload: { email: target }, replaces: ['email_code', 'mail_update'],
      });
      await this.accounts.update(tx, account.uuid, { pendingEmail: target, status: statusOnEmailChangeSettled(account.status as TAccountStatus) });
      await requestMail(tx, shard, { to: target, template: 'email_code', language: account.language as TLanguage, recipient: recipientName(shard, account), params: { code } });
      return issued.expiresAt;
    });
    return { expires_at: expiresAt.toISOString() };
  }

  private async confirmEmail(principal: TPrincipal, account: Account, code: string): Promise<Account> {
    const shard = principal.home_shard;
    const secret = codeSecret(account.uuid, code);
    const checked = await this.tokens.checkCode(shard, account.uuid, 'email_code', secret, EMAIL_CODE_MAX_ATTEMPTS);
    if (checked.outcome === 'none') throw field('auth_code', 'profile.code_expired');
    if (checked.outcome === 'wrong') throw field('auth_code', checked.closed ? 'profile.code_expired' : 'profile.code_invalid');
    const email = (checked.token.payload as { email: string }).email;
    // A code whose change was replaced since (an owner's edit of the address) is void too.
    if (email !== account.pendingEmail) throw field('auth_code', 'profile.code_expired');
    if (await this.accounts.emailExists(shard, email)) throw field('auth_code', 'signup.email_exists');
    return mapEmailTaken('auth_code', () => this.uow.run(shard, async (tx) => {
      if ((await this.tokens.consume(tx, secret, 'email_code')).state !== 'live') throw field('auth_code', 'profile.code_expired');
      const row = await this.accounts.update(tx, account.uuid, { email, pendingEmail: null, status: statusOnEmailChangeSettled(account.status as TAccountStatus) });
      await recordDirectory(tx, shard, { email: account.email, accountUuid: account.uuid, removed: true });
      await recordDirectory(tx, shard, { email, accountUuid: account.uuid });
      await recordOperation(tx, { shard, clientUuid: principal.client_uuid, accountUuid: account.uuid, operation: 'email_changed', detail: { before: account.email, after: email } });
      return row;
    }));
  }

  private async account(principal: TPrincipal): Promise<Account> {
    const account = await this.accounts.accountByUuid(principal.home_shard, principal.account_uuid);
    if (!account) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    return account;
  }

  private view(a: Account): ApiReply<'profileGet'> {
    // An owner's edit leaves the account modifymail (a link); a code requested here does not.
    const by = a.pendingEmail ? (a.status === 'modifymail' ? 'administrator' as const : 'profile' as const) : null;
    return { uuid: a.uuid, email: a.email, family_name: a.familyName, given_name: a.givenName, language: a.language as TLanguage, pending_email: a.pendingEmail, pending_email_by: by };
  }
}
