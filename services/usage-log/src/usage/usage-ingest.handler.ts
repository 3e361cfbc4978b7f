import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, Events, INTERNAL_ROUTES, type ApiRequest, type InternalRequest, type TEventPayload, type TShard, type TUsageEvent } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles, OnEvent } from '@portal/service-common/service-host';
import { createLogger } from '@portal/service-common/logger';
import type { Tx } from '../db.js';
import { ProductKeysService } from './product-keys.service.js';
import { UsageRollupsRepository } from './usage-rollups.repository.js';

const log = createLogger('usage-ingest');
/** Events one rollup transaction takes at most (several requests' batches). */
const GROUP_MAX_EVENTS = 16_000;

/** Issue 13, slice A: product keys (operators, the gateway) and the usage-event consumer. */
@Injectable()
export class UsageIngestHandler {
  /** Batches waiting for their shard's next transaction, by shard and backfill flag. */
  private readonly pending = new Map<string, Array<{ events: TUsageEvent[]; resolve: () => void; reject: (err: unknown) => void }>>();
  private readonly draining = new Set<string>();

  constructor(
    @Inject(ProductKeysService) private readonly keys: ProductKeysService,
    @Inject(UsageRollupsRepository) private readonly rollups: UsageRollupsRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Handles(API_ROUTES.productKeyList)
  list() {
    return this.keys.list();
  }

  @Handles(API_ROUTES.productKeyCreate)
  create(input: ApiRequest<'productKeyCreate'>) {
    return this.keys.create(input.product, requirePrincipal().account_uuid);
  }

  @Handles(INTERNAL_ROUTES.ingestKeys)
  async ingestKeys(query: InternalRequest<'ingestKeys'>) {
    return { keys: await this.keys.verifying(query.product) };
  }

  /**
   * One ingestion request's accepted events (up to 1,000). Batches that arrive while a shard's
   * transaction runs are grouped (up to GROUP_MAX_EVENTS; 16,000 measured best: docs/decisions.md) into its next one: one transaction
   * de-duplicates by event id and adds the counts for all of them, so the commit, the round trips
   * and the day sketches are paid once per group, not per request. Every message of a group is
   * acknowledged only after its commit; a failure redelivers them all (the event ids make that safe).
   */
  @OnEvent(Events.usage.eventsBatch)
  batch(batch: TEventPayload<typeof Events.usage.eventsBatch>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const key = `${batch.shard}:${batch.backfill}`;
      const queue = this.pending.get(key) ?? [];
      queue.push({ events: batch.events, resolve, reject });
      this.pending.set(key, queue);
      if (!this.draining.has(key)) void this.drain(key, batch.shard, batch.backfill);
    });
  }

  private async drain(key: string, shard: TShard, backfill: boolean): Promise<void> {
    this.draining.add(key);
    try {
      for (;;) {
        const queue = this.pending.get(key) ?? [];
        if (!queue.length) break;
        let size = 0;
        let take = 0;
        while (take < queue.length && (take === 0 || size + queue[take]!.events.length <= GROUP_MAX_EVENTS)) size += queue[take++]!.events.length;
        const group = queue.splice(0, take);
        try {
          const events = group.flatMap((g) => g.events);
          const result = await this.uow.run(shard, (tx) => this.rollups.apply(tx, shard, events, this.clock.now(), backfill), { timeoutMs: 30_000 });
          if (result.dropped) log.warn({ shard, dropped: result.dropped }, 'usage events older than the late-event window dropped');
          for (const g of group) g.resolve();
        } catch (err) {
          for (const g of group) g.reject(err);
        }
      }
    } finally {
      this.draining.delete(key);
      this.pending.delete(key);
    }
  }
}
