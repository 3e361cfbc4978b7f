import { Inject, Injectable } from '@nestjs/common';
import { AccessCode } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { ServiceError } from '@portal/service-common/errors';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { LoginService, type LoginResult } from '../auth/login.service.js';
import type { Tx } from '../db.js';
import { INVITATION_TTL_MS } from '../identity.config.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { hashToken, shardOf, shardToken } from '../passwords/tokens.js';
import type { TShard } from '@portal/proto';

const invalidLink = () => new ServiceError(AccessCode.FORM_ERROR, 'token.invalid', undefined, { access_token: [{ key: 'token.invalid' }] });

/** Invitations (spec §2 /invite/{access_token}, §4): valid 24 hours; accepting sets the password. */
@Injectable()
export class InvitationService {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(LoginService) private readonly login: LoginService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Issues an invitation link for an invited account (used by account management). */
  async issue(tx: Tx, shard: TShard, accountUuid: string): Promise<string> {
    const token = shardToken(shard);
    const now = this.clock.now();
    await tx.oneTimeToken.updateMany({ where: { accountUuid, purpose: 'invitation', usedAt: null }, data: { usedAt: now } });
    await tx.oneTimeToken.create({ data: { tokenHash: hashToken(token), purpose: 'invitation', accountUuid, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) } });
    return token;
  }

  async check(token: string) {
    const { found } = await this.open(token);
    return { email: found.account.email, company_name: found.tenant?.name ?? '', family_name: found.account.familyName, given_name: found.account.givenName };
  }

  async accept(token: string, password: string): Promise<LoginResult> {
    const { row, found, shard } = await this.open(token);
    const passwordHash = await this.hasher.hash(password);
    const now = this.clock.now();
    await this.accounts.client(shard).$transaction(async (tx) => {
      const used = await tx.oneTimeToken.updateMany({ where: { tokenHash: row.tokenHash, usedAt: null }, data: { usedAt: now } });
      if (used.count !== 1) throw invalidLink();
      await tx.account.update({ where: { uuid: found.account.uuid }, data: { passwordHash, status: 'active' } });
    });
    const activated = { ...found, account: { ...found.account, passwordHash, status: 'active' } };
    return this.login.startSession(activated, false, undefined, 'invitation_accepted');
  }

  private async open(token: string) {
    const shard = shardOf(token);
    if (!shard) throw invalidLink();
    const row = await this.accounts.client(shard).oneTimeToken.findUnique({ where: { tokenHash: hashToken(token) } });
    if (!row || row.purpose !== 'invitation' || row.usedAt || !row.accountUuid) throw invalidLink();
    const found = await this.accounts.findByUuid(shard, row.accountUuid);
    // The newest link decides: an account the expiry job marked expired a moment before a
    // reinvite committed still opens with the reinvite's live link.
    if (!found || (found.account.status !== 'invited' && found.account.status !== 'expired')) throw invalidLink();
    if (row.expiresAt <= this.clock.now()) {
      // 24 hours without acceptance: the account is expired and can be reinvited (spec §4).
      await this.accounts.expireInvitations(shard, this.clock.now(), found.account.tenantUuid ?? undefined);
      throw invalidLink();
    }
    return { row, found, shard };
  }
}
