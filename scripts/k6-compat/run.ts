/**
 * A small stand-in for `k6 run` (no k6 binary can be installed here): runs each journey of
 * deploy/k6 with one VU for ITERATIONS iterations (default 1) through implementations of the k6
 * modules the journeys use (k6, k6/http, k6/metrics; hooks.mjs maps the imports), then evaluates
 * the journey's thresholds the way k6 does.
 *
 *   node --import tsx scripts/k6-compat/run.ts [--smoke] deploy/k6/login.js [...]
 *
 * --smoke (the test tier, tests/integration/k6-journeys.int.spec.ts): every check must pass and
 * every rate threshold (checks, http_req_failed, custom rates) must hold; latency thresholds are
 * reported, not enforced (one sample on a shared CI machine says nothing about a p95). Every
 * threshold must name a metric (and tag) that got samples, so a mistyped name fails too.
 * Prints one JSON line per journey (`{"journey": ...}`) and exits 1 when any journey failed.
 */
import { register } from 'node:module';
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { closeHttp, resetCookies, startHttp } from './http.js';
import { registry, resetRegistry, vu, type MetricState, type Sample } from './state.js';

register('./hooks.mjs', import.meta.url);

type ThresholdSpec = string | { threshold: string; abortOnFail?: boolean; delayAbortEval?: string };
interface Journey {
  options?: { thresholds?: Record<string, ThresholdSpec[]>; noCookiesReset?: boolean; scenarios?: Record<string, { exec?: string; [k: string]: unknown }>; [k: string]: unknown };
  setup?: () => unknown;
  default?: (data: unknown) => void;
  teardown?: (data: unknown) => void;
  [exec: string]: unknown;
}
export interface ThresholdResult { metric: string; expression: string; value: number | null; ok: boolean; enforced: boolean; samples: number }
export interface JourneyResult { journey: string; ok: boolean; iterations: number; requests: number; checks: { passes: number; fails: number }; p95ByName: Record<string, number>; thresholds: ThresholdResult[]; error?: string }

const g = globalThis as Record<string, unknown>;
g.__ENV = process.env;
Object.defineProperty(g, '__VU', { get: () => vu.id });
Object.defineProperty(g, '__ITER', { get: () => vu.iteration });

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

/** `name{tag:value,tag2:value}` -> the samples of that sub-metric. */
function subMetric(key: string): { name: string; state: MetricState | undefined; samples: Sample[] } {
  const m = /^([^{]+)(?:\{(.*)\})?$/.exec(key.trim());
  if (!m) throw new Error(`invalid threshold metric ${key}`);
  const name = m[1]!.trim();
  const state = registry.get(name);
  const filters = (m[2] ?? '').split(',').map((s) => s.trim()).filter(Boolean).map((f) => {
    const i = f.indexOf(':');
    return [f.slice(0, i).trim(), f.slice(i + 1).trim()] as const;
  });
  const samples = (state?.samples ?? []).filter((s) => filters.every(([k, v]) => s.tags[k] === v));
  return { name, state, samples };
}

function aggregate(state: MetricState, samples: Sample[], fn: string): number {
  const values = samples.map((s) => s.value);
  const sorted = [...values].sort((a, b) => a - b);
  const pm = /^p\((\d+(?:\.\d+)?)\)$/.exec(fn);
  if (pm) return percentile(sorted, Number(pm[1]));
  switch (fn) {
    case 'avg': return values.reduce((a, b) => a + b, 0) / values.length;
    case 'min': return sorted[0] ?? NaN;
    case 'max': return sorted[sorted.length - 1] ?? NaN;
    case 'med': return percentile(sorted, 50);
    case 'count': return state.type === 'counter' ? values.reduce((a, b) => a + b, 0) : values.length;
    case 'rate': return state.type === 'rate' ? values.reduce((a, b) => a + b, 0) / values.length : values.length;
    case 'value': return values[values.length - 1] ?? NaN;
    default: throw new Error(`unknown threshold aggregation ${fn}`);
  }
}

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b, '<=': (a, b) => a <= b, '>': (a, b) => a > b, '>=': (a, b) => a >= b,
  '==': (a, b) => a === b, '===': (a, b) => a === b, '!=': (a, b) => a !== b,
};

