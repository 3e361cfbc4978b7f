import { appendFile, cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TShard } from '@portal/proto';
import { defaultMigrationsDir, MigrationChecksumError, migrateAll, migrateService } from '../src/db/migrate.js';
import { schemaName } from '../src/db/shard-map.js';
import { dropSchemas, TEST_DATABASE_URL, testShardMap, uniqueService } from './db-helpers.js';

const SHARDS: TShard[] = ['jpn', 'tha', 'global'];

async function tables(schema: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  try {
    const { rows } = await c.query<{ table_name: string }>(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name', [schema]);
    return rows.map((r) => r.table_name);
  } finally {
    await c.end();
  }
}

async function migrationRows(schema: string): Promise<{ migration_name: string; checksum: string; applied_steps_count: number; finished_at: Date }[]> {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  try {
    return (await c.query(`SELECT * FROM "${schema}"._prisma_migrations ORDER BY migration_name`)).rows;
  } finally {
    await c.end();
  }
}

describe('migrateService (PostgreSQL)', () => {
  const created: string[] = [];
  let tmp: string;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'portal-migrations-'));
  });
  afterAll(async () => {
    for (const s of created) await dropSchemas(s, SHARDS);
    await rm(tmp, { recursive: true, force: true });
  });

  it('creates every shard schema and its tables, and a second run is a no-op', async () => {
    const service = uniqueService('notification');
    created.push(service);
    // Every migration of the service's folder, in order (a later issue's migration adds to them).
    const expected = (await readdir(defaultMigrationsDir('notification'), { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    expect(expected.length).toBeGreaterThan(0);
    const first = await migrateService({ service, migrationsDir: defaultMigrationsDir('notification'), shardMap: testShardMap, shards: SHARDS });
    expect(first.map((r) => r.schema)).toEqual(SHARDS.map((s) => schemaName(s, service)));
    expect(first.every((r) => r.applied.length === expected.length)).toBe(true);
    for (const shard of SHARDS) {
      expect(await tables(schemaName(shard, service))).toEqual(
        ['_prisma_migrations', 'inquiries', 'inquiry_receivers', 'mail_parts', 'mail_template_versions', 'mail_templates', 'maintenance_windows',
          'notice_reads', 'notice_targets', 'notices', 'outbox', 'processed_events', 'sent_mails']);
      const rows = await migrationRows(schemaName(shard, service));
      expect(rows).toHaveLength(expected.length);
      for (const row of rows) {
        expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
        expect(row.applied_steps_count).toBe(1);
        expect(row.finished_at).toBeInstanceOf(Date);
      }
    }
    const second = await migrateService({ service, migrationsDir: defaultMigrationsDir('notification'), shardMap: testShardMap, shards: SHARDS });
    expect(second.every((r) => r.applied.length === 0)).toBe(true);
    expect(await migrationRows(schemaName('jpn', service))).toHaveLength(expected.length);
  });

  it('applies only new migrations, and refuses a migration changed after it was applied', async () => {
    const service = uniqueService('billing');
    created.push(service);
    const dir = path.join(tmp, 'billing');
    await cp(defaultMigrationsDir('billing'), dir, { recursive: true });
    await migrateService({ service, migrationsDir: dir, shardMap: testShardMap, shards: SHARDS });

    await mkdir(path.join(dir, '29990101000000_more'));
    await writeFile(path.join(dir, '29990101000000_more', 'migration.sql'), 'ALTER TABLE "tax_rates" ADD COLUMN "note" TEXT;\n');
    const next = await migrateService({ service, migrationsDir: dir, shardMap: testShardMap, shards: SHARDS });
    expect(next.map((r) => r.applied)).toEqual(SHARDS.map(() => ['29990101000000_more']));

    await appendFile(path.join(dir, '29990101000000_more', 'migration.sql'), '-- edited\n');
    await expect(migrateService({ service, migrationsDir: dir, shardMap: testShardMap, shards: SHARDS })).rejects.toBeInstanceOf(MigrationChecksumError);
  });

  it('lets concurrent runs migrate the same schemas without colliding', async () => {
    const service = uniqueService('identity');
    created.push(service);
    const run = () => migrateService({ service, migrationsDir: defaultMigrationsDir('identity'), shardMap: testShardMap, shards: SHARDS, concurrency: 3 });
    const migrations = (await readdir(defaultMigrationsDir('identity'), { withFileTypes: true })).filter((d) => d.isDirectory()).length;
    expect(migrations).toBeGreaterThan(1);
    const results = await Promise.all([run(), run(), run()]);
    for (const [i, shard] of SHARDS.entries()) {
      // every migration was applied to each schema exactly once, whichever run got there first
      expect(results.reduce((n, r) => n + r[i].applied.length, 0)).toBe(migrations);
      expect(await migrationRows(schemaName(shard, service))).toHaveLength(migrations);
      expect(await tables(schemaName(shard, service))).toContain('temporary_registrations');
    }
  });

  it('migrateAll migrates several services over the shards', async () => {
    const a = uniqueService('licence');
    const b = uniqueService('usage-log');
    created.push(a, b);
    const results = await migrateAll(
      [{ service: a, migrationsDir: defaultMigrationsDir('licence') }, { service: b, migrationsDir: defaultMigrationsDir('usage-log') }],
      testShardMap, { shards: SHARDS });
    expect(results).toHaveLength(6);
    expect(await tables(schemaName('global', a))).toContain('products');
    expect(await tables(schemaName('tha', b))).toContain('operation_logs');
  });
});
