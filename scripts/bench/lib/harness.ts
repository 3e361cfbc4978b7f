/**
 * Shared pieces of the benchmark scenarios (scripts/bench/<name>.ts): child processes, a free
 * port, waiting for a URL, and one autocannon measurement (warm-up, then measure).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from '../../lib/root.js';
import { REGIONS } from '@portal/proto';

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  pipelining: number;
}

/**
 * Environment every bench process runs with: production mode (no reply check, the production
 * code paths) with a principal secret of its own (production refuses to start without one).
 */
export const BENCH_ENV = {
  NODE_ENV: 'production',
  PRINCIPAL_SECRET: 'bench-only-principal-secret-0123456789abcdef',
  // Issue 13: usage-log refuses to start in production without the product-key encryption key.
  PRODUCT_KEY_SECRET: 'be7c400000000000000000000000000000000000000000000000000000000000',
  // Issue 24: production refuses sandboxes and missing public URLs; the bench runs as a staging
  // install (its sandboxes chosen explicitly), with a public URL per region of the default host map.
  ALLOW_SANDBOX: 'true',
  PUBLIC_URL: 'https://portal.example.jp',
  PUBLIC_URLS: JSON.stringify(Object.fromEntries(REGIONS.map((r) => [r, `https://${r}.portal.example.test`]))),
} as const;

export const DEFAULT_LOAD: LoadOptions = { connections: 50, warmupSeconds: 3, durationSeconds: 10, pipelining: 1 };

export interface ScenarioResult {
  scenario: string;
  url: string;
  /** Mean requests per second over the measured window. */
  reqPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMeanMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationSeconds: number;
  connections: number;
  pipelining: number;
  /** Further figures a scenario reports (printed under the table). */
  extra?: Record<string, number | string>;
}

/** A request autocannon repeats: method, body and headers besides the URL. */
export interface RequestSpec { method?: 'GET' | 'POST' | 'PUT'; body?: string; headers?: Record<string, string> }

export interface Scenario {
  name: string;
  description: string;
  run(load: LoadOptions): Promise<ScenarioResult>;
}

/** The entry of tsx, to start a TypeScript script as its own process. */
export const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

const children = new Set<ChildProcess>();

/**
 * Starts `script` (relative to the repo root) with tsx in its own process; stderr is passed through.
 * BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") runs it as `node <args> --import tsx`
 * instead, so that the flags reach the process that does the work (profiling).
 */
export function spawnScript(script: string, args: string[], env: Record<string, string | undefined>, label: string): ChildProcess {
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean);
  const argv = nodeArgs?.length ? [...nodeArgs, '--import', 'tsx', join(ROOT, script), ...args] : [TSX, join(ROOT, script), ...args];
  const child = spawn(process.execPath, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk: Buffer) => chunk.toString().split('\n').filter(Boolean).map((l) => `[${label}] ${l}\n`).join('');
  child.stdout?.on('data', (c: Buffer) => { if (process.env.BENCH_VERBOSE) process.stderr.write(prefix(c)); });
  child.stderr?.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => { clearTimeout(timer); resolve(); });
    child.kill('SIGTERM');
  });
}

/** Stops every child still running (the bench's exit path). */
export async function stopAllChildren(): Promise<void> {
  await Promise.all([...children].map((c) => stopChild(c)));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers `status` (or the time runs out, or `child` dies). */
export async function waitForStatus(url: string, status: number, options: { timeoutMs?: number; child?: ChildProcess[] } = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let last = 'no answer';
  while (Date.now() < deadline) {
    const dead = options.child?.find((c) => c.exitCode !== null || c.signalCode !== null);
    if (dead) throw new Error(`a child process exited (${dead.exitCode ?? dead.signalCode}) before ${url} answered ${status}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === status) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer ${status} in time (last: ${last})`);
}

function cannon(url: string, load: LoadOptions, seconds: number, spec: RequestSpec = {}): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: load.connections, pipelining: load.pipelining, duration: seconds, ...spec }, (err, result) => {
      if (err) reject(err);
      else resolve(result);
    });
  });
}

