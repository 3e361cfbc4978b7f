import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build, transform, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * Issue 24, item 10: every k6 script of deploy/k6 parses as k6 runs it (an ES module; esbuild), imports
 * only k6 modules that k6 has and the compatibility runner implements, and declares thresholds.
 * The mix's options are evaluated (k6 modules stubbed) to check its weights and thresholds. Each
 * journey also runs once against a portal in tests/integration/k6-journeys.int.spec.ts.
 */
const DIR = import.meta.dirname;
const SCRIPTS = readdirSync(DIR).filter((f) => f.endsWith('.js'));
const K6_MODULES = ['k6', 'k6/http', 'k6/metrics', 'k6/crypto'];

/** Bundles a script with the k6 modules as stubs and returns its exports, evaluated with `env` as __ENV. */
async function evaluate(file: string, env: Record<string, string>): Promise<Record<string, any>> {
  const stubs: Plugin = {
    name: 'k6-stubs',
    setup(b) {
      b.onResolve({ filter: /^k6(\/.*)?$/ }, (args) => ({ path: args.path, namespace: 'k6' }));
      b.onLoad({ filter: /.*/, namespace: 'k6' }, () => ({ contents: 'const f = () => ({}); class M { add() {} } export const check = f, sleep = f, fail = f, group = f, expectedStatuses = f; export class Rate extends M {} export class Trend extends M {} export class Counter extends M {} export class Gauge extends M {} export default { request: f, get: f, post: f, cookieJar: f, expectedStatuses: f, setResponseCallback: f, hmac: f };' }));
    },
  };
  const out = await build({ entryPoints: [join(DIR, file)], bundle: true, write: false, format: 'iife', globalName: '__journey', plugins: [stubs], logLevel: 'silent' });
  const context: Record<string, unknown> = { __ENV: env, __VU: 1, __ITER: 0 };
  runInNewContext(`${out.outputFiles[0]!.text}\nthis.exports = __journey;`, context);
  return context.exports as Record<string, any>;
}

describe('deploy/k6 scripts', () => {
  it('include the journeys of real use and the mix', () => {
    expect(SCRIPTS).toEqual(expect.arrayContaining(['product-sso.js', 'usage-ingest.js', 'plan-application.js', 'operator-clients.js', 'login-mfa.js', 'mix.js']));
  });

  it.each(SCRIPTS)('%s parses as an ES module, imports only k6 modules the runner knows, and exports options with thresholds', async (file) => {
    const source = readFileSync(join(DIR, file), 'utf8');
    await expect(transform(source, { loader: 'js', format: 'esm', target: 'es2022' })).resolves.toBeDefined();
    const imports = [...source.matchAll(/^import\s[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
    for (const spec of imports) expect(spec.startsWith('./') || K6_MODULES.includes(spec), `${file} imports ${spec}`).toBe(true);
    const journey = await evaluate(file, {});
    expect(Object.keys(journey.options.thresholds ?? {}).length, file).toBeGreaterThan(0);
    expect(typeof journey.default === 'function' || Object.values(journey.options.scenarios ?? {}).every((s: any) => typeof journey[s.exec] === 'function'), file).toBe(true);
  });

  it('mix.js: one scenario per journey with its share of RATE, p95 and failure thresholds per scenario, writes and MFA only when asked', async () => {
    const all = await evaluate('mix.js', { RATE: '100', MIX_WRITES: '1', MFA_SECRET: 'x' });
    const weights = all.WEIGHTS as Record<string, { weight: number }>;
    expect(Object.values(weights).reduce((a, w) => a + w.weight, 0)).toBeCloseTo(1, 5);
    const scenarios = all.options.scenarios as Record<string, { exec: string; executor: string; stages: Array<{ target: number }> }>;
    expect(Object.keys(scenarios)).toEqual(Object.keys(weights));
    // 100 iterations a second in all (6,000 a minute), split by weight.
    const perMinute = Object.values(scenarios).map((s) => s.stages[1]!.target);
    expect(Math.abs(perMinute.reduce((a, b) => a + b, 0) - 6000)).toBeLessThan(10);
    expect(scenarios.client_area!.stages[1]!.target).toBe(2100);
    for (const [name, s] of Object.entries(scenarios)) {
      expect(s.executor).toBe('ramping-arrival-rate');
      expect(typeof all[s.exec]).toBe('function');
      expect(all.options.thresholds[`http_req_duration{scenario:${name}}`][0]).toMatch(/^p\(95\)<\d+$/);
      expect(all.options.thresholds[`http_req_failed{scenario:${name}}`]).toEqual(['rate<0.01']);
    }
    expect(all.options.thresholds.http_req_failed[0]).toMatchObject({ threshold: 'rate<0.001', abortOnFail: true });
    const readOnly = await evaluate('mix.js', { RATE: '100' });
    expect(Object.keys(readOnly.options.scenarios)).not.toContain('plan_application');
    expect(Object.keys(readOnly.options.scenarios)).not.toContain('login_mfa');
  });

  it('login-mfa.js computes the code identity gives a load-test account', async () => {
    const { loadTestCode } = await import('../../services/identity/src/passwords/tokens.js');
    const journey = await evaluate('login-mfa.js', { MFA_SECRET: 's'.repeat(32) });
    expect(typeof journey.loadTestCode).toBe('function');
    // The stubbed k6/crypto cannot hash: check the formula itself against the server's.
    const { createHmac } = await import('node:crypto');
    const digest = createHmac('sha256', 's'.repeat(32)).update('lt-1@loadtest.example.com').digest('hex');
    expect(loadTestCode('s'.repeat(32), 'LT-1@loadtest.example.com')).toBe(String(parseInt(digest.slice(0, 8), 16) % 1_000_000).padStart(6, '0'));
    expect(readFileSync(join(DIR, 'login-mfa.js'), 'utf8')).toContain("crypto.hmac('sha256', MFA_SECRET, email.toLowerCase(), 'hex')");
  });
});
