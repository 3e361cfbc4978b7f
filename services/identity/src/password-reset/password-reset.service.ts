import { Inject, Injectable } from '@nestjs/common';
import type { ApiReply, TLanguage } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ACCEPTED_STATUSES } from '../accounts/account.rules.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { recipientName } from '../accounts/person-name.js';
import { recordOperation } from '../audit/audit.js';
import { publicUrl, requestMail } from '../audit/mail.js';
import type { Tx } from '../db.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { shardOf } from '../passwords/tokens.js';
import { SessionEndService } from '../sessions/session-end.service.js';
import { linkRefusal } from '../tokens/link-refusal.js';
import { linkState } from '../tokens/one-time-token.rules.js';
import { OneTimeTokenService } from '../tokens/one-time-token.service.js';

/** Password reset by mailed link (spec §2 /password_reset/{access_token}). */
@Injectable()
export class PasswordResetService {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(SessionEndService) private readonly ender: SessionEndService,
    @Inject(OneTimeTokenService) private readonly tokens: OneTimeTokenService,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  /** Always answers the same, known address or not (no account enumeration). */
  async request(email: string): Promise<ApiReply<'passwordResetRequest'>> {
    const found = await this.accounts.findByEmail(requireContext().region, email);
    // Accounts that accepted their invitation (an invitation sets its first password by accepting).
    if (!found || !(ACCEPTED_STATUSES as readonly string[]).includes(found.account.status)) return {};
    const { account, shard } = found;
    await this.uow.run(shard, async (tx) => {
      // A new link replaces any earlier one.
      const { token } = await this.tokens.issue(tx, shard, { purpose: 'password_reset', accountUuid: account.uuid, replaces: ['password_reset'] });
      await requestMail(tx, shard, { to: account.email, template: 'password_reset', language: account.language as TLanguage, recipient: recipientName(shard, account), params: { url: publicUrl(`/password_reset/${token}`) } });
    });
    return {};
  }

  /** Whether the link can still be used, and if not why (used, expired, replaced, invalid). */
  async check(token: string): Promise<ApiReply<'passwordResetCheck'>> {
    const { state } = await this.tokens.inspect(shardOf(token), token, 'password_reset');
    return { valid: state === 'live', state: linkState(state) };
  }

  async confirm(token: string, password: string): Promise<ApiReply<'passwordResetConfirm'>> {
    const shard = shardOf(token);
    const opened = await this.tokens.inspect(shard, token, 'password_reset');
    if (opened.state !== 'live') throw linkRefusal('password_reset', opened.state);
    const found = shard && opened.token.accountUuid ? await this.accounts.findByUuid(shard, opened.token.accountUuid) : null;
    if (!shard || !found) throw linkRefusal('password_reset', 'unknown');
    const passwordHash = await this.hasher.hash(password);
    await this.uow.run(shard, async (tx) => {
      const used = await this.tokens.consume(tx, token, 'password_reset');
      if (used.state !== 'live') throw linkRefusal('password_reset', used.state);
      await this.accounts.setPassword(tx, found.account.uuid, passwordHash);
      // Whoever knew the old password is logged out everywhere.
      await this.ender.end(shard, { accountUuid: found.account.uuid }, 'access_lost', tx);
      await recordOperation(tx, { shard, clientUuid: found.tenant?.kind === 'client' ? found.tenant.uuid : null, accountUuid: found.account.uuid, operation: 'password_reset', detail: {} });
    });
    return {};
  }
}
