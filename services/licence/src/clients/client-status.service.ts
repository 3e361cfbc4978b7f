import { Inject, Injectable } from '@nestjs/common';
import { clientScope, writableScope, type TPrincipal, type TRegion } from '@portal/proto';
import { recordOperation } from '@portal/service-common/audit';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import type { Tx } from '../db.js';
import { publishClientChanged } from './client-state.js';
import { ClientsRepository } from './clients.repository.js';

export const notFound = () => ServiceError.notFound();

/**
 * Issue 14, slice A: suspend and resume a client (spec §4 "Client and partner status"). Only a
 * client the caller may change (writableScope: a primary partner's sub-partners' clients are
 * read-only), else 404. The change, its operation-log entry and events.licence.client.changed
 * commit together; identity then ends the client's sessions and refuses its logins.
 */
@Injectable()
export class ClientStatusService {
  constructor(
    @Inject(ClientsRepository) private readonly clients: ClientsRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  async setStatus(principal: TPrincipal, region: TRegion, uuid: string, status: 'active' | 'inactive'): Promise<{ status: 'active' | 'inactive' }> {
    const scope = clientScope(principal);
    if (!scope) throw notFound();
    return this.uow.run(region, async (tx) => {
      const found = await this.clients.oneInScope(tx, writableScope(scope), uuid);
      if (!found) throw notFound();
      // Suspending a suspended client (a double click, two tabs) changes, logs and tells nothing.
      if (found.status === status) return { status };
      const updated = await this.clients.setStatus(tx, uuid, status);
      if (!updated) throw notFound();
      await recordOperation(tx, {
        shard: region, clientUuid: uuid, accountUuid: principal.account_uuid,
        operation: status === 'inactive' ? 'client_suspended' : 'client_resumed', detail: {},
      });
      await publishClientChanged(tx, region, updated);
      return { status };
    });
  }
}
