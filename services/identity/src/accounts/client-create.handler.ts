import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, INTERNAL_ROUTES, areaOf, formatPersonName, type InternalRequest } from '@portal/proto';
import { recordDirectory } from '../directory/directory.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { requestMail, publicUrl } from '../audit/mail.js';
import { currentContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { Handles } from '@portal/service-common/service-host';
import type { Tx } from '../db.js';
import { InvitationService } from '../invitations/invitation.service.js';
import { AccountsRepository } from './accounts.repository.js';
import { emailTaken, mapEmailTaken } from './email-taken.js';
import { writtenAt } from '@portal/service-common/clock';

/**
 * Issue 14, slice A: identity's half of the create-client command (licence's ClientCreateService
 * asks, for the operator's wizard and, later, the partner's registration and the embedded form).
 * The tenant (with licence's contract type, licence type and partner) and its owner, invited
 * through the invitation path (mail `client_invitation`, the /invite link of 24 hours), in one
 * unit of work in the client's region. Idempotent by client uuid: a second call for a tenant that
 * exists creates and mails nothing. An email that has an account (in the region, or in the
 * directory of home regions) is refused with the spec's message, under `email`.
 */
@Injectable()
export class ClientCreateHandler {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(InvitationService) private readonly invitations: InvitationService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  @Handles(INTERNAL_ROUTES.identityClientCreate)
  async create(input: InternalRequest<'identityClientCreate'>) {
    // Operators and partners create clients; a client learns nothing. Issue 14, slice C: the
    // embedded registration form has no session (licence checked its signed form token), so no
    // principal reaches here; internal subjects are never exposed by the gateway.
    const principal = currentContext()?.principal;
    if (principal && areaOf(principal) === 'client') throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    const shard = input.region;
    if (!input.dry_run && (await this.accounts.tenant(shard, input.client_uuid))) return { created: false };
    const email = input.owner.email.trim().toLowerCase();
    if ((await this.accounts.emailExists(shard, email)) || (await this.directory.homeOf(email))) {
      // The same key's other confirm may have just created this very tenant and owner.
      if (!input.dry_run && (await this.accounts.tenant(shard, input.client_uuid))) return { created: false };
      throw emailTaken('email');
    }
    if (input.dry_run) return { created: false };
    try {
      await this.createAll(input, email);
    } catch (error) {
      // Two confirms of one key raced: the second met the tenant's primary key. One client, no second mail.
      if (await this.accounts.tenant(shard, input.client_uuid)) return { created: false };
      throw error;
    }
    return { created: true };
  }

  private async createAll(input: InternalRequest<'identityClientCreate'>, email: string): Promise<void> {
    const shard = input.region;
    await mapEmailTaken('email', () => this.uow.run(shard, async (tx) => {
      await this.accounts.createTenant(tx, { uuid: input.client_uuid, kind: 'client', name: input.company_name });
      await this.accounts.applyClientChange(tx, {
        client_uuid: input.client_uuid, contract_type: input.contract_type, licence_type: input.licence_type, status: 'active',
        partner_uuid: input.partner_uuid, eu_restricted: false, changed_at: writtenAt().toISOString(),
      });
      await this.accounts.create(tx, {
        uuid: input.owner_uuid, email, familyName: input.owner.family_name, givenName: input.owner.given_name, kind: 'client', authority: 'owner',
        tenantUuid: input.client_uuid, status: 'invited', language: input.owner.language, products: [],
      });
      await recordDirectory(tx, shard, { email, accountUuid: input.owner_uuid });
      const token = await this.invitations.issue(tx, shard, input.owner_uuid);
      await requestMail(tx, shard, {
        to: email, template: 'client_invitation', language: input.owner.language, recipient: formatPersonName(shard, input.owner),
        params: { company: input.company_name, url: publicUrl(`/invite/${token}`, shard) },
      });
    }));
  }
}

