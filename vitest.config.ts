import { defineConfig } from 'vitest/config';

/**
 * Three tiers (STYLE.md rule 9): unit specs beside the code; integration specs against the real
 * PostgreSQL and NATS of the machine; end-to-end in headless Chromium. `npm test` runs them all
 * after scripts/test.sh has provisioned what they need.
 *
 * One vitest run, in this order (docs/decisions.md, "Foundations (issue 8)"):
 * 1. unit and web: CPU-bound, two workers (the machine's cores);
 * 2. integration and e2e: two workers, each file on its own database cloned from a template
 *    (tests/support/global-setup.ts) and its own NATS namespace, e2e files sharing one Chromium.
 *
 * No file runs alone any more (docs/decisions.md, "npm test under 10 minutes"): start-up times are
 * goals of `npm run bench` (scenario start-up), not assertions, and the fault files
 * (faults.int, mail-faults.int) own their PostgreSQL or NATS and wait on events with generous
 * deadlines, so they run beside the others.
 */
const INTEGRATION = {
  environment: 'node' as const,
  testTimeout: 60_000,
  hookTimeout: 120_000,
  globalSetup: ['tests/support/global-setup.ts'],
};
const workers = Number(process.env.TEST_MAX_WORKERS ?? 2);
const INTEGRATION_FILES = ['services/*/test/**/*.int.spec.ts', 'gateway/test/**/*.int.spec.ts', 'tests/integration/**/*.int.spec.ts'];
/**
 * Integration files that set process-wide state which the first setter keeps: the OpenTelemetry
 * tracer provider (a file that records spans must be the one that registers it). Each runs in a
 * fresh worker of its own.
 */
const OWN_PROCESS = ['tests/integration/tracing.int.spec.ts', 'tests/integration/telemetry.int.spec.ts'];

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
          include: INTEGRATION_FILES,
          exclude: ['**/node_modules/**', ...OWN_PROCESS],
          // Files share their worker's modules (the portal's import is paid once per worker, not
          // once per file: 5 s a file). Each file still starts its own portal on its own database
          // and NATS namespace; spies are restored after each test.
          isolate: false,
          restoreMocks: true,
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...INTEGRATION,
          name: 'integration-own-process',
          include: OWN_PROCESS,
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
          // As integration: modules shared by the files of a worker, one portal and one browser
          // context per file.
          isolate: false,
          restoreMocks: true,
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
