/**
 * `npm run bench`: every benchmark scenario in turn, then the ratios between them, as a table and
 * as bench-results.json at the repository root.
 *
 *   npm run bench                           all scenarios
 *   npm run bench -- maintenance-status     one (or several) by name
 *   npm run bench -- --list                 the scenario names
 *
 * Load (env): BENCH_CONNECTIONS (50), BENCH_WARMUP (3 s), BENCH_DURATION (10 s), BENCH_PIPELINING (1).
 * operation-log: BENCH_LOG_ENTRIES (1,000,000 entries seeded), BENCH_LOG_RATE (20 pages/s measured).
 * The goals of issue 9 (GOALS below) are printed from the figures of the same run.
 * A scenario is a file scripts/bench/<name>.ts exporting a Scenario; add it to SCENARIOS below,
 * and a ratio to RATIOS when it is compared with another.
 */
import { writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { configureLogger } from '@portal/service-common/logger';
import { ROOT } from './lib/root.js';
import { DEFAULT_LOAD, stopAllChildren, type LoadOptions, type Scenario, type ScenarioResult } from './bench/lib/harness.js';
import { fastifyHello } from './bench/fastify-hello.js';
import { maintenanceStatus, maintenanceStatusUncoalesced } from './bench/maintenance-status.js';
import { login } from './bench/login.js';
import { csvInvite, userList } from './bench/accounts.js';
import { operationLog } from './bench/operation-log.js';
// Issue 11, slice C2: the monthly billing run for 10,000 clients and the invoice list.
import { billingRun } from './bench/billing-run.js';
// Issue 13, slice A: usage events into rollups, and the 1-year series from rollups vs raw events.
import { usageIngest } from './bench/usage-ingest.js';
import { usageQuery } from './bench/usage-query.js';
// Issue 15: the calls of the k6 journeys (deploy/k6), for comparison with k6 figures.
import { journeys } from './bench/journeys.js';
// The two slow calls of the journeys (billing list, plan-change preview) with CPU per request.
import { billingPreview } from './bench/billing-preview.js';

// Start-up times (moved here from the tests that asserted them: goals belong in the bench).
import { startUp } from './bench/start-up.js';

export const SCENARIOS: readonly Scenario[] = [fastifyHello, maintenanceStatus, maintenanceStatusUncoalesced, login, userList, csvInvite, operationLog, billingRun, usageIngest, usageQuery, journeys, billingPreview, startUp];

/** numerator req/s ÷ denominator req/s, with the goal it should reach. */
export const RATIOS: readonly { name: string; numerator: string; denominator: string; goal: number }[] = [
  { name: 'maintenance-status / fastify-hello', numerator: 'maintenance-status', denominator: 'fastify-hello', goal: 0.5 },
  // No goal of its own: one NATS round trip per HTTP request, for comparison with the line above.
  { name: 'maintenance-status-1to1 / fastify-hello', numerator: 'maintenance-status-1to1', denominator: 'fastify-hello', goal: 0 },
];

/**
 * The goals of issue 9 §6 and §7, each computed from figures of this run only and printed next to
 * its goal. A goal whose scenarios did not run is left out.
 */
export interface GoalResult { name: string; value: number; unit: string; goal: string; met: boolean; detail: string }
type Results = ReadonlyMap<string, ScenarioResult>;
const extraNum = (r: ScenarioResult | undefined, key: string) => Number(r?.extra?.[key]);
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
/** The gateway's CPU per non-coalesced call before issue 9 (issue 9 §7). */
export const GATEWAY_US_BEFORE = 214;

export const GOALS: readonly ((r: Results) => GoalResult | undefined)[] = [
  (r) => {
    const list = r.get('user-list');
    const hello = r.get('fastify-hello');
    if (!list || !hello?.reqPerSec) return undefined;
    const value = round(list.reqPerSec / hello.reqPerSec, 3);
    // The ceiling any routed call has in this run: a call that does nothing but cross the gateway
    // and one NATS round trip to a service (no session, no database), over the same baseline.
    const hop = r.get('maintenance-status-1to1');
    const ceiling = hop?.reqPerSec ? `; a no-op call over one NATS hop: ${hop.reqPerSec} req/s, ${round(hop.reqPerSec / hello.reqPerSec, 3)}` : '';
    return {
      name: 'user-list / fastify-hello', value, unit: '', goal: '>= 0.10 with p99 <= 50 ms', met: value >= 0.1 && list.latencyP99Ms <= 50,
      detail: `${list.reqPerSec} / ${hello.reqPerSec} req/s, user-list p99 ${list.latencyP99Ms} ms${ceiling}`,
    };
  },
  (r) => {
    const login = r.get('login');
    const hashMs = extraNum(login, 'argon2id hash (ms, one thread)');
    if (!login || !(hashMs > 0)) return undefined;
    const cores = cpus().length;
    const bound = cores / (hashMs / 1000);
    const meanMs = extraNum(login, 'argon2id hash, mean of 20 (ms)');
    const parallel = extraNum(login, 'argon2id hashes/s, one per core at once');
    const value = round(login.reqPerSec / bound, 3);
    return {
      name: 'logins/s / (cores / argon2id hash time)', value, unit: '', goal: '>= 0.7', met: value >= 0.7,
      detail: `${login.reqPerSec} logins/s against ${round(bound, 1)}/s (${cores} cores, ${hashMs} ms a hash, the fastest of 20; `
        + `against the mean hash, ${meanMs} ms: ${round(login.reqPerSec / (cores / (meanMs / 1000)), 3)}`
        + (parallel > 0 ? `; against hashing alone with one hash per core at once, ${parallel}/s: ${round(login.reqPerSec / parallel, 3)})` : ')'),
    };
  },
  (r) => {
    const call = r.get('maintenance-status-1to1');
    const value = extraNum(call, 'cpu_us_per_request_gateway');
    if (!call || !Number.isFinite(value)) return undefined;
    const fastify = extraNum(r.get('fastify-hello'), 'cpu_us_per_request_server');
    return {
      name: 'gateway CPU per non-coalesced call', value, unit: ' µs', goal: `<= ${GATEWAY_US_BEFORE / 2} µs (half of ${GATEWAY_US_BEFORE})`, met: value <= GATEWAY_US_BEFORE / 2,
      detail: `Fastify alone ${Number.isFinite(fastify) ? `${fastify} µs` : 'not measured (run fastify-hello)'}`,
    };
  },
  (r) => {
    const log = r.get('operation-log');
    const value = extraNum(log, 'p95_ms');
    if (!log || !Number.isFinite(value)) return undefined;
    return {
      name: 'operation-log page p95', value, unit: ' ms', goal: '<= 50 ms', met: value <= 50,
      detail: `${Number(log.extra?.['entries in the company log']).toLocaleString('en-US')} entries of one company`,
    };
  },
  // Issue 13, slice A
  (r) => {
    const ingest = r.get('usage-ingest');
    const value = extraNum(ingest, 'events/s into rollups');
    if (!ingest || !Number.isFinite(value)) return undefined;
    return { name: 'usage events into rollups', value, unit: ' events/s', goal: '>= 20,000/s', met: value >= 20_000, detail: `${ingest.extra?.['events applied']} events in batches of 1,000 over JetStream` };
  },
  (r) => {
    const query = r.get('usage-query');
    const value = extraNum(query, 'rollup series p95 (ms)');
    if (!query || !Number.isFinite(value)) return undefined;
    return {
      name: 'usage 1-year daily series p95', value, unit: ' ms', goal: '<= 20 ms', met: value <= 20,
      detail: `${Number(query.extra?.['events of the client']).toLocaleString('en-US')} events; the raw-events query ${query.extra?.['raw-events series p50 (ms)']} ms (x${query.extra?.['raw / rollup (p50)']})`,
    };
  },
  // Start-up times (all-in-one mode, issue 9): from spawn to ready, on an otherwise idle machine.
  ...([
    ['embedded PostgreSQL warm start', 'embedded PostgreSQL warm start (ms)', 10_000],
    ['all-in-one first start (initdb, migrations, seed)', 'all-in-one first start (ms)', 15_000],
    ['all-in-one restart', 'all-in-one restart (ms)', 10_000],
  ] as const).map(([name, key, goalMs]) => (r: Results): GoalResult | undefined => {
    const value = extraNum(r.get('start-up'), key);
    if (!Number.isFinite(value)) return undefined;
    return { name, value, unit: ' ms', goal: `<= ${goalMs / 1000} s`, met: value <= goalMs, detail: 'spawn to ready' };
  }),
];

const num = (key: string, fallback: number) => {
  const v = Number(process.env[key]);
  return Number.isFinite(v) && v >= 0 && process.env[key] !== '' && process.env[key] !== undefined ? v : fallback;
};

async function main(): Promise<void> {
  configureLogger({ level: process.env.LOG_LEVEL ?? 'warn', service: 'bench' });
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.includes('--list')) {
    for (const s of SCENARIOS) process.stdout.write(`${s.name.padEnd(22)} ${s.description}\n`);
    return;
  }
  const unknown = args.filter((a) => !SCENARIOS.some((s) => s.name === a));
  if (unknown.length) throw new Error(`Unknown scenario(s) ${unknown.join(', ')}; one of ${SCENARIOS.map((s) => s.name).join(', ')}`);
  const selected = args.length ? SCENARIOS.filter((s) => args.includes(s.name)) : SCENARIOS;
  const load: LoadOptions = {
    connections: num('BENCH_CONNECTIONS', DEFAULT_LOAD.connections),
    warmupSeconds: num('BENCH_WARMUP', DEFAULT_LOAD.warmupSeconds),
    durationSeconds: num('BENCH_DURATION', DEFAULT_LOAD.durationSeconds),
    pipelining: num('BENCH_PIPELINING', DEFAULT_LOAD.pipelining),
  };

  const results: ScenarioResult[] = [];
  for (const scenario of selected) {
    process.stderr.write(`» ${scenario.name}: ${scenario.description} (warm-up ${load.warmupSeconds} s, measure ${load.durationSeconds} s, ${load.connections} connections)\n`);
    results.push(await scenario.run(load));
  }

  const ratios = RATIOS.flatMap((r) => {
    const a = results.find((x) => x.scenario === r.numerator);
    const b = results.find((x) => x.scenario === r.denominator);
    if (!a || !b || !b.reqPerSec) return [];
    const value = Math.round((a.reqPerSec / b.reqPerSec) * 1000) / 1000;
    return [{ ...r, value, met: value >= r.goal }];
  });

  const rows = [
    ['scenario', 'req/s (mean)', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'],
    ...results.map((r) => [r.scenario, String(r.reqPerSec), String(r.latencyP50Ms), String(r.latencyP99Ms), String(r.requests), String(r.non2xx), String(r.errors + r.timeouts)]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  process.stdout.write(`\n${line(rows[0]!)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.slice(1).map(line).join('\n')}\n`);
  for (const r of results) {
    for (const [k, v] of Object.entries(r.extra ?? {})) process.stdout.write(`${r.scenario}: ${k}: ${v}\n`);
  }
  for (const r of ratios) process.stdout.write(`\nratio ${r.name}: ${r.value.toFixed(3)}${r.goal ? ` (goal >= ${r.goal}: ${r.met ? 'met' : 'NOT met'})` : ''}\n`);
  const byName = new Map(results.map((r) => [r.scenario, r]));
  const goals = GOALS.flatMap((g) => g(byName) ?? []);
  if (goals.length) process.stdout.write('\ngoals (issue 9), from this run:\n');
  for (const g of goals) process.stdout.write(`  ${g.name}: ${g.value}${g.unit}  goal ${g.goal}: ${g.met ? 'met' : 'NOT met'}  (${g.detail})\n`);

  const report = {
    at: new Date().toISOString(),
    machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model },
    load,
    results,
    ratios,
    goals,
  };
  const file = join(ROOT, 'bench-results.json');
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`\nwritten ${file}\n`);
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    void stopAllChildren().then(() => process.exit(130));
  });
}
try {
  await main();
} catch (error) {
  process.stderr.write(`bench failed: ${(error as Error).stack ?? error}\n`);
  process.exitCode = 1;
} finally {
  await stopAllChildren();
}
