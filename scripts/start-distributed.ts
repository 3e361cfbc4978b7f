/**
 * `npm run start:distributed`: the gateway and the five services as six processes over NATS,
 * against the PostgreSQL given by DATABASE_URL (and DATABASE_URL_<SHARD> overrides). Migrates and
 * seeds once, then starts the processes; Ctrl-C stops them all.
 *
 * Outside production, without SMTP_URL, the gateway process runs the dev SMTP sink (on
 * SMTP_SINK_PORT, another free port if that one is taken) with /dev/mailbox, and the services
 * send their mail to it, as in all-in-one mode.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import { loadConfig } from '@portal/service-common/config';
import { migrateAll } from '@portal/service-common/db/migrate';
import { parseShardMap } from '@portal/service-common/db/shard-map';
import { ROOT } from './lib/root.js';
import { SERVICE_DEFINITIONS } from './lib/services.js';
import { seed } from './seed.js';

const ZDistributedConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/portal'),
  WEB_DIST: z.string().default(join(ROOT, 'web', 'dist')),
  /** Set to send mail to a real SMTP server instead of the dev sink. */
  SMTP_URL: z.string().optional(),
  SMTP_SINK_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
});
const config = loadConfig(ZDistributedConfig, process.env);

/** `preferred` if it is free on 127.0.0.1, else a free port the system picks. */
async function freePort(preferred: number): Promise<number> {
  const attempt = (port: number) => new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
  return attempt(preferred).catch(() => attempt(0));
}

const { SMTP_SINK_PORT: _ignored, ...inherited } = process.env;
const env: Record<string, string | undefined> = {
  ...inherited,
  TRANSPORT: 'nats',
  NATS_URL: config.NATS_URL,
  DATABASE_URL: config.DATABASE_URL,
  WEB_DIST: config.WEB_DIST,
};
const sinkPort = !config.SMTP_URL && config.NODE_ENV !== 'production' ? await freePort(config.SMTP_SINK_PORT) : undefined;
const serviceEnv = sinkPort === undefined ? env : { ...env, SMTP_URL: `smtp://127.0.0.1:${sinkPort}` };
const gatewayEnv = sinkPort === undefined ? env : { ...env, SMTP_SINK_PORT: String(sinkPort) };

const shardMap = parseShardMap(env);
await migrateAll(SERVICE_DEFINITIONS.map((s) => ({ service: s.name, migrationsDir: s.migrationsDir })), shardMap);
await seed(shardMap);

const children: ChildProcess[] = [];
let failed = false;
// `node --import tsx`, not the tsx CLI: the CLI is a second process that relays signals and
// reports its own exit code; this way each child gets SIGTERM itself and its code is its own.
const launch = (script: string, args: string[], childEnv: Record<string, string | undefined>) => {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', script), ...args], { cwd: ROOT, env: childEnv, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (code !== 0) {
      failed = true;
      if (stopping) process.stderr.write(`${script} ${args.join(' ')} exited (${code ?? signal}) while stopping\n`);
    }
    if (!stopping) {
      process.stderr.write(`${script} ${args.join(' ')} exited (${code ?? signal}); stopping all\n`);
      void stopAll(1);
    }
  });
  children.push(child);
};
// The gateway first: it holds the dev SMTP sink the services send to.
launch('run-gateway.ts', [], gatewayEnv);
for (const s of SERVICE_DEFINITIONS) launch('run-service.ts', [s.name], serviceEnv);
if (sinkPort !== undefined) process.stdout.write(`Dev SMTP sink on port ${sinkPort}; its mail is at /dev/mailbox on the gateway\n`);

let stopping = false;
async function stopAll(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((c) => new Promise<void>((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill('SIGTERM');
  })));
  process.exit(failed ? Math.max(code, 1) : code);
}
process.on('SIGINT', () => void stopAll());
process.on('SIGTERM', () => void stopAll());
