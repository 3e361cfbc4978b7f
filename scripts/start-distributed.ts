/**
 * `npm run start:distributed`: the gateway and the five services as six processes over NATS,
 * against the PostgreSQL given by DATABASE_URL (and DATABASE_URL_<SHARD> overrides). Migrates and
 * seeds once, then starts the processes and restarts one that dies (with back-off); Ctrl-C stops them all.
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
import { repairContractItemNames } from './repair-contract-names.js';

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

const { SMTP_SINK_PORT: _ignored, ...everything } = process.env;
// Each child gets its own NATS password only (credentials() below), not everyone's.
const inherited = Object.fromEntries(Object.entries(everything).filter(([key]) => !key.startsWith('NATS_PASSWORD_')));
const env: Record<string, string | undefined> = {
  ...inherited,
  TRANSPORT: 'nats',
  NATS_URL: config.NATS_URL,
  DATABASE_URL: config.DATABASE_URL,
  WEB_DIST: config.WEB_DIST,
};
const sinkPort = !config.SMTP_URL && config.NODE_ENV !== 'production' ? await freePort(config.SMTP_SINK_PORT) : undefined;
const serviceEnv = sinkPort === undefined ? env : { ...env, SMTP_URL: `smtp://127.0.0.1:${sinkPort}` };
const gatewayEnv = sinkPort === undefined ? env : { ...env, SMTP_SINK_PORT: String(sinkPort), DEV_MAILBOX: process.env.DEV_MAILBOX ?? 'on' };

const shardMap = parseShardMap(env);
await migrateAll(SERVICE_DEFINITIONS.map((s) => ({ service: s.name, migrationsDir: s.migrationsDir })), shardMap);
await repairContractItemNames(shardMap);
await seed(shardMap);

/**
 * Each process its own NATS user when NATS_PASSWORD_<NAME> is set (NATS_PASSWORD_GATEWAY,
 * NATS_PASSWORD_IDENTITY, ..., NATS_PASSWORD_USAGE_LOG): the user is the process's name, as in
 * deploy/nats-auth.conf. Without them the processes connect as NATS_URL says.
 */
const credentials = (name: string): Record<string, string> => {
  const password = process.env[`NATS_PASSWORD_${name.toUpperCase().replace(/-/g, '_')}`];
  return password ? { NATS_USER: name, NATS_PASSWORD: password } : {};
};

/**
 * A child that dies is started again, as Kubernetes would: after 1 s, doubling up to 30 s while it
 * keeps dying; a child that ran for a minute starts its next back-off from 1 s again. The others go
 * on (the gateway keeps the dev mailbox). Ctrl-C stops them all.
 */
interface Supervised { name: string; script: string; args: string[]; env: Record<string, string | undefined>; child?: ChildProcess; restarts: number; startedAt: number; timer?: NodeJS.Timeout }
const children: Supervised[] = [];
const RESTART_BASE_MS = 1_000;
const RESTART_MAX_MS = 30_000;
const STABLE_MS = 60_000;
let stopping = false;
let failed = false;

// `node --import tsx`, not the tsx CLI: the CLI is a second process that relays signals and
// reports its own exit code; this way each child gets SIGTERM itself and its code is its own.
const start = (s: Supervised) => {
  s.timer = undefined;
  if (stopping) return;
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', s.script), ...s.args], { cwd: ROOT, env: s.env, stdio: 'inherit' });
  s.child = child;
  s.startedAt = Date.now();
  process.stdout.write(`started ${s.name} (pid ${child.pid})\n`);
  child.on('exit', (code, signal) => {
    if (stopping) {
      if (code !== 0) {
        failed = true;
        process.stderr.write(`${s.name} exited (${code ?? signal}) while stopping\n`);
      }
      return;
    }
    if (Date.now() - s.startedAt > STABLE_MS) s.restarts = 0;
    const delay = Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** s.restarts);
    s.restarts++;
    process.stderr.write(`${s.name} exited (${code ?? signal}); restarting in ${delay} ms\n`);
    s.timer = setTimeout(() => start(s), delay);
  });
};
const launch = (name: string, script: string, args: string[], childEnv: Record<string, string | undefined>) => {
  const s: Supervised = { name, script, args, env: { ...childEnv, ...credentials(name) }, restarts: 0, startedAt: 0 };
  children.push(s);
  start(s);
};
// The gateway first: it holds the dev SMTP sink the services send to.
launch('gateway', 'run-gateway.ts', [], gatewayEnv);
for (const s of SERVICE_DEFINITIONS) launch(s.name, 'run-service.ts', [s.name], serviceEnv);
if (sinkPort !== undefined) process.stdout.write(`Dev SMTP sink on port ${sinkPort}; its mail is at /dev/mailbox on the gateway\n`);

async function stopAll(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((s) => new Promise<void>((resolve) => {
    if (s.timer) clearTimeout(s.timer);
    const c = s.child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill('SIGTERM');
  })));
  process.exit(failed ? Math.max(code, 1) : code);
}
process.on('SIGINT', () => void stopAll());
process.on('SIGTERM', () => void stopAll());
