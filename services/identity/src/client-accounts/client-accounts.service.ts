import { Inject, Injectable } from '@nestjs/common';
import {
  REGION_PROFILES, ZAccountStatus, ZAuthority, ZLanguage, areaOf, type TAccountStatus, type TClientAccountRow, type TClientAccounts, type TClientOwners, type TPrincipal, type TRegion,
} from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { recordOperation } from '../audit/audit.js';
import { publicUrl, requestMail } from '../audit/mail.js';
import { ACTIVE_STATUSES, transition } from '../accounts/account.rules.js';
import { accountName } from '../accounts/person-name.js';
import type { Tx } from '../db.js';
import { InvitationService } from '../invitations/invitation.service.js';
import { ClientAccountsRepository, type ClientAccountRecord } from './client-accounts.repository.js';

/** A client outside the caller's scope reads as not found (never 403: docs/design/backoffice.md "Scope"). */
const clientNotFound = () => ServiceError.notFound();
const accountNotFound = () => ServiceError.form({ account_uuid: [{ key: 'client_account.not_found' }] });

type Action = 'reinvite' | 'unlock' | 'mfa_reset';

/**
 * Issue 25, point 5: a client's accounts on its back-office info page (an operator any client's, a
 * partner its own clients', to read), and what an operator does to one: resend its invitation,
 * lift a lock left by failed logins, reset its email authentication (forget remembered browsers).
 * Each action is written with its operation-log entry and its mail in one unit of work.
 */
@Injectable()
export class ClientAccountsService {
  constructor(
    @Inject(ClientAccountsRepository) private readonly repo: ClientAccountsRepository,
    @Inject(InvitationService) private readonly invitations: InvitationService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(principal: TPrincipal, region: TRegion, uuid: string): Promise<TClientAccounts> {
    const tenant = await this.tenantInScope(principal, region, uuid);
    const rows = await this.repo.accounts(region, tenant.uuid, this.clock.now());
    return { accounts: rows.map(row), mfa_enabled: tenant.mfaEnabled, actions: areaOf(principal) === 'operator' };
  }

  async act(principal: TPrincipal, action: Action, region: TRegion, uuid: string, accountUuid: string): Promise<TClientAccountRow> {
    if (areaOf(principal) !== 'operator') throw clientNotFound();
    const tenant = await this.tenantInScope(principal, region, uuid);
    const now = this.clock.now();
    await this.uow.run(region, async (tx) => {
      const [account] = await this.repo.accounts(tx, tenant.uuid, now, accountUuid);
      if (!account) throw accountNotFound();
      const language = ZLanguage.catch('en-us').parse(account.language);
      const recipient = accountName(region, account);
      const entry = { shard: region, clientUuid: tenant.uuid, accountUuid: principal.account_uuid, detail: { email: account.email } };
      switch (action) {
        case 'reinvite': {
          const step = transition(ZAccountStatus.parse(account.status) as TAccountStatus, 'reinvite');
          if (!step.ok) throw ServiceError.form({ account_uuid: [{ key: step.refusal }] });
          await this.repo.setStatus(tx, account.uuid, step.next);
          const token = await this.invitations.issue(tx, region, account.uuid);
          await requestMail(tx, region, {
            to: account.email, template: 'invitation', language, recipient,
            params: { company: tenant.name, inviter: tenant.name, url: publicUrl(`/invite/${token}`, region) },
          });
          await recordOperation(tx, { ...entry, operation: 'account_reinvited' });
          return;
        }
        case 'unlock':
          if (!(await this.repo.unlock(tx, account.uuid, now))) throw ServiceError.form({ account_uuid: [{ key: 'client_account.not_locked' }] });
          await requestMail(tx, region, { to: account.email, template: 'account_unlocked', language, recipient, params: { company: tenant.name, url: publicUrl('/login', region) } });
          await recordOperation(tx, { ...entry, operation: 'account_unlocked' });
          return;
        case 'mfa_reset':
          await this.repo.forgetMfa(tx, account.uuid, now);
          await requestMail(tx, region, { to: account.email, template: 'account_mfa_reset', language, recipient, params: { company: tenant.name, url: publicUrl('/login', region) } });
          await recordOperation(tx, { ...entry, operation: 'account_mfa_reset' });
          return;
        default:
          return action satisfies never;
      }
    });
    const [after] = await this.repo.accounts(region, tenant.uuid, this.clock.now(), accountUuid);
    if (!after) throw accountNotFound();
    return row(after);
  }

  /**
   * The client's active owners, whom licence and billing mail a change made on the client's behalf
   * (operators only: the answer names the client's people), in their own language.
   */
  async owners(principal: TPrincipal, region: TRegion, uuid: string): Promise<TClientOwners> {
    if (areaOf(principal) !== 'operator') throw clientNotFound();
    const tenant = await this.tenantInScope(principal, region, uuid);
    const rows = await this.repo.accounts(region, tenant.uuid, this.clock.now());
    const fallback = REGION_PROFILES[region].defaultLanguage;
    return {
      company: tenant.name,
      owners: rows.filter((a) => a.authority === 'owner' && (ACTIVE_STATUSES as readonly string[]).includes(a.status))
        .map((a) => ({ email: a.email, language: ZLanguage.catch(fallback).parse(a.language), name: accountName(region, a) })),
    };
  }

  /** The client, if the caller may see it: an operator any client; a partner its own clients only. */
  private async tenantInScope(principal: TPrincipal, region: TRegion, uuid: string) {
    const area = areaOf(principal);
    if (area !== 'operator' && area !== 'partner') throw clientNotFound();
    const tenant = await this.repo.tenant(region, uuid);
    if (!tenant) throw clientNotFound();
    if (area === 'partner' && (!principal.partner_uuid || tenant.partnerUuid !== principal.partner_uuid)) throw clientNotFound();
    return tenant;
  }
}

function row(a: ClientAccountRecord): TClientAccountRow {
  return {
    uuid: a.uuid, family_name: a.familyName, given_name: a.givenName, email: a.email,
    authority: ZAuthority.nullable().catch(null).parse(a.authority), status: ZAccountStatus.catch('inactive').parse(a.status),
    locked: a.locked, trusted_browsers: a.trustedBrowsers,
  };
}
