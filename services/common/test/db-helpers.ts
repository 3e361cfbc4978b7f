import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TShard } from '@portal/proto';
import type { RawExecutor } from '../src/db/outbox.js';
import { schemaName, singleDatabaseShardMap, urlWithSearchPath } from '../src/db/shard-map.js';

/** The PostgreSQL the integration tests use (never the embedded one). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
export const testShardMap = singleDatabaseShardMap(TEST_DATABASE_URL);

/**
 * A service name unique to this test run, so that its schemas (`jpn_t1a2b3c_identity`) never meet
 * another test's: test files run in parallel against the same database.
 */
export function uniqueService(base: string): string {
  return `t${randomBytes(4).toString('hex')}_${base}`;
}

export async function dropSchemas(service: string, shards: readonly TShard[]): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    for (const shard of shards) await client.query(`DROP SCHEMA IF EXISTS "${schemaName(shard, service)}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** A pg client whose search_path is the (shard, service) schema, as RegionRouter's URL gives. */
export async function shardClient(shard: TShard, service: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: urlWithSearchPath(TEST_DATABASE_URL, schemaName(shard, service)) });
  await client.connect();
  return client;
}

/** Prisma's `$executeRaw` tagged template over a pg client, for enqueue/idempotent in tests. */
export function rawExecutor(client: pg.ClientBase): RawExecutor {
  return {
    $executeRaw(strings: TemplateStringsArray, ...values: unknown[]) {
      const text = strings.reduce((acc, s, i) => acc + (i > 0 ? `$${i}` : '') + s, '');
      return client.query(text, values).then((r) => r.rowCount ?? 0);
    },
  };
}
