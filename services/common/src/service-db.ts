import type { TShard } from '@portal/proto';
import type { RegionRouter } from './db/region-router.js';

/** What a repository needs: the client of a shard, and a way to hurry the outbox relay. */
export interface ServiceDb<C> {
  client(shard: TShard): C;
  /** After a commit that wrote outbox rows: publish them now instead of at the next sweep. */
  kick(shard: TShard): void;
  shards(): readonly TShard[];
  ping(): Promise<boolean>;
  readonly router: RegionRouter<C & object>;
}
export const SERVICE_DB = Symbol('ServiceDb');
