import { Inject, Injectable } from '@nestjs/common';
import { Events, type TClientUpdated } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { OnEvent } from '@portal/service-common/service-host';
import { AccountsRepository } from './accounts.repository.js';

/** Keeps identity's tenant view in step with the licence service (the name goes into invitation mails). */
@Injectable()
export class TenantSyncHandler {
  constructor(@Inject(AccountsRepository) private readonly accounts: AccountsRepository) {}

  @OnEvent(Events.licence.clientUpdated)
  clientUpdated(event: TClientUpdated, msgId: string): Promise<void> {
    return this.accounts.renameTenant(requireContext().region, event, msgId);
  }
}
