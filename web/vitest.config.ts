import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The root vitest.config.ts runs this as the `web` project (npm test -- --project web).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    // eslint/: the SPA's lint rules, proven on fixtures.
    include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx', 'eslint/**/*.spec.ts'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // The files of a worker share one window and one module graph (docs/decisions.md, "Web specs
    // without isolation"): a fresh happy-dom and React/Mantine import per file was over a third of
    // the run. src/test/setup.ts puts back after each test what a test may leave behind.
    isolate: false,
    // A page spec renders, waits for queries and types: 5 s (vitest's default) is too short on a
    // loaded 2-core machine (the web tier runs beside integration and e2e files).
    testTimeout: 20_000,
  },
});