function evaluate(thresholds: Record<string, ThresholdSpec[]>, smoke: boolean): ThresholdResult[] {
  const out: ThresholdResult[] = [];
  for (const [key, specs] of Object.entries(thresholds)) {
    const { name, state, samples } = subMetric(key);
    for (const spec of specs) {
      const expression = typeof spec === 'string' ? spec : spec.threshold;
      const m = /^\s*([a-z]+|p\(\d+(?:\.\d+)?\))\s*(<=|>=|===|==|!=|<|>)\s*(-?\d+(?:\.\d+)?)\s*$/.exec(expression);
      if (!m) throw new Error(`invalid threshold ${key}: ${expression}`);
      if (!state) throw new Error(`threshold on ${name}: no such metric`);
      const enforced = !smoke || state.type === 'rate' || state.type === 'counter';
      if (!samples.length) {
        // k6 passes a threshold without samples; the smoke run wants each to have been measured.
        out.push({ metric: key, expression, value: null, ok: !smoke, enforced: true, samples: 0 });
        continue;
      }
      const value = aggregate(state, samples, m[1]!);
      out.push({ metric: key, expression, value: Math.round(value * 1000) / 1000, ok: COMPARE[m[2]!]!(value, Number(m[3])), enforced, samples: samples.length });
    }
  }
  return out;
}

async function runJourney(path: string, smoke: boolean, iterations: number): Promise<JourneyResult> {
  resetRegistry();
  resetCookies();
  vu.iteration = 0;
  vu.group = '';
  const result: JourneyResult = { journey: path, ok: false, iterations: 0, requests: 0, checks: { passes: 0, fails: 0 }, p95ByName: {}, thresholds: [] };
  try {
    const mod = (await import(pathToFileURL(resolvePath(path)).href)) as Journey;
    // A scenario with `exec` runs that exported function (a mix of journeys, deploy/k6/mix.js),
    // each in its own VU (own cookie jar) with k6's `scenario` tag; else the default function.
    const scenarios = Object.entries(mod.options?.scenarios ?? {}).filter(([, sc]) => sc.exec);
    const runs: Array<[string, (data: unknown) => void]> = scenarios.length
      ? scenarios.map(([name, sc]) => {
        const fn = mod[sc.exec!];
        if (typeof fn !== 'function') throw new Error(`scenario ${name}: the journey exports no function ${sc.exec}`);
        return [name, fn as (data: unknown) => void];
      })
      : [['default', mod.default as (data: unknown) => void]];
    if (!scenarios.length && typeof mod.default !== 'function') throw new Error('the journey exports no default function');
    const data = mod.setup?.();
    for (const [scenario, fn] of runs) {
      vu.tags = { scenario };
      resetCookies();
      for (let i = 0; i < iterations; i++) {
        vu.iteration = i;
        if (i > 0 && !mod.options?.noCookiesReset) resetCookies();
        const started = performance.now();
        fn(data);
        registry.get('iterations')!.samples.push({ value: 1, tags: { scenario } });
        registry.get('iteration_duration')!.samples.push({ value: performance.now() - started, tags: { scenario } });
        result.iterations++;
      }
      vu.id++;
    }
    vu.id = 1;
    vu.tags = {};
    mod.teardown?.(data);
    result.thresholds = evaluate(mod.options?.thresholds ?? {}, smoke);
  } catch (error) {
    result.error = String((error as Error)?.stack ?? error);
  }
  const checks = registry.get('checks')?.samples ?? [];
  result.checks = { passes: checks.filter((s) => s.value === 1).length, fails: checks.filter((s) => s.value !== 1).length };
  result.requests = registry.get('http_reqs')?.samples.length ?? 0;
  const byName = new Map<string, number[]>();
  for (const s of registry.get('http_req_duration')?.samples ?? []) byName.set(s.tags.name ?? '', [...(byName.get(s.tags.name ?? '') ?? []), s.value]);
  for (const [name, values] of byName) result.p95ByName[name] = Math.round(percentile(values.sort((a, b) => a - b), 95) * 10) / 10;
  result.ok = !result.error && result.iterations >= iterations && (!smoke || result.checks.fails === 0)
    && result.thresholds.every((t) => t.ok || !t.enforced);
  return result;
}

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const journeys = args.filter((a) => !a.startsWith('--'));
const iterations = Number(process.env.ITERATIONS ?? 1);
let failed = false;
await startHttp();
for (const journey of journeys) {
  const result = await runJourney(journey, smoke, iterations);
  if (!result.ok) failed = true;
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
await closeHttp();
process.exit(failed ? 1 : 0);
