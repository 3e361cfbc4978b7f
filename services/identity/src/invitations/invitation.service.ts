import { Inject, Injectable } from '@nestjs/common';
import { Events, Headers, ZLanguage, type ApiReply, type TAccountStatus, type TShard } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { requireContext } from '@portal/service-common/context';
import { enqueueEvent } from '@portal/service-common/db/outbox';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { LoginService, type LoginResult } from '../auth/login.service.js';
import type { Tx } from '../db.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { shardOf } from '../passwords/tokens.js';
import { linkRefusal } from '../tokens/link-refusal.js';
import { OneTimeTokenService } from '../tokens/one-time-token.service.js';
import { awaitingAnswer, invitationStatus } from './invitation.rules.js';
import { recordDirectory } from '../directory/directory.js';

/**
 * Invitations (spec §2 /invite/{access_token}, §4): valid 24 hours; accepting sets the password.
 * A link that cannot be used says why: already accepted (log in), expired (ask for a new one),
 * replaced by a reinvite, or unknown.
 */
@Injectable()
export class InvitationService {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(OneTimeTokenService) private readonly tokens: OneTimeTokenService,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(LoginService) private readonly login: LoginService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Issues an invitation link for an invited account, replacing its earlier ones (used by account management). */
  async issue(tx: Tx, shard: TShard, accountUuid: string): Promise<string> {
    return (await this.tokens.issue(tx, shard, { purpose: 'invitation', accountUuid, replaces: ['invitation'] })).token;
  }

  async check(token: string): Promise<ApiReply<'inviteCheck'>> {
    const { found } = await this.open(token);
    return { state: 'valid', email: found.account.email, company_name: found.tenant?.name ?? '', family_name: found.account.familyName, given_name: found.account.givenName };
  }

  async accept(token: string, password: string): Promise<LoginResult> {
    const { found, shard } = await this.open(token);
    const passwordHash = await this.hasher.hash(password);
    await this.uow.run(shard, async (tx) => {
      const used = await this.tokens.consume(tx, token, 'invitation');
      if (used.state !== 'live') throw linkRefusal('invitation', used.state);
      await this.accounts.setPassword(tx, found.account.uuid, passwordHash, { status: 'active' });
      // The address's home region, for logins on other regions' hosts (issue 9 item 9).
      await recordDirectory(tx, shard, { email: found.account.email, accountUuid: found.account.uuid });
      // Slice B (issue 10): a client account accepted with the terms and the privacy policy; licence records the versions.
      if (found.account.kind === 'client' && found.account.tenantUuid) {
        await enqueueEvent(tx, Events.identity.agreementGiven, {
          client_uuid: found.account.tenantUuid, account_uuid: found.account.uuid, language: ZLanguage.catch('ja-jp').parse(found.account.language),
          kinds: ['terms', 'privacy'], occasion: 'invitation', agreed_at: this.clock.now().toISOString(),
        }, { [Headers.region]: shard, [Headers.requestId]: requireContext().requestId });
      }
    });
    const activated = { ...found, account: { ...found.account, passwordHash, status: 'active' } };
    return this.login.startSession(activated, false, undefined, 'invitation_accepted');
  }

  private async open(token: string) {
    const shard = shardOf(token);
    const opened = await this.tokens.inspect(shard, token, 'invitation');
    const found = shard && opened.token?.accountUuid ? await this.accounts.findByUuid(shard, opened.token.accountUuid) : null;
    if (!shard || !found) throw linkRefusal('invitation', 'unknown');
    const status = found.account.status as TAccountStatus;
    if (opened.state === 'expired' && invitationStatus(status, [opened.token!], this.clock.now()) !== status) {
      // 24 hours without acceptance: the account is expired and can be reinvited (spec §4). The
      // statement applies the newest link, which may be a reinvite committed a moment ago.
      await this.accounts.expireInvitations(shard, this.clock.now(), found.account.tenantUuid ?? undefined);
    }
    if (opened.state !== 'live') throw linkRefusal('invitation', opened.state);
    // The newest link decides: an account the expiry job marked expired a moment before a
    // reinvite committed still opens with the reinvite's live link. An answered invitation does not open.
    if (!awaitingAnswer(status)) throw linkRefusal('invitation', 'used');
    return { found, shard };
  }
}
