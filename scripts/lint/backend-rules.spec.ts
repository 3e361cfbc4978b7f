import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The backend's lint rules, run through the repository's own eslint.config.js on fixtures placed
 * (virtually) where a real file would be: they fire where they should and stay quiet elsewhere.
 */
const root = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('backend lint rules', { timeout: 30_000 }, () => {
  describe('business "now" from the injected clock (issue 21 item 0)', () => {
    it('refuses new Date() and Date.now() in a service and in the gateway', async () => {
      const code = 'export const a = new Date();\nexport const b = Date.now();\n';
      for (const file of ['services/licence/src/plans/fixture.service.ts', 'services/billing/src/invoices/fixture.repository.ts', 'gateway/src/api/fixture.ts']) {
        expect(await lint(file, code)).toEqual([
          expect.stringMatching(/^no-restricted-syntax: Business "now" comes from the injected clock .*new Date\(\)/),
          expect.stringMatching(/^no-restricted-syntax: Business "now" comes from the injected clock .*Date\.now\(\)/),
        ]);
      }
    });

    it('allows a date built from a value, the clock, and time as a measure in the transport', async () => {
      const built = "import type { Clock } from '@portal/service-common/clock';\nexport const f = (c: Clock, s: string) => [new Date(s), c.now()];\n";
      expect(await lint('services/licence/src/plans/fixture.service.ts', built)).toEqual([]);
      expect(await lint('services/common/src/transport/fixture.ts', 'export const deadline = Date.now() + 1000;\n')).toEqual([]);
      expect(await lint('services/licence/src/plans/fixture.service.spec.ts', 'export const a = new Date();\n')).toEqual([]);
    });
  });
});
