import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The SPA's lint zones and client rules, run through the repository's own eslint.config.js on
 * small fixtures placed (virtually) where a real file would be: the rules fire where they should
 * and stay quiet where the code follows the pattern. `npm run lint` applies them to the tree.
 */
const root = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, 'web/src', file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('SPA lint rules', { timeout: 30_000 }, () => {
  describe('feature boundaries (portal/feature-boundaries)', () => {
    it("refuses a feature importing another feature's internals", async () => {
      const messages = await lint('features/auth/pages/Fixture.tsx', "import { useUserList } from '../../accounts/api';\nexport const x = useUserList;\n");
      expect(messages).toEqual([expect.stringMatching(/^portal\/feature-boundaries: .*internal of feature "accounts".*features\/accounts/)]);
      expect(await lint('features/auth/Fixture.ts', "export { default } from '../accounts/pages/UserListPage';\n")).toHaveLength(1);
    });

    it("allows another feature's index, and a feature's own files", async () => {
      expect(await lint('features/auth/pages/Fixture.tsx', "import { UserListPage } from '../../accounts';\nexport const x = UserListPage;\n")).toEqual([]);
      expect(await lint('features/auth/pages/Fixture.tsx', "import { useLogin } from '../api';\nexport const x = useLogin;\n")).toEqual([]);
    });

    it('lets app/ reach features only through their index, lazily or not', async () => {
      expect(await lint('app/Fixture.tsx', "import { lazy } from 'react';\nexport const P = lazy(() => import('../features/accounts/pages/UserListPage'));\n"))
        .toEqual([expect.stringMatching(/^portal\/feature-boundaries: /)]);
      expect(await lint('app/Fixture.tsx', "import { UserListPage } from '../features/accounts';\nexport const x = UserListPage;\n")).toEqual([]);
    });

    it('keeps features off app/ and shared code off features and app/', async () => {
      expect(await lint('features/accounts/pages/Fixture.tsx', "import { AppRoutes } from '../../../app/AppRoutes';\nexport const x = AppRoutes;\n"))
        .toEqual([expect.stringMatching(/^portal\/feature-boundaries: A feature does not import the app shell/)]);
      expect(await lint('lib/fixture.ts', "import { useUserList } from '../features/accounts/api';\nexport const x = useUserList;\n"))
        .toEqual([expect.stringMatching(/^portal\/feature-boundaries: Shared code/)]);
      expect(await lint('components/Fixture.tsx', "import { AppRoutes } from '../app/AppRoutes';\nexport const x = AppRoutes;\n"))
        .toEqual([expect.stringMatching(/^portal\/feature-boundaries: Shared code/)]);
    });
  });

  describe('the /v1 client', () => {
    it('refuses the low-level request (a method and a path string) outside lib/', async () => {
      const page = "import { apiRequest } from '../../../lib/api';\nexport const load = () => apiRequest('get', '/user/list');\n";
      expect(await lint('features/accounts/pages/Fixture.tsx', page)).toEqual([expect.stringMatching(/^no-restricted-syntax: Call \/v1 through lib\/api-client\.ts/)]);
      expect(await lint('app/Fixture.ts', "import { http } from '../lib/api';\nexport const x = http;\n")).toHaveLength(1);
      expect(await lint('features/accounts/api.ts', "import { uploadWithProgress } from '../../lib/upload';\nexport const x = uploadWithProgress;\n")).toHaveLength(1);
    });

    it('refuses /v1 path literals outside lib/', async () => {
      expect(await lint('features/accounts/api.ts', "export const load = () => fetch('/v1/user/list');\n"))
        .toEqual([expect.stringMatching(/^no-restricted-syntax: No \/v1 paths outside lib\//)]);
      expect(await lint('features/accounts/pages/Fixture.tsx', 'export const url = (id: string) => `/v1/user?uuid=${id}`;\n')).toHaveLength(1);
    });

    it("keeps pages on their feature's hooks: only api.ts uses the client", async () => {
      const direct = "import { API_ROUTES } from '@portal/proto';\nimport { callRoute } from '../../../lib/api-client';\nexport const load = () => callRoute(API_ROUTES.userList, {});\n";
      expect(await lint('features/accounts/pages/Fixture.tsx', direct)).toEqual([expect.stringMatching(/^no-restricted-syntax: Pages and feature components use their feature's api\.ts hooks/)]);
      expect(await lint('features/accounts/components/Fixture.tsx', direct)).toHaveLength(1);
      expect(await lint('features/accounts/pages/Fixture.tsx', "import { routeQuery } from '../../../lib/api-query';\nexport const x = routeQuery;\n")).toHaveLength(1);
      expect(await lint('features/accounts/pages/Fixture.tsx', "import { uploadRoute, type UploadPhase } from '../../../lib/upload';\nexport const x = uploadRoute;\nexport type P = UploadPhase;\n"))
        .toEqual([expect.stringMatching(/^no-restricted-syntax: Pages and feature components/)]);
      const hook = "import { API_ROUTES } from '@portal/proto';\nimport { routeQuery } from '../../lib/api-query';\nexport const users = () => routeQuery(API_ROUTES.userList, {});\n";
      expect(await lint('features/accounts/api.ts', hook)).toEqual([]);
    });

    it('lets lib/ build the client', async () => {
      expect(await lint('lib/fixture.ts', "import { apiRequest } from './api';\nexport const x = () => apiRequest('get', '/user/list');\n")).toEqual([]);
    });
  });
});
