/**
 * Migrates every service's schemas in every shard, then seeds the demo/master data (idempotent;
 * safe to run on every deploy and from several processes at once: migrations take an advisory
 * lock per schema, the seed inserts only what is missing). The Helm chart runs it as a
 * pre-install/pre-upgrade hook Job; the container runs it with the `migrate` argument.
 *
 *   DATABASE_URL=postgres://... [DATABASE_URL_<SHARD>=...] tsx scripts/migrate.ts [--no-seed]
 *
 * Env: DATABASE_URL (and DATABASE_URL_JPN, DATABASE_URL_GLOBAL, ... per shard), MIGRATE_CONCURRENCY
 * (schemas migrated at once, default 4), SEED=false to skip the seed, LOG_LEVEL.
 */
import { migrateAll } from '@portal/service-common/db/migrate';
import { parseShardMap } from '@portal/service-common/db/shard-map';
import { configureLogger, createLogger } from '@portal/service-common/logger';
import { SERVICE_DEFINITIONS } from './lib/services.js';
import { repairContractItemNames } from './repair-contract-names.js';
import { seed } from './seed.js';

export async function migrate(env: Readonly<Record<string, string | undefined>>, options: { seed?: boolean } = {}): Promise<void> {
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
  if (options.seed !== false) {
    const inserted = await seed(shardMap);
    log.info({ inserted }, inserted ? 'demo data seeded' : 'demo data already present');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const level = process.env.LOG_LEVEL ?? 'info';
  configureLogger({ level, service: 'migrate' });
  try {
    await migrate(process.env, { seed: !process.argv.includes('--no-seed') && process.env.SEED !== 'false' });
    process.exit(0);
  } catch (error) {
    createLogger('migrate').fatal({ err: error }, 'migration failed');
    process.exit(1);
  }
}
