import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, clientScope, writableScope, type TClientBulkSuspended, type TClientSelection, type TPrincipal } from '@portal/proto';
import { ServiceError } from '@portal/service-common/errors';
import { ClientListService } from './client-list.service.js';
import { ClientStatusService } from './client-status.service.js';

/** Suspensions run side by side, a few at a time (each its own unit of work in its client's shard). */
const PARALLEL = 4;

/**
 * Issue 25 point 5: suspend the client list's selection. Each client goes through the one-client
 * suspend (ClientStatusService.setStatus: the same scope rule, its operation-log entry and event
 * in the same transaction), so a bulk suspension is exactly that many single ones; one that fails
 * leaves the others done. The answer says what happened to each.
 */
@Injectable()
export class ClientBulkService {
  constructor(
    @Inject(ClientListService) private readonly list: ClientListService,
    @Inject(ClientStatusService) private readonly status: ClientStatusService,
  ) {}

  async suspend(principal: TPrincipal, selection: TClientSelection): Promise<TClientBulkSuspended> {
    const scope = clientScope(principal);
    if (!scope) throw ServiceError.notFound();
    // The company names and the status before, of the clients the caller may change.
    const rows = new Map((await this.list.selected(writableScope(scope), selection.clients)).map((r) => [`${r.shard}/${r.uuid}`, r]));
    const refs = [...new Map(selection.clients.map((c) => [`${c.region}/${c.uuid.toLowerCase()}`, { region: c.region, uuid: c.uuid.toLowerCase() }])).values()];
    const results: TClientBulkSuspended['results'] = [];
    for (let i = 0; i < refs.length; i += PARALLEL) {
      results.push(...await Promise.all(refs.slice(i, i + PARALLEL).map(async (ref) => {
        const row = rows.get(`${ref.region}/${ref.uuid}`);
        if (!row) return { ...ref, company_name: null, outcome: 'not_found' as const };
        if (row.status === 'inactive') return { ...ref, company_name: row.company_name, outcome: 'already_suspended' as const };
        try {
          await this.status.setStatus(principal, ref.region, ref.uuid, 'inactive');
          return { ...ref, company_name: row.company_name, outcome: 'suspended' as const };
        } catch (error) {
          if (error instanceof ServiceError && error.code === AccessCode.NOT_FOUND) return { ...ref, company_name: row.company_name, outcome: 'not_found' as const };
          throw error;
        }
      })));
    }
    return { results, suspended: results.filter((r) => r.outcome === 'suspended').length };
  }
}
