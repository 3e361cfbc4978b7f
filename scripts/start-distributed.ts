/**
 * `npm run start:distributed`: the gateway and the five services as six processes over NATS,
 * against the PostgreSQL given by DATABASE_URL (and DATABASE_URL_<SHARD> overrides). Migrates and
 * seeds once, then starts the processes; Ctrl-C stops them all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { migrateAll } from '@portal/service-common/db/migrate';
import { parseShardMap } from '@portal/service-common/db/shard-map';
import { ROOT } from './lib/root.js';
import { SERVICE_DEFINITIONS } from './lib/services.js';
import { seed } from './seed.js';

const env = {
  ...process.env,
  TRANSPORT: 'nats',
  NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal',
  WEB_DIST: process.env.WEB_DIST ?? join(ROOT, 'web', 'dist'),
};
const shardMap = parseShardMap(env);
await migrateAll(SERVICE_DEFINITIONS.map((s) => ({ service: s.name, migrationsDir: s.migrationsDir })), shardMap);
await seed(shardMap);

const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const children: ChildProcess[] = [];
const launch = (script: string, args: string[] = []) => {
  const child = spawn(process.execPath, [tsx, join(ROOT, 'scripts', script), ...args], { env, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`${script} ${args.join(' ')} exited (${code ?? signal}); stopping all\n`);
      void stopAll(1);
    }
  });
  children.push(child);
};
for (const s of SERVICE_DEFINITIONS) launch('run-service.ts', [s.name]);
launch('run-gateway.ts');

let stopping = false;
async function stopAll(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((c) => new Promise<void>((resolve) => {
    if (c.exitCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill('SIGTERM');
  })));
  process.exit(code);
}
process.on('SIGINT', () => void stopAll());
process.on('SIGTERM', () => void stopAll());
