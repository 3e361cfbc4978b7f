import { defineConfig } from 'vitest/config';

/**
 * Three tiers (STYLE.md rule 9): unit specs beside the code; integration specs against the real
 * PostgreSQL and NATS of the machine; end-to-end in headless Chromium. `npm test` runs them all
 * after scripts/test.sh has provisioned what they need.
 *
 * One vitest run, in this order (docs/decisions.md, "Foundations (issue 8)"):
 * 1. unit and web: CPU-bound, two workers (the machine's cores);
 * 2. integration and e2e: two workers, each file on its own database cloned from a template
 *    (tests/support/global-setup.ts) and its own NATS namespace, e2e files sharing one Chromium;
 * 3. integration-solo: the files that assert wall-clock start-up times, one at a time with nothing
 *    else of the run beside them. `npm test -- --project integration` runs it too (scripts/test.sh).
 */
const SOLO = ['tests/integration/all-in-one.int.spec.ts', 'services/common/test/embedded-db.int.spec.ts',
  // Six processes, a private PostgreSQL restarted and a service killed (issue 9, item 10): alone.
  'tests/integration/faults.int.spec.ts'];
// tests/integration/mail-faults.int.spec.ts (issue 12) restarts a NATS server and a PostgreSQL
// database of its own and asserts no start-up time, so it runs beside the other files, not alone.
const INTEGRATION = {
  environment: 'node' as const,
  testTimeout: 60_000,
  hookTimeout: 120_000,
  globalSetup: ['tests/support/global-setup.ts'],
};
const workers = Number(process.env.TEST_MAX_WORKERS ?? 2);

export default defineConfig({
  test: {
    // unit and web (the web project's own config sets none)
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['proto/src/**/*.spec.ts', 'services/*/src/**/*.spec.ts', 'gateway/src/**/*.spec.ts', 'scripts/**/*.spec.ts', 'deploy/**/*.spec.ts'],
        },
      },
      'web/vitest.config.ts',
      {
        test: {
          ...INTEGRATION,
          name: 'integration',
          include: ['services/*/test/**/*.int.spec.ts', 'gateway/test/**/*.int.spec.ts', 'tests/integration/**/*.int.spec.ts'],
          exclude: ['**/node_modules/**', ...SOLO],
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.spec.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          globalSetup: ['tests/support/global-setup.ts', 'tests/support/browser-server.ts'],
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
        },
      },
      { test: { ...INTEGRATION, name: 'integration-solo', include: SOLO, fileParallelism: false } },
    ],
  },
});
