import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, ZMfaValidity, type TLoginRequest, type TLoginResponse, type TRegion, type TSessionGrant, type TShard } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { requireContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { createLogger } from '@portal/service-common/logger';
import { canLogIn } from '../accounts/account.rules.js';
import { AccountsRepository, type AccountWithTenant } from '../accounts/accounts.repository.js';
import { accountActor, recipientName } from '../accounts/person-name.js';
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
import { loginTarget, productOrigins } from './target-url.rules.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { OneTimeTokenService } from '../tokens/one-time-token.service.js';
import { shardOf } from '../passwords/tokens.js';
import { handoffUrl, needsHandoff, regionOrigin } from './home-region.rules.js';
import { ThrottleRepository } from './throttle.repository.js';

const invalidCredentials = () => new ServiceError(AccessCode.FORM_ERROR, 'login.invalid_credentials');
/** A hand-off token that cannot be used (used, expired, unknown or on another host alike: log in again). */
const handoffInvalid = () => new ServiceError(AccessCode.FORM_ERROR, 'login.handoff_invalid');
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
  /** Origins a login may hand back as an absolute target_url (the registered product URLs). */
  private readonly targetOrigins: string[];

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
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(OneTimeTokenService) private readonly tokens: OneTimeTokenService,
  ) {
    this.lockout = { threshold: config.LOCKOUT_THRESHOLD, stepSeconds: config.LOCKOUT_STEP_SECONDS, maxSeconds: config.LOCKOUT_MAX_SECONDS };
    this.targetOrigins = productOrigins(config.PRODUCT_LOGIN_URLS);
  }

  async login(input: TLoginRequest): Promise<LoginResult> {
    const ctx = requireContext();
    const region = ctx.region;
    const ip = ctx.clientIp ?? 'unknown';
    const now = this.clock.now();

    // Independent reads, side by side: the address's failures and the account.
    const [failures, local] = await Promise.all([
      this.throttle.failures(region, ip, this.throttleWindowStart(now)),
      this.accounts.findByEmail(region, input.email),
    ]);
    if (failures >= this.config.THROTTLE_MAX_FAILURES) {
      await this.hasher.burn(input.password);
      throw new ServiceError(AccessCode.FORM_ERROR, 'login.throttled');
    }

    // An address of another region is looked up at home (issue 9 item 9). Every address not found
    // here asks the directory, so an unknown one costs what a foreign one does up to the hash.
    const found = local ?? (await this.atHome(region, input.email));
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
      await this.audit(found, clientUuid, 'login_failed', { reason: 'locked' });
      throw retryLater();
    }

    if (!(await this.hasher.verify(account.passwordHash, input.password))) {
      const locked = await this.recordFailure(found, 'password');
      throw locked ? retryLater() : invalidCredentials();
    }

    if (!canLogIn(account.status) || (tenant && tenant.status !== 'active')) {
      await this.audit(found, clientUuid, 'login_failed', { reason: 'inactive' });
      throw new ServiceError(AccessCode.FORM_ERROR, 'login.inactive');
    }

    if (tenant?.ipRestrictionEnabled && !ipAllowed(ctx.clientIp, tenant.ipAllowlist)) {
      await this.audit(found, clientUuid, 'login_failed', { reason: 'ip_restricted' });
      throw new ServiceError(AccessCode.IP_RESTRICTED);
    }

    let rememberDevice = false;
    if (tenant?.mfaEnabled && !(await this.mfa.deviceTrusted(shard, account, ctx.deviceToken))) {
      if (!input.auth_code) {
        const resendAfter = await this.mfa.sendCode(shard, account);
        await this.audit(found, clientUuid, 'mfa_code_sent', {});
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

    // A target that is neither a portal path nor on a registered product's origin is dropped.
    const target = loginTarget(input.target_url, this.targetOrigins);
    if (needsHandoff(region, found.shard)) {
      const handoff = await this.handoff(found, rememberDevice, target);
      if (handoff) return handoff;
    }
    return this.startSession(found, rememberDevice, target);
  }

  /** The account of an address whose home (by the global shard's directory) is another region, or null. */
  private async atHome(region: TShard, email: string): Promise<AccountWithTenant | null> {
    const home = await this.directory.homeOf(email);
    if (!home || !needsHandoff(region, home)) return null;
    const found = await this.accounts.findByEmail(home, email);
    return found?.shard === home ? found : null;
  }

  /**
   * The password (and code) verified in the home shard: the session starts on the home region's
   * host. The browser is handed a one-time token (60 s, one use) in the home shard and a URL on
   * that host; POST /v1/login/handoff there turns it into the session. Null when the host map
   * names no host for the region (the session then starts here: its token names its shard).
   */
  private async handoff(found: AccountWithTenant, rememberDevice: boolean, targetUrl?: string): Promise<LoginResult | null> {
    const origin = regionOrigin(found.shard as TRegion, this.config.HOST_MAP, requireContext().publicOrigin ?? '');
    if (!origin) return null;
    const { token } = await this.tokens.issue(found.shard, found.shard, {
      purpose: 'login_handoff', accountUuid: found.account.uuid, payload: { remember_device: rememberDevice, ...(targetUrl ? { target_url: targetUrl } : {}) },
    });
    return { mfa_required: false, handoff_url: handoffUrl(origin, token) };
  }

  /**
   * POST /v1/login/handoff on the home host: the token is used once, on a host of its own region,
   * for an account that may still log in; then the session starts as after a login here.
   */
  async completeHandoff(token: string): Promise<LoginResult> {
    const shard = shardOf(token);
    if (!shard || shard !== requireContext().region) throw handoffInvalid();
    const used = await this.tokens.consume(shard, token, 'login_handoff');
    if (used.state !== 'live' || !used.token.accountUuid) throw handoffInvalid();
    const found = await this.accounts.findByUuid(shard, used.token.accountUuid);
    if (!found || !canLogIn(found.account.status) || (found.tenant && found.tenant.status !== 'active')) throw handoffInvalid();
    const payload = used.token.payload as { remember_device?: boolean; target_url?: string };
    return this.startSession(found, payload.remember_device === true, payload.target_url);
  }

  /** Ends the browser's previous session (another account in the same browser is logged out) and starts a new one. */
  async startSession(found: AccountWithTenant, rememberDevice: boolean, targetUrl?: string, operation = 'login'): Promise<LoginResult> {
    const ctx = requireContext();
    const { account, tenant, shard } = found;
    await this.sessions.endByToken(ctx.sessionToken);
    const context = contextOf(account, tenant);
    const entry = { shard, clientUuid: tenant?.kind === 'client' ? tenant.uuid : null, accountUuid: account.uuid, operation, detail: {}, actor: accountActor(found) };
    // The common case writes the session and its log entry only: one statement, no transaction.
    const alone = account.failedAttempts === 0 && account.lockedUntil === null && !(rememberDevice && tenant);
    const grant = alone ? await this.sessions.createRecorded({ shard, account, tenant, context }, entry) : await this.uow.run(shard, async (tx) => {
      // Nothing to clear as read is no statement: a failure recorded since the read is one that
      // came after this login, so keeping it is right.
      if (account.failedAttempts !== 0 || account.lockedUntil !== null) await this.accounts.clearFailures(tx, account.uuid);
      const session = await this.sessions.create(tx, { shard, account, tenant, context });
      if (rememberDevice && tenant) session.device = await this.mfa.rememberDevice(tx, account, ZMfaValidity.catch('24h').parse(tenant.mfaValidity));
      await recordOperation(tx, entry);
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
      await recordOperation(tx, { shard, clientUuid, accountUuid: account.uuid, operation: 'login_failed', detail: { reason, failures: counted.failures }, actor: accountActor(found) });
      if (counted.lockedUntil) {
        await recordOperation(tx, { shard, clientUuid, accountUuid: account.uuid, operation: 'lockout', detail: { until: counted.lockedUntil.toISOString(), failures: counted.failures }, actor: accountActor(found) });
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

  private async audit(found: AccountWithTenant, clientUuid: string | null, operation: string, detail: Record<string, unknown>): Promise<void> {
    const { shard } = found;
    await this.uow.run(shard, (tx) => recordOperation(tx, { shard, clientUuid, accountUuid: found.account.uuid, operation, detail, actor: accountActor(found) }));
  }
}
