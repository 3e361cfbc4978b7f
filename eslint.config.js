// Lint over the whole tree (issue 2 §1). Type checking is `npm run typecheck` (tsc).
import { resolve } from 'node:path';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import portal from './web/eslint/feature-boundaries.js';

/**
 * The SPA calls /v1 only through lib/api-client.ts (and its TanStack layer lib/api-query.ts) with a
 * route of proto's API_ROUTES; pages go one step further and use their feature's api.ts hooks.
 * web/eslint/rules.spec.ts proves these fire.
 */
const LOW_LEVEL_CLIENT = [
  {
    selector: "ImportDeclaration[source.value=/(^|\\/)lib\\/(api|upload)$/] > ImportSpecifier[imported.name=/^(apiRequest|http|handleAnswer|uploadWithProgress)$/]",
    message: 'Call /v1 through lib/api-client.ts with a route of API_ROUTES (in a feature: its api.ts hooks), not the low-level request with a path.',
  },
  {
    selector: 'Literal[value=/^\\/v1(\\/|$)/], TemplateElement[value.raw=/^\\/v1(\\/|$)/]',
    message: 'No /v1 paths outside lib/: a call names its route from API_ROUTES (proto), so method, path and contract cannot drift.',
  },
];
const PAGES_USE_HOOKS = {
  selector: "ImportDeclaration[source.value=/(^|\\/)lib\\/api-(client|query)$/], ImportDeclaration[source.value=/(^|\\/)lib\\/upload$/] > ImportSpecifier[imported.name='uploadRoute']",
  message: "Pages and feature components use their feature's api.ts hooks (useUserList, useInviteUsers, ...), not the client.",
};

/**
 * DESIGN §6, STYLE "Avoid": business code reads "now" only from the injected clock (CLOCK), so that
 * tests and the date rules stand on any day. Issue 21 item 0: the plan master's "number in use" read
 * the wall clock, and main went red on 2026-12-01 under a test clock set to November.
 */
const WALL_CLOCK = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Business "now" comes from the injected clock (CLOCK, services/common/src/clock.ts), not new Date().' },
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Business "now" comes from the injected clock (CLOCK, services/common/src/clock.ts), not Date.now().' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'build/**', '**/generated/**', '.data/**', '.test-data/**', 'test-results/**', 'deploy/k6/**'] },
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
  {
    // Issue 26: what accessibility checks can catch statically (the e2e tier runs axe on the pages).
    // Mantine's components are mapped to the elements they render, so that the rules see them.
    files: ['web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    settings: {
      'jsx-a11y': {
        components: {
          Anchor: 'a', Button: 'button', UnstyledButton: 'button', ActionIcon: 'button', CloseButton: 'button',
          TextInput: 'input', PasswordInput: 'input', NumberInput: 'input', Checkbox: 'input', Radio: 'input', Switch: 'input',
          Textarea: 'textarea', NativeSelect: 'select', Image: 'img',
        },
      },
    },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Mantine's inputs take their label through `label` (rendered as a <label for>), which the rule cannot see.
      'jsx-a11y/control-has-associated-label': 'off',
      // autoFocus moves focus into a dialog's or a step's first field on purpose (Mantine's data-autofocus too).
      'jsx-a11y/no-autofocus': 'off',
      // A router link (<Anchor component={Link} to=…>) has its address in `to`.
      'jsx-a11y/anchor-is-valid': ['error', { specialLink: ['to'] }],
    },
  },
  {
    // SPA zones: features import each other only through their index; shared code imports neither features nor app/.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { portal },
    rules: { 'portal/feature-boundaries': ['error', { srcRoot: resolve(import.meta.dirname, 'web/src') }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/**', 'web/src/test/**', '**/*.spec.ts', '**/*.spec.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...LOW_LEVEL_CLIENT] },
  },
  {
    files: ['web/src/features/*/pages/**/*.{ts,tsx}', 'web/src/features/*/components/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...LOW_LEVEL_CLIENT, PAGES_USE_HOOKS] },
  },
  {
    files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts'],
    // Time as a measure (deadlines, timeouts, retry delays, throttled logging) in the transport, the
    // database plumbing and the gateway's HTTP layer; the clock itself; dev-only and test-only code.
    ignores: [
      '**/*.spec.ts', '**/generated/**',
      'services/common/src/clock.ts', 'services/common/src/ask.ts', 'services/common/src/service-host.ts', 'services/common/src/jobs.ts',
      'services/common/src/transport/**', 'services/common/src/db/**', 'services/common/src/dev/**',
      'gateway/src/http/**', 'gateway/src/api/route-registrar.ts', 'gateway/src/embed/embed-form.ts',
      'services/usage-log/src/usage/usage-store.memory.ts', 'services/usage-log/src/usage/usage-demo.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...WALL_CLOCK] },
  },
);
