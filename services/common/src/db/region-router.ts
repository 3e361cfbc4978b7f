import { SHARDS, type TServiceName, type TShard } from '@portal/proto';
import { schemaName, urlWithSearchPath, type ShardMap } from './shard-map.js';

export interface ShardConnection {
  shard: TShard;
  /**
   * The shard's database URL with search_path set to `schema` (`?options=-c search_path=...`), so
   * raw SQL ($queryRaw, enqueue, idempotent) finds the service's tables unqualified, while Prisma's
   * own queries are qualified through PrismaPg's `{ schema }` option.
   */
  url: string;
  /** The shard's database URL as configured. */
  databaseUrl: string;
  /** The PostgreSQL schema of this service in this shard (e.g. `jpn_identity`). */
  schema: string;
}

/** Anything with a `$disconnect()` (a PrismaClient) or an `end()` (a pg.Pool) can be closed. */
type Closable = { $disconnect(): Promise<void> } | { end(): Promise<void> } | object;

/**
 * One database client per shard for one service, created on first use and cached. Services pass
 * a factory such as:
 *
 *   new RegionRouter(shardMap, 'identity', ({ url, schema }) =>
 *     new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: poolMax }, { schema }) }))
 */
export class RegionRouter<C extends Closable> {
  private readonly clients = new Map<TShard, C>();

  constructor(
    private readonly shardMap: ShardMap,
    readonly service: TServiceName | string,
    private readonly factory: (connection: ShardConnection) => C,
    private readonly shardList: readonly TShard[] = SHARDS,
  ) {}

  /** The connection settings of a shard (no client is created). */
  connection(shard: TShard): ShardConnection {
    const url = this.shardMap[shard];
    if (!url || !this.shardList.includes(shard)) throw new Error(`Unknown shard ${String(shard)}`);
    const schema = schemaName(shard, this.service);
    return { shard, url: urlWithSearchPath(url, schema), databaseUrl: url, schema };
  }

  /** The (cached) client of a shard. */
  client(shard: TShard): C {
    let c = this.clients.get(shard);
    if (!c) {
      c = this.factory(this.connection(shard));
      this.clients.set(shard, c);
    }
    return c;
  }

  /** Every shard this router serves (for operator screens that query all shards and merge). */
  shards(): readonly TShard[] {
    return this.shardList;
  }

  /** Runs `fn` on every shard in parallel; results in shard order. */
  async forEach<R>(fn: (client: C, shard: TShard) => Promise<R>): Promise<R[]> {
    return Promise.all(this.shardList.map((s) => fn(this.client(s), s)));
  }

  /** Closes every client created so far; the router can be used again afterwards. */
  async disconnectAll(): Promise<void> {
    const all = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(all.map(async (c) => {
      if ('$disconnect' in c && typeof c.$disconnect === 'function') await c.$disconnect();
      else if ('end' in c && typeof c.end === 'function') await c.end();
    }));
  }
}
