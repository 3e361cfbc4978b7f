import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, type TLanguage } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { requireContext } from '@portal/service-common/context';
import { ServiceError } from '@portal/service-common/errors';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { recordOperation } from '../audit/audit.js';
import { publicUrl, requestMail } from '../audit/mail.js';
import { PASSWORD_RESET_TTL_MS } from '../identity.config.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { hashToken, shardOf, shardToken } from '../passwords/tokens.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';

const invalidLink = () => new ServiceError(AccessCode.FORM_ERROR, 'token.invalid', undefined, { access_token: [{ key: 'token.invalid' }] });

/** Password reset by mailed link (spec §2 /password_reset/{access_token}). */
@Injectable()
export class PasswordResetService {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Always answers the same, known address or not (no account enumeration). */
  async request(email: string): Promise<Record<string, never>> {
    const found = await this.accounts.findByEmail(requireContext().region, email);
    if (!found || !['active', 'modifymail', 'inactive'].includes(found.account.status)) return {};
    const { account, shard } = found;
    const token = shardToken(shard);
    const now = this.clock.now();
    await this.accounts.client(shard).$transaction(async (tx) => {
      // A new link replaces any earlier one.
      await tx.oneTimeToken.updateMany({ where: { accountUuid: account.uuid, purpose: 'password_reset', usedAt: null }, data: { usedAt: now } });
      await tx.oneTimeToken.create({ data: { tokenHash: hashToken(token), purpose: 'password_reset', accountUuid: account.uuid, expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS) } });
      await requestMail(tx, shard, { to: account.email, template: 'password_reset', language: account.language as TLanguage, params: { url: publicUrl(`/password_reset/${token}`) } });
    });
    this.accounts.kick(shard);
    return {};
  }

  async check(token: string): Promise<{ valid: boolean }> {
    return { valid: Boolean(await this.open(token)) };
  }

  async confirm(token: string, password: string): Promise<Record<string, never>> {
    const row = await this.open(token);
    const shard = shardOf(token);
    if (!row || !shard || !row.accountUuid) throw invalidLink();
    const found = await this.accounts.findByUuid(shard, row.accountUuid);
    if (!found) throw invalidLink();
    const passwordHash = await this.hasher.hash(password);
    const now = this.clock.now();
    await this.accounts.client(shard).$transaction(async (tx) => {
      const used = await tx.oneTimeToken.updateMany({ where: { tokenHash: row.tokenHash, usedAt: null }, data: { usedAt: now } });
      if (used.count !== 1) throw invalidLink();
      await this.accounts.setPassword(tx, found.account.uuid, passwordHash);
      // Whoever knew the old password is logged out everywhere.
      await this.sessions.end(tx, { accountUuid: found.account.uuid }, now);
      await recordOperation(tx, { shard, clientUuid: found.tenant?.kind === 'client' ? found.tenant.uuid : null, accountUuid: found.account.uuid, operation: 'password_reset', detail: {} });
    });
    this.accounts.kick(shard);
    return {};
  }

  private async open(token: string) {
    const shard = shardOf(token);
    if (!shard) return null;
    const row = await this.accounts.client(shard).oneTimeToken.findUnique({ where: { tokenHash: hashToken(token) } });
    return row && row.purpose === 'password_reset' && !row.usedAt && row.expiresAt > this.clock.now() ? row : null;
  }
}
