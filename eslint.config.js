// Lint over the whole tree (issue 2 §1). Type checking is `npm run typecheck` (tsc).
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', '.data/**', '.test-data/**', 'test-results/**', 'deploy/k6/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // STYLE.md rule 6: only config reads the environment.
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through a zod config schema (services/common/src/config.ts).' }],
    },
  },
  {
    // Entry points and tooling may hand the environment to a config schema.
    files: ['scripts/**', 'tests/**', '**/test/**', '**/*.spec.ts', '**/*.spec.tsx', 'services/common/src/config.ts', 'services/*/prisma.config.ts', 'web/vite.config.ts', 'web/vitest.config.ts', 'vitest.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['tests/**', '**/*.spec.ts', '**/*.spec.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
