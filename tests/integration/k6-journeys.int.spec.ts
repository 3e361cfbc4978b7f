import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JourneyResult } from '../../scripts/k6-compat/run.js';
import { ROOT } from '../../scripts/lib/root.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 15, item 3: every k6 journey of deploy/k6 runs once, with one virtual user, against a
 * running portal through the k6 compatibility runner (scripts/k6-compat), so a broken script
 * (a wrong path, body, check or metric name) fails CI. No k6 binary is installed here. The mix
 * (deploy/k6/mix.js) runs each of its scenarios once too; deploy/k6/journeys.spec.ts checks its weights.
 */
const JOURNEYS = [
  'login.js', 'login-mfa.js', 'client-area.js', 'plan-change-preview.js', 'billing-list.js', 'csv-invite.js', 'maintenance-status.js', 'dashboard.js',
  // Issue 24, item 10: journeys of real use, and the weighted mix of them (run apart, below).
  'product-sso.js', 'usage-ingest.js', 'plan-application.js', 'operator-clients.js',
];
/** Load-test MFA codes (identity's LOAD_TEST_MFA_SECRET): the MFA journey never reads the dev mailbox. */
const MFA_SECRET = 'load-test-secret-of-the-k6-journeys-test';

describe('k6 journeys, once each against a running portal', () => {
  let portal: TestPortal;
  const results = new Map<string, JourneyResult>();
  let output = '';
  /** Runs journeys in one child process of the compatibility runner; collects their result lines. */
  async function run(files: string[], env: Record<string, string>): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/k6-compat/run.ts'), '--smoke', ...files.map((j) => join(ROOT, 'deploy/k6', j))], {
      cwd: ROOT,
      env: { ...process.env, BASE_URL: portal.url, THINK_TIME: '0', ITERATIONS: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
    await new Promise((resolve) => child.on('close', resolve));
    output += out;
    for (const line of out.split('\n')) {
      if (!line.startsWith('{"journey"')) continue;
      const r = JSON.parse(line) as JourneyResult;
      results.set(r.journey.split('/').pop()!, r);
    }
  }
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'nats', env: { LOAD_TEST_MFA_SECRET: MFA_SECRET, LOAD_TEST_EMAIL_DOMAIN: 'example.com' } });
    // MAILBOX_URL points nowhere: the MFA journey's code comes from MFA_SECRET alone.
    await run(JOURNEYS, { MFA_SECRET, MAILBOX_URL: 'http://127.0.0.1:9/dev/mailbox/messages' });
    // The mix after them (one account gets one MFA code per 30 s: the mix runs without MFA logins;
    // the gateway caches a product's keys for 30 s: the mix's new key is for another product).
    await run(['mix.js'], { MIX_WRITES: '1', INGEST_PRODUCT: 'fullstar' });
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
  });

  it.each([...JOURNEYS, 'mix.js'])('%s runs, every check passes, every threshold names a measured metric', (journey) => {
    const r = results.get(journey);
    expect(r, output).toBeDefined();
    expect(r!.error ?? '', output).toBe('');
    expect(r!.checks.fails, output).toBe(0);
    expect(r!.checks.passes).toBeGreaterThan(0);
    expect(r!.thresholds.length).toBeGreaterThan(0);
    expect(r!.thresholds.filter((t) => !t.ok && t.enforced), JSON.stringify(r!.thresholds)).toEqual([]);
    expect(r!.ok).toBe(true);
  });
});

