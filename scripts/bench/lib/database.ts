/**
 * A fresh database for a bench scenario: a clone of the test template (migrated and seeded; built
 * if missing), dropped afterwards. tests/support/harness.ts's createTestDatabase asks vitest for
 * the run's template, which fails outside vitest; the bench builds or finds it itself.
 */
import pg from 'pg';
import { singleDatabaseShardMap } from '@portal/service-common/db/shard-map';
import type { TestDatabase } from '../../../tests/support/harness.js';
import { cloneTemplate, databaseUrl, dropDatabase, ensureTemplate } from '../../../tests/support/test-database.js';

export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

export async function createBenchDatabase(): Promise<TestDatabase> {
  const name = await cloneTemplate(await ensureTemplate((line) => process.stderr.write(`${line}\n`)));
  const url = databaseUrl(name);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  return {
    url,
    shardMap: singleDatabaseShardMap(url),
    query: async (sql, values) => (await pool.query(sql, values)).rows,
    drop: async () => {
      await pool.end();
      await dropDatabase(name);
    },
  };
}
