import { Inject, Injectable } from '@nestjs/common';
import { Events } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { idempotent } from '@portal/service-common/db/idempotent';
import { OnEvent } from '@portal/service-common/service-host';
import { z } from 'zod';
import { AccountsRepository } from './accounts.repository.js';

const ZClientUpdated = z.object({ client_uuid: z.uuid(), company_name: z.string() });

/** Keeps identity's tenant view in step with the licence service (the name goes into invitation mails). */
@Injectable()
export class TenantSyncHandler {
  constructor(@Inject(AccountsRepository) private readonly accounts: AccountsRepository) {}

  @OnEvent(Events.licence.clientUpdated)
  async clientUpdated(payload: unknown, msgId: string): Promise<void> {
    const event = ZClientUpdated.parse(payload);
    await this.accounts.client(requireContext().region).$transaction(async (tx) => {
      if (!(await idempotent(tx, 'identity-client-updated', msgId))) return;
      await tx.tenant.updateMany({ where: { uuid: event.client_uuid }, data: { name: event.company_name } });
    });
  }
}
