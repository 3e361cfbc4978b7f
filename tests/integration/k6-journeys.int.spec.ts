import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JourneyResult } from '../../scripts/k6-compat/run.js';
import { ROOT } from '../../scripts/lib/root.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 15, item 3: every k6 journey of deploy/k6 runs once, with one virtual user, against a
 * running portal through the k6 compatibility runner (scripts/k6-compat), so a broken script
 * (a wrong path, body, check or metric name) fails CI. No k6 binary is installed here.
 */
const JOURNEYS = ['login.js', 'login-mfa.js', 'client-area.js', 'plan-change-preview.js', 'billing-list.js', 'csv-invite.js', 'maintenance-status.js', 'dashboard.js'];

describe('k6 journeys, once each against a running portal', () => {
  let portal: TestPortal;
  const results = new Map<string, JourneyResult>();
  let output = '';
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'nats' });
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/k6-compat/run.ts'), '--smoke', ...JOURNEYS.map((j) => join(ROOT, 'deploy/k6', j))], {
      cwd: ROOT,
      env: { ...process.env, BASE_URL: portal.url, THINK_TIME: '0', ITERATIONS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
    await new Promise((resolve) => child.on('close', resolve));
    for (const line of output.split('\n')) {
      if (!line.startsWith('{"journey"')) continue;
      const r = JSON.parse(line) as JourneyResult;
      results.set(r.journey.split('/').pop()!, r);
    }
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  it.each(JOURNEYS)('%s runs, every check passes, every threshold names a measured metric', (journey) => {
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
