import { defineConfig } from 'vitest/config';

/**
 * Three tiers (STYLE.md rule 9): unit specs beside the code; integration specs against the real
 * PostgreSQL and NATS of the machine; end-to-end in headless Chromium. `npm test` runs them all
 * after scripts/test.sh has provisioned what they need.
 */
export default defineConfig({
  test: {
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
          name: 'integration',
          environment: 'node',
          include: ['services/*/test/**/*.int.spec.ts', 'gateway/test/**/*.int.spec.ts', 'tests/integration/**/*.int.spec.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.spec.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
