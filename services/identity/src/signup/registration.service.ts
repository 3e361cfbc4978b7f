import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, Events, Headers, REGION_PROFILES, ZRegion, type TLanguage, type TSignupRegister } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { requireContext } from '@portal/service-common/context';
import { enqueueEvent } from '@portal/service-common/db/outbox';
import { processLogo } from '@portal/service-common/images/logo';
import { ServiceError } from '@portal/service-common/errors';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { recordOperation } from '../audit/audit.js';
import { publicUrl, requestMail } from '../audit/mail.js';
import { LoginService, type LoginResult } from '../auth/login.service.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { hashToken } from '../passwords/tokens.js';

const invalidLink = () => new ServiceError(AccessCode.FORM_ERROR, 'token.invalid', undefined, { access_token: [{ key: 'token.invalid' }] });

/**
 * Full registration (spec §4 Registration): the temporary registration's link creates the client
 * company and its owner in the host's region; licence learns of the client through the outbox.
 */
@Injectable()
export class RegistrationService {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(LoginService) private readonly login: LoginService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async check(token: string) {
    const region = ZRegion.parse(requireContext().region === 'global' ? 'jpn' : requireContext().region);
    const row = await this.open(region, token);
    return { email: row.email, region, name_order: REGION_PROFILES[region].nameOrder };
  }

  async register(input: TSignupRegister): Promise<LoginResult> {
    const ctx = requireContext();
    const region = ZRegion.parse(ctx.region === 'global' ? 'jpn' : ctx.region);
    const row = await this.open(region, input.access_token);
    if (await this.accounts.emailExists(region, row.email)) {
      throw new ServiceError(AccessCode.FORM_ERROR, 'signup.email_exists');
    }
    // The logo obeys the limits of spec §9 here too; the stored one is its 160x160 centre.
    let logo: string | null = null;
    if (input.logo) {
      const processed = await processLogo(input.logo, 'centre');
      if (!processed.ok) throw ServiceError.form({ logo: [processed.error] });
      logo = processed.dataUrl;
    }
    const passwordHash = await this.hasher.hash(input.password);
    const clientUuid = randomUUID();
    const ownerUuid = randomUUID();
    const language = row.language as TLanguage;
    await this.accounts.client(region).$transaction(async (tx) => {
      const consumed = await tx.temporaryRegistration.deleteMany({ where: { id: row.id } });
      if (consumed.count !== 1) throw invalidLink();
      await tx.tenant.create({ data: { uuid: clientUuid, kind: 'client', name: input.company_name } });
      await tx.account.create({
        data: {
          uuid: ownerUuid, email: row.email, passwordHash, familyName: input.family_name, givenName: input.given_name,
          kind: 'client', authority: 'owner', tenantUuid: clientUuid, status: 'active', language,
        },
      });
      await enqueueEvent(tx, Events.identity.clientRegistered, {
        client_uuid: clientUuid, owner_uuid: ownerUuid, company_name: input.company_name, phone: input.phone, region, logo, registered_at: this.clock.now().toISOString(),
      }, { [Headers.region]: region, [Headers.requestId]: ctx.requestId });
      await requestMail(tx, region, { to: row.email, template: 'welcome', language, params: { company: input.company_name, url: publicUrl('/login') } });
      await recordOperation(tx, { shard: region, clientUuid, accountUuid: ownerUuid, operation: 'signup', detail: { company_name: input.company_name } });
    });
    this.accounts.kick(region);
    const found = await this.accounts.findByUuid(region, ownerUuid);
    return this.login.startSession(found!, false);
  }

  private async open(region: ReturnType<typeof ZRegion.parse>, token: string) {
    const row = await this.accounts.client(region).temporaryRegistration.findUnique({ where: { tokenHash: hashToken(token) } });
    if (!row || row.expiresAt <= this.clock.now()) throw invalidLink();
    return row;
  }
}
