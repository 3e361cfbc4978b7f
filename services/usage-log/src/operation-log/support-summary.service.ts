import { Inject, Injectable } from '@nestjs/common';
import { Events, Headers, ZRegion, type TShard, type TSupportSessionEnded } from '@portal/proto';
import { currentContext } from '@portal/service-common/context';
import { enqueueEvent } from '@portal/service-common/db/outbox';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import type { Tx } from '../db.js';
import { OperationLogRepository } from './operation-log.repository.js';
import { SUMMARY_FRAME, SUMMARY_LINES, summaryParams } from './support-summary.rules.js';

/**
 * Issue 21: when a support session into a client ends, its owners get a summary of what was done
 * in it, built from the operation log (which every service writes, so the summary covers accounts,
 * company, plans and products alike) and sent through this service's outbox, once per event.
 * An entry whose own service's outbox was held up past the session's end reaches the log, not
 * the mail (docs/decisions.md).
 */
@Injectable()
export class SupportSummaryService {
  constructor(
    @Inject(OperationLogRepository) private readonly entries: OperationLogRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  async mail(ended: TSupportSessionEnded, shard: TShard, msgId: string): Promise<void> {
    // The client's region names the zone its times are written in (the event comes from the client's shard).
    const region = ZRegion.parse(shard);
    await this.uow.once(shard, 'usage-log-support-summary', msgId, async (tx) => {
      const { rows, total } = await this.entries.ofSupportSession(tx, ended.client_uuid, ended.session, SUMMARY_FRAME, SUMMARY_LINES);
      const entries = rows.map((r) => ({ operation: r.operation, detail: r.detail as Record<string, unknown>, occurredAt: r.occurredAt }));
      for (const owner of ended.owners) {
        await enqueueEvent(tx, Events.notification.mailRequested, {
          to: owner.email, template: 'support_session_summary', language: owner.language, recipient: owner.name,
          params: summaryParams(ended, entries, total, owner.language, region),
        }, { [Headers.region]: shard, [Headers.language]: owner.language, [Headers.requestId]: currentContext()?.requestId ?? 'internal' });
      }
    });
  }
}
