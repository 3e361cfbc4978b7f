import { Inject, Injectable } from '@nestjs/common';
import { Headers, ZRegion, type TTemporaryRegister } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { hashToken, newToken } from '../passwords/tokens.js';
import { SignupRepository } from './signup.repository.js';

/** A full-registration link is valid for 24 hours (as invitations are; spec §9). */
export const TEMPORARY_REGISTRATION_TTL_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class SignupService {
  constructor(
    @Inject(SignupRepository) private readonly repository: SignupRepository,
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Temporary registration (spec §4 Registration): stored in the host's region, and a mail with
   * the full-registration URL is queued in the same transaction. An address that already has an
   * account gets the same answer (no enumeration), but its mail says to log in or reset the
   * password instead of a registration link that would fail at full registration.
   */
  async registerTemporary(input: TTemporaryRegister): Promise<{ region: string; language: string }> {
    const ctx = requireContext();
    const region = ZRegion.parse(ctx.region);
    const origin = ctx.publicOrigin ?? 'http://localhost:8080';
    const headers = { [Headers.requestId]: ctx.requestId, [Headers.region]: region, [Headers.language]: ctx.language };
    if (await this.accounts.emailExists(region, input.email)) {
      await this.repository.mailOnly(region, {
        to: input.email, template: 'account_exists', language: ctx.language, params: { login_url: `${origin}/login`, reset_url: `${origin}/password_reset` },
      }, headers);
      return { region, language: ctx.language };
    }
    const token = newToken();
    const url = `${origin}/signup/${token}/1`;
    await this.repository.createTemporary(
      region,
      {
        email: input.email.toLowerCase(),
        tokenHash: hashToken(token),
        language: ctx.language,
        region,
        expiresAt: new Date(this.clock.now().getTime() + TEMPORARY_REGISTRATION_TTL_MS),
      },
      { to: input.email, template: 'temporary_register', language: ctx.language, params: { url } },
      headers,
    );
    return { region, language: ctx.language };
  }
}
