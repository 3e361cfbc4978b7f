import { Inject, Injectable } from '@nestjs/common';
import { ZRegion, euQuestionApplies, type ApiReply, type TTemporaryRegister } from '@portal/proto';
import { checkEuAnswer } from '@portal/service-common/eu-rule';
import { requireContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { publicUrl, requestMail } from '../audit/mail.js';
import type { Tx } from '../db.js';
import { newToken } from '../passwords/tokens.js';
import { OneTimeTokenService } from '../tokens/one-time-token.service.js';
import { SignupRepository } from './signup.repository.js';

@Injectable()
export class SignupService {
  constructor(
    @Inject(SignupRepository) private readonly signups: SignupRepository,
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(OneTimeTokenService) private readonly tokens: OneTimeTokenService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  /**
   * Temporary registration (spec §4 Registration): stored in the host's region with a link valid
   * 24 hours, and a mail with the full-registration URL is queued in the same unit of work. An
   * address that already has an account gets the same answer (no enumeration), but its mail says
   * to log in or reset the password instead of a registration link that would fail at full
   * registration.
   */
  async registerTemporary(input: TTemporaryRegister): Promise<ApiReply<'temporaryRegister'>> {
    const ctx = requireContext();
    const region = ZRegion.parse(ctx.region);
    const language = ctx.language;
    // Issue 22: outside Japan the EU data-protection question comes first; "yes" keeps nothing (not
    // even the address) and sends nothing, and leaves one log line without personal data.
    checkEuAnswer(region, input.eu_subject, 'signup');
    if (await this.accounts.emailExists(region, input.email)) {
      await this.uow.run(region, (tx) => requestMail(tx, region, {
        to: input.email, template: 'account_exists', language, params: { login_url: publicUrl('/login'), reset_url: publicUrl('/password_reset') },
      }));
      return { region, language };
    }
    await this.uow.run(region, async (tx) => {
      const id = await this.signups.create(tx, { email: input.email.toLowerCase(), language, region, euDeclared: euQuestionApplies(region) });
      // The link is looked up in the host's region (a link opened on another region's host is unknown there), so it carries no shard.
      const { token } = await this.tokens.issue(tx, region, { purpose: 'signup', secret: newToken(), payload: { registration_id: id } });
      await requestMail(tx, region, { to: input.email, template: 'temporary_register', language, params: { url: publicUrl(`/signup/${token}/1`) } });
    });
    return { region, language };
  }
}