/** Warm-up (discarded), then the measured run. */
export async function measure(scenario: string, url: string, load: LoadOptions, spec: RequestSpec = {}, hooks: { beforeMeasure?: () => void | Promise<void> } = {}): Promise<ScenarioResult> {
  if (load.warmupSeconds > 0) await cannon(url, load, load.warmupSeconds, spec);
  await hooks.beforeMeasure?.();
  const r = await cannon(url, load, load.durationSeconds, spec);
  return {
    scenario,
    url,
    reqPerSec: Math.round(r.requests.average),
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    latencyMeanMs: Math.round(r.latency.average * 100) / 100,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    durationSeconds: r.duration,
    connections: r.connections,
    pipelining: r.pipelining,
  };
}

/** Latencies of requests sent at a fixed rate (an open model: a slow answer does not slow the sender). */
export async function fixedRate(send: () => Promise<number>, perSecond: number, seconds: number): Promise<{ p50: number; p95: number; p99: number; ok: number; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < perSecond * seconds; i++) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push((async () => {
      const t0 = performance.now();
      try {
        const status = await send();
        if (status >= 200 && status < 300) latencies.push(performance.now() - t0);
        else failed++;
      } catch {
        failed++;
      }
    })());
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), ok: latencies.length, failed };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** The node process doing the work: spawnScript starts tsx's CLI, which runs the script in a child. */
function workerPid(pid: number): number {
  try {
    const child = Number(execFileSync('pgrep', ['-P', String(pid)]).toString().trim().split('\n')[0]);
    return child || pid;
  } catch {
    return pid;
  }
}

/** The local nats-server's pid, if one runs on this machine. */
export function natsServerPid(): number | undefined {
  try {
    return Number(execFileSync('pgrep', ['-x', 'nats-server']).toString().trim().split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

/** What CpuMeter needs of a bench database to count its server processes. */
export function benchDatabase(db: { url: string; query<T extends Record<string, unknown>>(sql: string, values?: unknown[]): Promise<T[]> }): { name: string; query: (sql: string, values?: unknown[]) => Promise<{ pid: number }[]> } {
  return { name: new URL(db.url).pathname.slice(1), query: (sql, values) => db.query<{ pid: number }>(sql, values) };
}

/**
 * CPU time each process (and this one, the load generator) spends per request over a measured
 * window: where the cost of a request goes when several processes share the machine's cores.
 * `database` (a bench database's URL) adds `postgres`: the server processes serving that database
 * (its backends as of start(); a backend that connects later is not counted).
 */
export class CpuMeter {
  private readonly pids: Record<string, number>;
  private before: Record<string, number> = {};
  private selfBefore = 0;
  private backends: number[] = [];
  private backendsBefore = new Map<number, number>();

  constructor(pids: Record<string, number | undefined>, private readonly database?: { name: string; query: (sql: string, values?: unknown[]) => Promise<{ pid: number }[]> }) {
    this.pids = Object.fromEntries(Object.entries(pids).flatMap(([k, p]) => (p ? [[k, k === 'nats-server' ? p : workerPid(p)]] : [])));
  }

  async start(): Promise<void> {
    if (this.database) {
      this.backends = (await this.database.query('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [this.database.name])).map((r) => r.pid);
      this.backendsBefore = new Map(this.backends.map((p) => [p, cpuSeconds(p) ?? Number.NaN]));
    }
    this.before = Object.fromEntries(Object.entries(this.pids).map(([k, p]) => [k, cpuSeconds(p) ?? Number.NaN]));
    const u = process.cpuUsage();
    this.selfBefore = (u.user + u.system) / 1e6;
  }

  /** Microseconds of CPU per request, by process (`load-generator` is autocannon in this process). */
  microsecondsPer(requests: number): Record<string, number> {
    const out: Record<string, number> = {};
    const per = (used: number) => Math.round((used / Math.max(1, requests)) * 1e7) / 10;
    for (const [k, p] of Object.entries(this.pids)) {
      const used = (cpuSeconds(p) ?? Number.NaN) - this.before[k]!;
      if (Number.isFinite(used)) out[k] = per(used);
    }
    if (this.backends.length) {
      // A backend that ended during the window counts what it used up to its last reading: none.
      const used = this.backends.reduce((sum, p) => sum + Math.max(0, ((cpuSeconds(p) ?? Number.NaN) - this.backendsBefore.get(p)!) || 0), 0);
      out[`postgres (${this.backends.length} backends)`] = per(used);
    }
    const u = process.cpuUsage();
    out['load-generator'] = per((u.user + u.system) / 1e6 - this.selfBefore);
    return out;
  }
}
