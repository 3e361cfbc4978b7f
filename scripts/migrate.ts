/**
 * Migrates every service's schemas in every shard, then installs the reference data (issue 24:
 * catalogue, plan master, tax and FX rates, mail templates, terms; scripts/reference-data.ts), and
 * the demo data only when asked for. Idempotent; safe to run on every deploy and from several
 * processes at once: migrations take an advisory lock per schema, the data steps insert only what
 * is missing. The Helm chart runs it as a pre-install/pre-upgrade hook Job; the container runs it
 * with the `migrate` argument.
 *
 *   DATABASE_URL=postgres://... [DATABASE_URL_<SHARD>=...] tsx scripts/migrate.ts [--demo | --no-seed]
 *
 * Env: DATABASE_URL (and DATABASE_URL_JPN, DATABASE_URL_GLOBAL, ... per shard), MIGRATE_CONCURRENCY
 * (schemas migrated at once, default 4), LOG_LEVEL, SEED:
 *   - `reference` (the default): reference data only, no account of any kind;
 *   - `demo`: reference data plus the demo accounts and clients (under NODE_ENV=production only
 *     with ALLOW_SANDBOX=true, a staging install);
 *   - `none` (or `false`): migrations only.
 */
import { migrateAll } from '@portal/service-common/db/migrate';
import { parseShardMap } from '@portal/service-common/db/shard-map';
import { configureLogger, createLogger } from '@portal/service-common/logger';
import { SERVICE_DEFINITIONS } from './lib/services.js';
import { repairContractItemNames } from './repair-contract-names.js';
import { seed } from './seed.js';
import { seedReferenceData } from './reference-data.js';

export type TSeedMode = 'reference' | 'demo' | 'none';

/** SEED (and the command line's --demo / --no-seed) as a mode; a typo stops the Job rather than seeding the wrong thing. */
export function seedMode(env: Readonly<Record<string, string | undefined>>, argv: readonly string[] = []): TSeedMode {
  if (argv.includes('--no-seed')) return 'none';
  if (argv.includes('--demo')) return 'demo';
  const value = (env.SEED ?? '').trim().toLowerCase();
  if (value === '' || value === 'reference') return 'reference';
  if (value === 'demo') return 'demo';
  if (value === 'none' || value === 'false') return 'none';
  throw new Error(`SEED: must be reference, demo or none (got ${JSON.stringify(env.SEED)})`);
}

export async function migrate(env: Readonly<Record<string, string | undefined>>, options: { seed?: TSeedMode } = {}): Promise<void> {
  const log = createLogger('migrate');
  const shardMap = parseShardMap(env);
  const concurrency = Number(env.MIGRATE_CONCURRENCY ?? 4);
  const started = Date.now();
  const results = await migrateAll(
    SERVICE_DEFINITIONS.map((s) => ({ service: s.name, migrationsDir: s.migrationsDir })),
    shardMap,
    { concurrency: Number.isInteger(concurrency) && concurrency > 0 ? concurrency : 4 },
  );
  log.info({ schemas: results.length, ms: Date.now() - started }, 'schemas migrated');
  // Issue 22: data that needs two shards (not a migration's work).
  const repaired = await repairContractItemNames(shardMap);
  if (repaired) log.info({ repaired }, 'contract item names repaired');
  const mode = options.seed ?? 'reference';
  // Demo accounts have published passwords: never in a production install (a staging one says ALLOW_SANDBOX=true).
  if (mode === 'demo' && env.NODE_ENV === 'production' && env.ALLOW_SANDBOX !== 'true') {
    throw new Error('SEED=demo: demo accounts (published passwords) are refused under NODE_ENV=production unless ALLOW_SANDBOX=true (staging)');
  }
  if (mode === 'reference') {
    const inserted = await seedReferenceData(shardMap);
    log.info({ inserted }, inserted ? 'reference data installed' : 'reference data already present');
  } else if (mode === 'demo') {
    const inserted = await seed(shardMap);
    log.info({ inserted }, inserted ? 'reference and demo data seeded' : 'reference and demo data already present');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const level = process.env.LOG_LEVEL ?? 'info';
  configureLogger({ level, service: 'migrate' });
  try {
    await migrate(process.env, { seed: seedMode(process.env, process.argv.slice(2)) });
    process.exit(0);
  } catch (error) {
    createLogger('migrate').fatal({ err: error }, 'migration failed');
    process.exit(1);
  }
}
