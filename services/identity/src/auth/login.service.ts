import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, ZMfaValidity, type TLoginRequest, type TLoginResponse, type TSessionGrant, type TShard } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { requireContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { createLogger } from '@portal/service-common/logger';
import { canLogIn } from '../accounts/account.rules.js';
import { AccountsRepository, type AccountWithTenant } from '../accounts/accounts.repository.js';
import { recipientName } from '../accounts/person-name.js';
import { recordOperation } from '../audit/audit.js';
import { publicUrl, requestMail } from '../audit/mail.js';
import type { Tx } from '../db.js';
import { IDENTITY_CONFIG, type TIdentityConfig } from '../identity.config.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { hashToken } from '../passwords/tokens.js';
import { SessionService } from '../sessions/session.service.js';
import { ipAllowed } from '../settings/ip-list.rules.js';
import { AuthInfoService } from './auth-info.service.js';
import { lockedUntil, startsLockout, type LockoutPolicy } from './lockout.rules.js';
import { MfaCodeError, MfaService } from './mfa.service.js';
import { contextOf } from './operator-context.js';
import { ThrottleRepository } from './throttle.repository.js';

const invalidCredentials = () => new ServiceError(AccessCode.FORM_ERROR, 'login.invalid_credentials');
/** Locked accounts and much-tried unknown addresses answer alike (no account enumeration). */
const retryLater = () => new ServiceError(AccessCode.FORM_ERROR, 'login.retry_later');

/** Failures of an address with no account are remembered this long (an account's until its next login). */
const UNKNOWN_EMAIL_WINDOW_MS = 24 * 3600_000;

export type LoginResult = TLoginResponse & { session?: TSessionGrant };

/**
 * Password login (spec §2, §4, §8; DESIGN §4): per-address throttling, account lockout with
 * growing waits (wrong MFA codes count too), the client's IP allow-list (40013), email MFA with
 * remembered browsers and limited resends, and a fresh session id. Every refusal and success is
 * in the client's operation log.
 */
@Injectable()
export class LoginService {
  private readonly log = createLogger('LoginService');
  private readonly lockout: LockoutPolicy;

  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(MfaService) private readonly mfa: MfaService,
    @Inject(ThrottleRepository) private readonly throttle: ThrottleRepository,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(AuthInfoService) private readonly authInfo: AuthInfoService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(IDENTITY_CONFIG) private readonly config: TIdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.lockout = { threshold: config.LOCKOUT_THRESHOLD, stepSeconds: config.LOCKOUT_STEP_SECONDS, maxSeconds: config.LOCKOUT_MAX_SECONDS };
  }

  async login(input: TLoginRequest): Promise<LoginResult> {
    const ctx = requireContext();
    const region = ctx.region;
    const ip = ctx.clientIp ?? 'unknown';
    const now = this.clock.now();

    // Independent reads, side by side: the address's failures and the account.
    const [failures, found] = await Promise.all([
      this.throttle.failures(region, ip, this.throttleWindowStart(now)),
      this.accounts.findByEmail(region, input.email),
    ]);
    if (failures >= this.config.THROTTLE_MAX_FAILURES) {
      await this.hasher.burn(input.password);
      throw new ServiceError(AccessCode.FORM_ERROR, 'login.throttled');
    }

    if (!found) {
      await this.hasher.burn(input.password);
      await this.countAddressFailure(region, ip, now);
      // Counted per address too, so that an unknown email turns to "try again later" when a locked account would.
      const key = `email:${hashToken(input.email.trim().toLowerCase())}`;
      const failures = await this.throttle.recordFailure(region, key, now, new Date(now.getTime() - UNKNOWN_EMAIL_WINDOW_MS));
      throw lockedUntil(failures, this.lockout, now) ? retryLater() : invalidCredentials();
    }
    const { account, tenant, shard } = found;
    const clientUuid = tenant?.kind === 'client' ? tenant.uuid : null;

    if (account.lockedUntil && account.lockedUntil > now) {
      await this.hasher.burn(input.password);
      await this.audit(shard, clientUuid, account.uuid, 'login_failed', { reason: 'locked' });
      throw retryLater();
    }

    if (!(await this.hasher.verify(account.passwordHash, input.password))) {
      const locked = await this.recordFailure(found, 'password');
      throw locked ? retryLater() : invalidCredentials();
    }

    if (!canLogIn(account.status) || (tenant && tenant.status !== 'active')) {
      await this.audit(shard, clientUuid, account.uuid, 'login_failed', { reason: 'inactive' });
      throw new ServiceError(AccessCode.FORM_ERROR, 'login.inactive');
    }

    if (tenant?.ipRestrictionEnabled && !ipAllowed(ctx.clientIp, tenant.ipAllowlist)) {
      await this.audit(shard, clientUuid, account.uuid, 'login_failed', { reason: 'ip_restricted' });
      throw new ServiceError(AccessCode.IP_RESTRICTED);
    }

    let rememberDevice = false;
    if (tenant?.mfaEnabled && !(await this.mfa.deviceTrusted(shard, account, ctx.deviceToken))) {
      if (!input.auth_code) {
        const resendAfter = await this.mfa.sendCode(shard, account);
        await this.audit(shard, clientUuid, account.uuid, 'mfa_code_sent', {});
        return { mfa_required: true, resend_after: resendAfter };
      }
      try {
        await this.mfa.verify(shard, account, input.auth_code);
      } catch (error) {
        // A wrong code is a failed login: it counts toward the lockout and the address's throttle.
        // (An expired or closed code was not a guess: nothing was compared.)
        if (error instanceof MfaCodeError && error.guessed) await this.recordFailure(found, 'mfa');
        throw error;
      }
      rememberDevice = true;
    }

    return this.startSession(found, rememberDevice, input.target_url);
  }

  /** Ends the browser's previous session (another account in the same browser is logged out) and starts a new one. */
  async startSession(found: AccountWithTenant, rememberDevice: boolean, targetUrl?: string, operation = 'login'): Promise<LoginResult> {
    const ctx = requireContext();
    const { account, tenant, shard } = found;
    await this.sessions.endByToken(ctx.sessionToken);
    const context = contextOf(account, tenant);
    const grant = await this.uow.run(shard, async (tx) => {
      // Nothing to clear as read is no statement: a failure recorded since the read is one that
      // came after this login, so keeping it is right.
      if (account.failedAttempts !== 0 || account.lockedUntil !== null) await this.accounts.clearFailures(tx, account.uuid);
      const session = await this.sessions.create(tx, { shard, account, tenant, context });
      if (rememberDevice && tenant) session.device = await this.mfa.rememberDevice(tx, account, ZMfaValidity.catch('24h').parse(tenant.mfaValidity));
      await recordOperation(tx, { shard, clientUuid: tenant?.kind === 'client' ? tenant.uuid : null, accountUuid: account.uuid, operation, detail: {} });
      return session;
    });
    return {
      mfa_required: false,
      auth_info: await this.authInfo.forAccount(found, false),
      ...(targetUrl ? { target_url: targetUrl } : {}),
      session: grant,
    };
  }

  private throttleWindowStart(now: Date): Date {
    return new Date(now.getTime() - this.config.THROTTLE_WINDOW_SECONDS * 1000);
  }

  private async countAddressFailure(region: TShard, ip: string, now: Date): Promise<void> {
    await this.throttle.recordFailure(region, ip, now, this.throttleWindowStart(now));
  }

  /**
   * A wrong password or MFA code: counts toward the account's lockout and the address's
   * throttle. The log entries, and when a lockout starts the owner's mail, commit with the count.
   * Returns whether the account is now locked.
   */
  private async recordFailure(found: AccountWithTenant, reason: 'password' | 'mfa'): Promise<boolean> {
    const { account, tenant, shard } = found;
    const ctx = requireContext();
    const now = this.clock.now();
    const clientUuid = tenant?.kind === 'client' ? tenant.uuid : null;
    const state = await this.uow.run(shard, async (tx) => {
      const counted = await this.accounts.recordFailure(tx, account.uuid, (failures) => lockedUntil(failures, this.lockout, now));
      await recordOperation(tx, { shard, clientUuid, accountUuid: account.uuid, operation: 'login_failed', detail: { reason, failures: counted.failures } });
      if (counted.lockedUntil) {
        await recordOperation(tx, { shard, clientUuid, accountUuid: account.uuid, operation: 'lockout', detail: { until: counted.lockedUntil.toISOString(), failures: counted.failures } });
        // The first lockout of a run tells the owner of the account (the login form does not).
        if (startsLockout(counted.failures, this.lockout)) {
          await requestMail(tx, shard, {
            to: account.email, template: 'account_locked', language: account.language as 'ja-jp', recipient: recipientName(shard, account),
            params: { failures: String(counted.failures), url: publicUrl('/password_reset') },
          });
        }
      }
      return counted;
    });
    await this.countAddressFailure(ctx.region, ctx.clientIp ?? 'unknown', now);
    if (state.lockedUntil) this.log.warn({ account: account.uuid, failures: state.failures }, 'account locked');
    return Boolean(state.lockedUntil);
  }

  private async audit(shard: TShard, clientUuid: string | null, accountUuid: string, operation: string, detail: Record<string, unknown>): Promise<void> {
    await this.uow.run(shard, (tx) => recordOperation(tx, { shard, clientUuid, accountUuid, operation, detail }));
  }
}
