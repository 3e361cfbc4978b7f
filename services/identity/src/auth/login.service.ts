import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, ZMfaValidity, type TLoginRequest, type TLoginResponse, type TSessionGrant, type TShard } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { requireContext } from '@portal/service-common/context';
import { ServiceError } from '@portal/service-common/errors';
import { createLogger } from '@portal/service-common/logger';
import { AccountsRepository, type AccountWithTenant } from '../accounts/accounts.repository.js';
import { recordOperation } from '../audit/audit.js';
import { IDENTITY_CONFIG, type TIdentityConfig } from '../identity.config.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { SessionService } from '../sessions/session.service.js';
import { ipAllowed } from '../settings/ip-list.js';
import { AuthInfoService } from './auth-info.service.js';
import { MfaService } from './mfa.service.js';
import { ThrottleRepository } from './throttle.repository.js';

const invalidCredentials = () => new ServiceError(AccessCode.FORM_ERROR, 'login.invalid_credentials');

export type LoginResult = TLoginResponse & { session?: TSessionGrant };

/**
 * Password login (spec §2, §4, §8; DESIGN §4): per-address throttling, account lockout with
 * growing waits, the client's IP allow-list (40013), email MFA with remembered browsers, and a
 * fresh session id. Every refusal and success is in the client's operation log.
 */
@Injectable()
export class LoginService {
  private readonly log = createLogger('LoginService');

  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(MfaService) private readonly mfa: MfaService,
    @Inject(ThrottleRepository) private readonly throttle: ThrottleRepository,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(AuthInfoService) private readonly authInfo: AuthInfoService,
    @Inject(IDENTITY_CONFIG) private readonly config: TIdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The wait after `failures` failed passwords: none below the threshold, then 60 s steps up to 15 minutes. */
  lockDuration(failures: number): number {
    if (failures < this.config.LOCKOUT_THRESHOLD) return 0;
    return Math.min((failures - this.config.LOCKOUT_THRESHOLD + 1) * this.config.LOCKOUT_STEP_SECONDS, this.config.LOCKOUT_MAX_SECONDS) * 1000;
  }

  async login(input: TLoginRequest): Promise<LoginResult> {
    const ctx = requireContext();
    const region = ctx.region;
    const ip = ctx.clientIp ?? 'unknown';
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - this.config.THROTTLE_WINDOW_SECONDS * 1000);

    if ((await this.throttle.failures(region, ip, windowStart)) >= this.config.THROTTLE_MAX_FAILURES) {
      await this.hasher.burn(input.password);
      throw new ServiceError(AccessCode.FORM_ERROR, 'login.throttled');
    }

    const found = await this.accounts.findByEmail(region, input.email);
    if (!found) {
      await this.hasher.burn(input.password);
      await this.throttle.recordFailure(region, ip, now, windowStart);
      throw invalidCredentials();
    }
    const { account, tenant, shard } = found;
    const clientUuid = tenant?.kind === 'client' ? tenant.uuid : null;

    if (account.lockedUntil && account.lockedUntil > now) {
      await this.hasher.burn(input.password);
      await this.audit(shard, clientUuid, account.uuid, 'login_failed', { reason: 'locked' });
      throw new ServiceError(AccessCode.FORM_ERROR, 'login.locked', { seconds: Math.ceil((account.lockedUntil.getTime() - now.getTime()) / 1000) });
    }

    if (!(await this.hasher.verify(account.passwordHash, input.password))) {
      const state = await this.accounts.recordFailure(shard, account.uuid, (failures) => {
        const wait = this.lockDuration(failures);
        return wait ? new Date(now.getTime() + wait) : null;
      });
      await this.throttle.recordFailure(region, ip, now, windowStart);
      await this.audit(shard, clientUuid, account.uuid, 'login_failed', { reason: 'password', failures: state.failures });
      if (state.lockedUntil) {
        await this.audit(shard, clientUuid, account.uuid, 'lockout', { until: state.lockedUntil.toISOString(), failures: state.failures });
        this.log.warn({ account: account.uuid, failures: state.failures }, 'account locked');
        throw new ServiceError(AccessCode.FORM_ERROR, 'login.locked', { seconds: Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 1000) });
      }
      throw invalidCredentials();
    }

    if ((account.status !== 'active' && account.status !== 'modifymail') || (tenant && tenant.status !== 'active')) {
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
        await this.mfa.sendCode(shard, account);
        await this.audit(shard, clientUuid, account.uuid, 'mfa_code_sent', {});
        return { mfa_required: true };
      }
      try {
        await this.mfa.verify(shard, account, input.auth_code);
      } catch (error) {
        await this.audit(shard, clientUuid, account.uuid, 'login_failed', { reason: 'mfa' });
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
    const context = account.kind === 'operator' ? 'operator' : account.kind === 'partner' ? (tenant?.contractType === 'primary' ? 'primary_partner' : 'partner') : 'client';
    const grant = await this.accounts.client(shard).$transaction(async (tx) => {
      await this.accounts.clearFailures(tx, account.uuid);
      const session = await this.sessions.create(tx, { shard, account, tenant, context });
      if (rememberDevice && tenant) session.device = await this.mfa.rememberDevice(tx, account, ZMfaValidity.catch('24h').parse(tenant.mfaValidity));
      await recordOperation(tx, { shard, clientUuid: tenant?.kind === 'client' ? tenant.uuid : null, accountUuid: account.uuid, operation, detail: {} });
      return session;
    });
    this.accounts.kick(shard);
    return {
      mfa_required: false,
      auth_info: await this.authInfo.forAccount(found, false),
      ...(targetUrl ? { target_url: targetUrl } : {}),
      session: grant,
    };
  }

  private async audit(shard: TShard, clientUuid: string | null, accountUuid: string, operation: string, detail: Record<string, unknown>): Promise<void> {
    await this.accounts.client(shard).$transaction((tx) => recordOperation(tx, { shard, clientUuid, accountUuid, operation, detail }));
    this.accounts.kick(shard);
  }
}
