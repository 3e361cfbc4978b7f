import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, MFA_RESEND_COOLDOWN_SECONDS, MFA_SEND_LIMIT, MFA_SEND_WINDOW_SECONDS, type TShard } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { recipientName } from '../accounts/person-name.js';
import type { Account, Tx } from '../db.js';
import { IDENTITY_CONFIG, MFA_CODE_TTL_MS, MFA_MAX_ATTEMPTS, MFA_VALIDITY_MS, type TIdentityConfig } from '../identity.config.js';
import { hashToken, loadTestCode, newCode, newToken, safeEqual } from '../passwords/tokens.js';
import { requestMail } from '../audit/mail.js';
import { MfaRepository } from './mfa.repository.js';

/** A code refused; `guessed` when it was compared with an open code (a guess that counts as a failed login). */
export class MfaCodeError extends ServiceError {
  constructor(key: string, readonly guessed = false) {
    super(AccessCode.FORM_ERROR, key, undefined, { auth_code: [{ key }] });
  }
}
const codeError = (key: string, guessed = false) => new MfaCodeError(key, guessed);
/** A code mail refused (cooldown or cap): the code step stays open with the earlier code. */
const sendRefused = (key: string, params: Record<string, number>, waitMs: number) =>
  new ServiceError(AccessCode.FORM_ERROR, key, params, undefined, { mfa_required: true, resend_after: Math.ceil(waitMs / 1000) });

/**
 * Email MFA (spec §4): a 6-digit code, valid 10 minutes, single use; a new code closes every
 * earlier one (only the latest is valid) and never repeats it; five wrong tries close it. Mails are
 * limited to one per 30 s and five per 10 minutes per account. A passed check may remember the
 * browser for the client's chosen validity.
 */
@Injectable()
export class MfaService {
  constructor(
    @Inject(MfaRepository) private readonly challenges: MfaRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_CONFIG) private readonly config: Pick<TIdentityConfig, 'LOAD_TEST_MFA_SECRET' | 'LOAD_TEST_EMAIL_DOMAIN'>,
  ) {}

  /** A load-test account's code is derived (never in production: the config refuses it there). */
  private codeFor(account: Account): string | null {
    const { LOAD_TEST_MFA_SECRET: secret, LOAD_TEST_EMAIL_DOMAIN: domain } = this.config;
    return secret && domain && account.email.toLowerCase().endsWith(`@${domain}`) ? loadTestCode(secret, account.email) : null;
  }

  async deviceTrusted(shard: TShard, account: Account, deviceToken: string | undefined): Promise<boolean> {
    if (!deviceToken) return false;
    const device = await this.challenges.trustedDevice(shard, hashToken(deviceToken));
    return Boolean(device && device.accountUuid === account.uuid && device.expiresAt > this.clock.now());
  }

  /**
   * Closes earlier codes, stores a new one and mails it, in one transaction that holds the
   * account's row, so concurrent requests cannot slip past the cooldown or the cap. Returns the
   * seconds until the next code may be requested.
   */
  async sendCode(shard: TShard, account: Account): Promise<number> {
    const now = this.clock.now();
    await this.uow.run(shard, async (tx) => {
      await this.challenges.lockAccount(tx, account.uuid);
      const recent = await this.challenges.recent(tx, account.uuid, MFA_SEND_LIMIT);
      const latest = recent[0];
      const cooldownLeft = latest ? latest.createdAt.getTime() + MFA_RESEND_COOLDOWN_SECONDS * 1000 - now.getTime() : 0;
      if (cooldownLeft > 0) throw sendRefused('login.mfa_resend_wait', { seconds: Math.ceil(cooldownLeft / 1000) }, cooldownLeft);
      const oldest = recent.length >= MFA_SEND_LIMIT ? recent[MFA_SEND_LIMIT - 1]! : null;
      const capLeft = oldest ? oldest.createdAt.getTime() + MFA_SEND_WINDOW_SECONDS * 1000 - now.getTime() : 0;
      if (capLeft > 0) throw sendRefused('login.mfa_send_limit', { minutes: Math.ceil(capLeft / 60_000) }, capLeft);

      // A new code differs from the one it replaces, so "only the latest is valid" is never ambiguous.
      let code = this.codeFor(account) ?? newCode();
      // (A load-test account's code is fixed; the earlier challenge is closed all the same.)
      while (latest && safeEqual(hashToken(code), latest.codeHash) && !this.codeFor(account)) code = newCode();
      await this.challenges.replace(tx, { accountUuid: account.uuid, codeHash: hashToken(code), createdAt: now, expiresAt: new Date(now.getTime() + MFA_CODE_TTL_MS) });
      await requestMail(tx, shard, { to: account.email, template: 'mfa_code', language: account.language as 'ja-jp', recipient: recipientName(shard, account), params: { code } });
    });
    return MFA_RESEND_COOLDOWN_SECONDS;
  }

  /** Checks a code against the latest open challenge; throws the spec's messages. */
  async verify(shard: TShard, account: Account, code: string): Promise<void> {
    const now = this.clock.now();
    const latest = await this.challenges.latest(shard, account.uuid);
    if (!latest || latest.closedAt) throw codeError(latest && latest.attempts >= MFA_MAX_ATTEMPTS ? 'login.mfa_too_many' : 'login.mfa_expired');
    if (latest.expiresAt <= now) throw codeError('login.mfa_expired');
    if (!safeEqual(latest.codeHash, hashToken(code))) {
      const attempts = latest.attempts + 1;
      await this.challenges.countAttempt(shard, latest.id, attempts, attempts >= MFA_MAX_ATTEMPTS ? now : null);
      throw codeError(attempts >= MFA_MAX_ATTEMPTS ? 'login.mfa_too_many' : 'login.mfa_invalid', true);
    }
    // Single use: close it in the same statement that checks it is still open.
    if (!(await this.challenges.close(shard, latest.id, now))) throw codeError('login.mfa_expired');
  }

  /** Remembers the browser; returns the cookie the gateway sets. */
  async rememberDevice(tx: Tx, account: Account, validity: string): Promise<{ token: string; expires_at: string }> {
    const token = newToken();
    const expiresAt = new Date(this.clock.now().getTime() + (MFA_VALIDITY_MS[validity as keyof typeof MFA_VALIDITY_MS] ?? MFA_VALIDITY_MS['24h']));
    await this.challenges.rememberDevice(tx, { tokenHash: hashToken(token), accountUuid: account.uuid, expiresAt });
    return { token, expires_at: expiresAt.toISOString() };
  }
}
