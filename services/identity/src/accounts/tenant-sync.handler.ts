import { Inject, Injectable } from '@nestjs/common';
import { Events, type TClientChanged, type TClientUpdated, type TServiceStartedEvent } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { OnEvent } from '@portal/service-common/service-host';
import type { Tx } from '../db.js';
import { SessionEndService } from '../sessions/session-end.service.js';
import { AccountsRepository } from './accounts.repository.js';

/** Keeps identity's tenant view in step with the licence service (the name goes into invitation mails). */
@Injectable()
export class TenantSyncHandler {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(SessionEndService) private readonly ender: SessionEndService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  /** Once per event: a redelivery changes nothing. */
  @OnEvent(Events.licence.clientUpdated)
  clientUpdated(event: TClientUpdated, msgId: string): Promise<void> {
    return this.uow.once(requireContext().region, 'identity-client-updated', msgId, (tx) => this.accounts.renameTenant(tx, event));
  }

  /** Issue 10, slice A: the owner who started a service (trial or free) may open it at once. */
  @OnEvent(Events.licence.serviceStarted)
  serviceStarted(event: TServiceStartedEvent, msgId: string): Promise<void> {
    return this.uow.once(requireContext().region, 'identity-service-started', msgId, (tx) =>
      this.accounts.grantProduct(tx, event.client_uuid, event.account_uuid, event.product));
  }

  /**
   * Issue 14, slice A: licence changed a client's contract, licence type, status or partner. A
   * suspended client's sessions (its accounts' and support logins into it) end in the same
   * transaction, so its next request is logged out; login refuses an inactive tenant.
   */
  @OnEvent(Events.licence.clientChanged)
  clientChanged(event: TClientChanged, msgId: string): Promise<void> {
    const shard = requireContext().region;
    return this.uow.once(shard, 'identity-client-changed', msgId, async (tx) => {
      await this.accounts.applyClientChange(tx, event);
      if (event.status !== 'active') await this.ender.end(shard, { tenantUuid: event.client_uuid }, 'access_lost', tx);
    });
  }
}
