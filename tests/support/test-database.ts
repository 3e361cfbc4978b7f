/**
 * Test databases cloned from a template. The template (every shard of every service migrated, the
 * demo data seeded) is built once per content hash of what decides its contents (the migrations,
 * the migration runner, the seed and the proto enums it uses) and kept on the test server, so a
 * run reuses it until one of those changes. Each test portal gets `CREATE DATABASE ... TEMPLATE`.
 *
 * The template takes no connections (ALLOW_CONNECTIONS false), so a clone never meets "source
 * database is being accessed by other users"; concurrent clones of one template are fine in
 * PostgreSQL (they share a lock on it). Building takes a session advisory lock named after the
 * template, so parallel runs (other worktrees on the same server) build it once.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { singleDatabaseShardMap } from '@portal/service-common/db/shard-map';
import { hashTree } from '../../scripts/lib/hash-tree.js';

/** The PostgreSQL server the tests use (scripts/test.sh provisions it). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Per-test databases and half-built templates start with this; the template with TEMPLATE_PREFIX. */
export const DATABASE_PREFIX = 'portal_t_';
const TEMPLATE_PREFIX = 'portal_tpl_';
/** A database of a crashed run is dropped after this long. */
const STALE_DATABASE_MS = 60 * 60_000;
/** A template of other inputs (another branch, older code) is dropped when unused this long. */
const STALE_TEMPLATE_MS = 24 * 60 * 60_000;
const TEMPLATE_INPUTS = [
  'services/identity/prisma/migrations', 'services/licence/prisma/migrations', 'services/billing/prisma/migrations',
  'services/notification/prisma/migrations', 'services/usage-log/prisma/migrations',
  'services/common/src/db/migrate.ts', 'services/common/src/db/shard-map.ts', 'scripts/seed.ts', 'scripts/lib/services.ts', 'proto/src',
  // Issue 10, slice A: the catalogue's seed.
  'scripts/seed-catalogue.ts',
  // issue 10: the seed's own files per slice
  'scripts/seed-plan-master.ts', 'scripts/seed-contracts.ts',
  // Issue 12, slice B: the demo notices and inquiry.
  'scripts/seed-notices.ts',
  // Issue 24: the reference data apart from the demo data (tax and FX rates, mail templates).
  'scripts/reference-data.ts', 'scripts/seed-tax-fx.ts', 'services/notification/src/mail/templates.ts',
];

/**
 * Issue 24: `demo` (the default: migrations, reference and demo data, what every test portal
 * starts from) or `reference` (migrations and reference data only: a production install).
 */
export type TemplateKind = 'demo' | 'reference';

export function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

const exists = async (admin: pg.Client, name: string) =>
  (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;

/** Runs `sql` against a database that may still be closing its last connections (55006). */
async function whenUnused(admin: pg.Client, name: string, sql: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(sql);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt === 50) throw err;
      // Only our own connections can be left (a pool closing): end them and try again.
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/**
 * The template for the current inputs, built if missing (under an advisory lock), marked used.
 * Returns its name. `log` hears what happened.
 */
export async function ensureTemplate(log: (line: string) => void = () => undefined, kind: TemplateKind = 'demo'): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${kind === 'reference' ? 'ref_' : ''}${(await hashTree(TEMPLATE_INPUTS)).slice(0, 16)}`;
  await withAdmin(async (admin) => {
    if (!(await exists(admin, name))) {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      try {
        if (!(await exists(admin, name))) await buildTemplate(admin, name, log, kind);
      } finally {
        await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      }
    } else {
      log(`test database template ${name} (reused)`);
    }
    await admin.query(`COMMENT ON DATABASE ${name} IS ${pg.escapeLiteral(`portal test template; last used ${new Date().toISOString()}`)}`);
  });
  return name;
}

async function buildTemplate(admin: pg.Client, name: string, log: (line: string) => void, kind: TemplateKind): Promise<void> {
  const started = Date.now();
  // Built under another name and renamed when complete: a template that exists is a whole one.
  const building = `${DATABASE_PREFIX}build_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${building}`);
  try {
    const [{ migrateAll }, { SERVICE_DEFINITIONS }, { seed }, { seedReferenceData }] = await Promise.all([
      import('@portal/service-common/db/migrate'), import('../../scripts/lib/services.js'), import('../../scripts/seed.js'), import('../../scripts/reference-data.js'),
    ]);
    const shardMap = singleDatabaseShardMap(databaseUrl(building));
    await migrateAll(SERVICE_DEFINITIONS.map((s) => ({ service: s.name, migrationsDir: s.migrationsDir })), shardMap, { concurrency: 8 });
    if (kind === 'reference') await seedReferenceData(shardMap);
    else await seed(shardMap);
    await whenUnused(admin, building, `ALTER DATABASE ${building} RENAME TO ${name}`);
  } catch (err) {
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`).catch(() => undefined);
    throw err;
  }
  await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  log(`test database template ${name} built (migrated, ${kind === 'reference' ? 'reference data' : 'seeded'}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A new database cloned from `template`; rebuilds the template if it has gone meanwhile. */
export async function cloneTemplate(template: string): Promise<string> {
  const name = `${DATABASE_PREFIX}${randomBytes(5).toString('hex')}`;
  await withAdmin(async (admin) => {
    try {
      await whenUnused(admin, template, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    } catch (err) {
      if ((err as { code?: string }).code !== '3D000') throw err; // template dropped by a cleanup elsewhere
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await ensureTemplate()}`);
    }
  });
  return name;
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/**
 * Drops what crashed runs left: per-test databases (and half-built templates) created more than an
 * hour ago, and templates of other inputs unused for a day. The creation time is that of the
 * database's PG_VERSION file (pg_stat_file needs a superuser, as the test server's postgres is);
 * without it nothing is dropped.
 */
export async function dropStaleDatabases(keep: string, log: (line: string) => void = () => undefined): Promise<void> {
  await withAdmin(async (admin) => {
    let rows: { datname: string; created: Date; comment: string | null }[];
    try {
      rows = (await admin.query<{ datname: string; created: Date; comment: string | null }>(
        `SELECT datname, (pg_stat_file('base/' || oid || '/PG_VERSION')).modification AS created, shobj_description(oid, 'pg_database') AS comment
           FROM pg_database WHERE datname LIKE 'portal\\_t\\_%' OR datname LIKE 'portal\\_tpl\\_%'`)).rows;
    } catch (err) {
      log(`stale test databases not checked: ${(err as Error).message}`);
      return;
    }
    const now = Date.now();
    const stale = rows.filter((r) => {
      if (r.datname === keep) return false;
      if (r.datname.startsWith(DATABASE_PREFIX)) return now - r.created.getTime() > STALE_DATABASE_MS;
      const used = Date.parse(/last used (\S+)/.exec(r.comment ?? '')?.[1] ?? '') || r.created.getTime();
      return now - used > STALE_TEMPLATE_MS;
    });
    for (const { datname } of stale) {
      if (datname.startsWith(TEMPLATE_PREFIX)) await admin.query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`);
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    if (stale.length) log(`dropped ${stale.length} test database(s) left by earlier runs`);
  });
}
