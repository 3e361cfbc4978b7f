import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, Events, Headers, ZRegion, euQuestionApplies, euRegistrationProblem, formatPersonName, nameOrder, surveyProblems,
  type ApiReply, type TLanguage, type TRegion, type TSignupRegister, type TSurvey,
} from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { requireContext } from '@portal/service-common/context';
import { enqueueEvent } from '@portal/service-common/db/outbox';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { processLogo } from '@portal/service-common/images/logo';
import { ServiceError } from '@portal/service-common/errors';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { mapEmailTaken } from '../accounts/email-taken.js';
import { recordOperation } from '../audit/audit.js';
import { publicUrl, requestMail } from '../audit/mail.js';
import { LoginService, type LoginResult } from '../auth/login.service.js';
import type { Tx } from '../db.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { linkRefusal } from '../tokens/link-refusal.js';
import { OneTimeTokenService } from '../tokens/one-time-token.service.js';
import { SignupRepository } from './signup.repository.js';
import { euRefusal, logEuRefusal } from '@portal/service-common/eu-rule';
import { recordDirectory } from '../directory/directory.js';

/**
 * Full registration (spec §4 Registration): the temporary registration's link creates the client
 * company and its owner in the host's region; licence learns of the client through the outbox. A
 * link used before says the company is registered (log in); an expired one says so.
 */
/** Whether the EU question is still to be asked of a registration (outside Japan, not answered at sign-up). */
const euStillAsked = (region: TRegion, declared: boolean) => euQuestionApplies(region) && !declared;

@Injectable()
export class RegistrationService {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(SignupRepository) private readonly signups: SignupRepository,
    @Inject(OneTimeTokenService) private readonly tokens: OneTimeTokenService,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(LoginService) private readonly login: LoginService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async check(token: string): Promise<ApiReply<'signupCheck'>> {
    const region = this.region();
    const { registration } = await this.open(region, token);
    return { state: 'valid', email: registration.email, region, name_order: nameOrder(region), eu_question: euStillAsked(region, registration.euDeclared) };
  }

  async register(input: TSignupRegister): Promise<LoginResult> {
    const ctx = requireContext();
    const region = this.region();
    const { registration } = await this.open(region, input.access_token);
    // Issue 22: a sign-up that did not answer the EU question (one made before it was asked) answers
    // it here; "yes" ends the registration: its row and link go, nothing else is written or sent.
    if (euStillAsked(region, registration.euDeclared)) {
      const eu = euRegistrationProblem(region, input.eu_subject);
      if (eu === 'refused') {
        await this.uow.run(region, async (tx) => {
          await this.tokens.consume(tx, input.access_token, 'signup');
          await this.signups.delete(tx, registration.id);
        });
        logEuRefusal(region, 'full_registration');
      }
      if (eu) throw euRefusal(eu);
    }
    // The registration survey (spec §3 Client): every question, from the region's lists.
    const survey: TSurvey = { position: input.position, division: input.division, industry: input.industry, sub_industry: input.sub_industry, employees: input.employees, budget: input.budget };
    const surveyErrors = surveyProblems(region, survey, true);
    if (Object.keys(surveyErrors).length) throw ServiceError.form(surveyErrors);
    if (await this.accounts.emailExists(region, registration.email)) {
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
    const language = registration.language as TLanguage;
    // Two registrations racing for one address: the loser meets the unique index (40011, not 50000).
    await mapEmailTaken('email', () => this.uow.run(region, async (tx) => {
      const used = await this.tokens.consume(tx, input.access_token, 'signup');
      if (used.state !== 'live') throw linkRefusal('signup', used.state);
      await this.signups.delete(tx, registration.id);
      await this.accounts.createTenant(tx, { uuid: clientUuid, kind: 'client', name: input.company_name });
      await this.accounts.create(tx, {
        uuid: ownerUuid, email: registration.email, passwordHash, familyName: input.family_name, givenName: input.given_name,
        kind: 'client', authority: 'owner', tenantUuid: clientUuid, status: 'active', language,
      });
      await recordDirectory(tx, region, { email: registration.email, accountUuid: ownerUuid });
      await enqueueEvent(tx, Events.identity.clientRegistered, {
        client_uuid: clientUuid, owner_uuid: ownerUuid, company_name: input.company_name, phone: input.phone, region, logo, registered_at: this.clock.now().toISOString(),
        survey, eu_declared: euQuestionApplies(region),
      }, { [Headers.region]: region, [Headers.requestId]: ctx.requestId });
      // Slice B (issue 10): licence records the terms and privacy-policy versions agreed to.
      await enqueueEvent(tx, Events.identity.agreementGiven, {
        client_uuid: clientUuid, account_uuid: ownerUuid, language, kinds: ['terms', 'privacy'], occasion: 'signup', agreed_at: this.clock.now().toISOString(),
      }, { [Headers.region]: region, [Headers.requestId]: ctx.requestId });
      await requestMail(tx, region, { to: registration.email, template: 'welcome', language, recipient: formatPersonName(region, input), params: { company: input.company_name, url: publicUrl('/login') } });
      await recordOperation(tx, { shard: region, clientUuid, accountUuid: ownerUuid, operation: 'signup', detail: { company_name: input.company_name } });
    }));
    const found = await this.accounts.findByUuid(region, ownerUuid);
    return this.login.startSession(found!, false);
  }

  /** The host's region (the global shard has no sign-ups: it reads as Japan). */
  private region(): TRegion {
    const region = requireContext().region;
    return ZRegion.parse(region === 'global' ? 'jpn' : region);
  }

  private async open(region: TRegion, token: string) {
    const opened = await this.tokens.inspect(region, token, 'signup');
    if (opened.state !== 'live') throw linkRefusal('signup', opened.state);
    const registration = await this.signups.find(region, (opened.token.payload as { registration_id: string }).registration_id);
    if (!registration) throw linkRefusal('signup', 'unknown');
    return { registration };
  }
}
