import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SHARDS, type TShard } from '@portal/proto';
import { createLogger } from '../logger.js';
import { schemaName, type ShardMap } from './shard-map.js';

/**
 * Applies a service's Prisma migrations (prisma/migrations/<name>/migration.sql, in name order) to
 * the service's schema in every shard, with `pg` directly (fast, offline, no schema engine).
 *
 * Per schema, everything happens in one transaction that first takes a transaction-scoped advisory
 * lock on the schema name, so any number of processes may migrate at once: the first applies, the
 * others wait and then find nothing to do. Applied migrations are recorded in the schema's
 * `_prisma_migrations` table with Prisma's own columns and checksum (sha256 hex of the file), so
 * `prisma migrate status` / `migrate deploy` agree with it. A migration whose file changed after it
 * was applied is refused (MigrationChecksumError), as is a schema with a failed Prisma migration.
 *
 * Limitation: migration SQL runs inside a transaction (no CREATE INDEX CONCURRENTLY), and must not
 * name a schema: search_path is set to the shard's schema.
 */

const log = createLogger('Migrate');
const LOCK_NAMESPACE = 'portal-migrate';

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrateServiceOptions {
  service: string;
  migrationsDir: string;
  shardMap: ShardMap;
  shards?: readonly TShard[];
  /** Schemas migrated at the same time (one connection each). Default 4. */
  concurrency?: number;
}

export interface SchemaMigrateResult {
  service: string;
  shard: TShard;
  schema: string;
  applied: string[];
}

export class MigrationChecksumError extends Error {
  constructor(readonly schema: string, readonly migrationName: string) {
    super(`Migration ${migrationName} was modified after it was applied to schema ${schema} (checksum mismatch)`);
    this.name = 'MigrationChecksumError';
  }
}

export class FailedMigrationError extends Error {
  constructor(readonly schema: string, readonly migrationName: string) {
    super(`Migration ${migrationName} failed earlier in schema ${schema}; resolve it (prisma migrate resolve) first`);
    this.name = 'FailedMigrationError';
  }
}

export function migrationChecksum(sql: string | Buffer): string {
  return createHash('sha256').update(sql).digest('hex');
}

/** Reads `<dir>/<name>/migration.sql` for every sub-folder, sorted by name. */
export async function readMigrations(migrationsDir: string): Promise<Migration[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const out: Migration[] = [];
  for (const name of names) {
    const buf = await readFile(path.join(migrationsDir, name, 'migration.sql')).catch(() => undefined);
    if (buf) out.push({ name, sql: buf.toString('utf8'), checksum: migrationChecksum(buf) });
  }
  return out;
}

const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

/** Prisma's migrations table, exactly as the schema engine creates it. */
const CREATE_MIGRATIONS_TABLE = (schema: string) => `CREATE TABLE IF NOT EXISTS ${q(schema)}."_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/** Migrates one schema over one connection. Returns the names of the migrations it applied. */
export async function migrateSchema(client: pg.ClientBase, schema: string, migrations: readonly Migration[]): Promise<string[]> {
  const applied: string[] = [];
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [LOCK_NAMESPACE, schema]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${q(schema)}`);
    await client.query(CREATE_MIGRATIONS_TABLE(schema));
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM ${q(schema)}."_prisma_migrations" ORDER BY started_at`,
    );
    const done = new Map<string, string>();
    for (const r of rows) {
      if (r.rolled_back_at) continue;
      if (!r.finished_at) throw new FailedMigrationError(schema, r.migration_name);
      done.set(r.migration_name, r.checksum);
    }
    for (const m of migrations) {
      const checksum = done.get(m.name);
      if (checksum !== undefined) {
        if (checksum !== m.checksum) throw new MigrationChecksumError(schema, m.name);
        continue;
      }
      const started = new Date();
      await client.query(`SELECT set_config('search_path', $1, true)`, [q(schema)]);
      await client.query(m.sql);
      await client.query(
        `INSERT INTO ${q(schema)}."_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
         VALUES ($1, $2, now(), $3, NULL, NULL, $4, 1)`,
        [randomUUID(), m.checksum, m.name, started],
      );
      applied.push(m.name);
    }
    const known = new Set(migrations.map((m) => m.name));
    const unknown = [...done.keys()].filter((n) => !known.has(n));
    if (unknown.length) log.warn({ schema, unknown }, 'schema has migrations that are not in the migrations folder');
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
  return applied;
}

interface Task {
  service: string;
  shard: TShard;
  url: string;
  schema: string;
  migrations: readonly Migration[];
}

async function runTasks(tasks: readonly Task[], concurrency: number): Promise<SchemaMigrateResult[]> {
  const pools = new Map<string, pg.Pool>();
  const poolFor = (url: string) => {
    let p = pools.get(url);
    if (!p) {
      p = new pg.Pool({ connectionString: url, max: concurrency });
      p.on('error', (err) => log.warn({ err }, 'idle migration connection failed'));
      pools.set(url, p);
    }
    return p;
  };
  const results: SchemaMigrateResult[] = new Array(tasks.length);
  const queue = tasks.map((t, i) => ({ ...t, i }));
  let failure: unknown;
  const worker = async () => {
    for (let t = queue.shift(); t && !failure; t = queue.shift()) {
      const client = await poolFor(t.url).connect();
      try {
        const applied = await migrateSchema(client, t.schema, t.migrations);
        if (applied.length) log.debug({ schema: t.schema, applied }, 'migrations applied');
        results[t.i] = { service: t.service, shard: t.shard, schema: t.schema, applied };
      } catch (err) {
        failure ??= err;
      } finally {
        client.release();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, tasks.length)) }, worker));
  } finally {
    await Promise.all([...pools.values()].map((p) => p.end()));
  }
  if (failure) throw failure;
  const changed = results.filter((r) => r.applied.length > 0);
  if (changed.length) {
    log.info({ schemas: changed.length, migrations: changed.reduce((n, r) => n + r.applied.length, 0) }, 'migrations applied');
  }
  return results;
}

function tasksFor(service: string, migrations: readonly Migration[], shardMap: ShardMap, shards: readonly TShard[]): Task[] {
  return shards.map((shard) => ({ service, shard, url: shardMap[shard], schema: schemaName(shard, service), migrations }));
}

/** Applies one service's migrations to its schema in every shard (or `shards`). */
export async function migrateService(options: MigrateServiceOptions): Promise<SchemaMigrateResult[]> {
  const migrations = await readMigrations(options.migrationsDir);
  return runTasks(tasksFor(options.service, migrations, options.shardMap, options.shards ?? SHARDS), options.concurrency ?? 4);
}

const SERVICES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** A service's migrations folder in this repository: services/<service>/prisma/migrations. */
export function defaultMigrationsDir(service: string): string {
  return path.join(SERVICES_DIR, service, 'prisma', 'migrations');
}

export type ServiceMigrations = string | { service: string; migrationsDir: string };

/** Migrates several services (a name means its folder in this repository) over all shards at once. */
export async function migrateAll(
  services: readonly ServiceMigrations[],
  shardMap: ShardMap,
  options: { shards?: readonly TShard[]; concurrency?: number } = {},
): Promise<SchemaMigrateResult[]> {
  const tasks: Task[] = [];
  for (const s of services) {
    const { service, migrationsDir } = typeof s === 'string' ? { service: s, migrationsDir: defaultMigrationsDir(s) } : s;
    tasks.push(...tasksFor(service, await readMigrations(migrationsDir), shardMap, options.shards ?? SHARDS));
  }
  return runTasks(tasks, options.concurrency ?? 4);
}
