import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Events, formatPersonName, partnerMayLogIn, type TPartnerChanged } from '@portal/proto';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { OnEvent } from '@portal/service-common/service-host';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { recordOperation } from '../audit/audit.js';
import { publicUrl, requestMail } from '../audit/mail.js';
import type { Tx } from '../db.js';
import { InvitationService } from '../invitations/invitation.service.js';
import { SessionEndService } from '../sessions/session-end.service.js';
import { PartnerTenantRepository } from './partner-tenant.repository.js';

/**
 * Issue 14, slice B: identity's copy of a partner (licence owns partners). The tenant follows
 * `events.licence.partner.changed`: it may log in only while active and approved; a suspension
 * (or a rejection) ends its sessions at once, so it is seen at the next request. Once the tenant
 * may log in and has no account yet, its first account is created and invited by mail.
 */
@Injectable()
export class PartnerSyncHandler {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(PartnerTenantRepository) private readonly tenants: PartnerTenantRepository,
    @Inject(SessionEndService) private readonly ender: SessionEndService,
    @Inject(InvitationService) private readonly invitations: InvitationService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  @OnEvent(Events.licence.partnerChanged)
  partnerChanged(event: TPartnerChanged, msgId: string): Promise<void> {
    const shard = event.region;
    return this.uow.once(shard, 'identity-partner-changed', msgId, async (tx) => {
      const active = partnerMayLogIn(event);
      await this.tenants.upsert(tx, {
        uuid: event.partner_uuid, name: event.name, contractType: event.is_primary ? 'primary' : 'none',
        partnerUuid: event.parent_partner_uuid, status: active ? 'active' : 'inactive',
      });
      if (!active) {
        const ended = (await this.ender.end(shard, { tenantUuid: event.partner_uuid }, 'access_lost', tx)).length;
        if (ended) await recordOperation(tx, { shard, clientUuid: event.partner_uuid, accountUuid: null, operation: 'session_ended', detail: { reason: 'partner_suspended', count: ended } });
        return;
      }
      if (!event.owner || (await this.tenants.hasAccounts(tx, event.partner_uuid))) return;
      const email = event.owner.email.trim().toLowerCase();
      // The address was taken after the wizard checked it: the partner exists without a first account (an operator invites one later).
      if (await this.accounts.emailExists(tx, email)) return;
      const uuid = randomUUID();
      await this.accounts.create(tx, {
        uuid, email, familyName: event.owner.family_name, givenName: event.owner.given_name, kind: 'partner', authority: null,
        tenantUuid: event.partner_uuid, status: 'invited', language: event.owner.language,
      });
      const token = await this.invitations.issue(tx, shard, uuid);
      await requestMail(tx, shard, {
        to: email, template: 'partner_invitation', language: event.owner.language, recipient: formatPersonName(event.region, event.owner),
        params: { company: event.name, url: publicUrl(`/invite/${token}`, shard) },
      });
      await recordOperation(tx, { shard, clientUuid: event.partner_uuid, accountUuid: null, operation: 'account_invited', detail: { email } });
    });
  }
}
