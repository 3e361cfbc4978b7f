import type { CorporateNumberDirectory, CorporateSearchResult } from './corporate-number.port.js';
import { MAX_CANDIDATES, normaliseName } from './corporate-number.rules.js';
import { SANDBOX_CORPORATIONS } from './sandbox-dataset.js';

/** The bundled dataset (sandbox-dataset.ts), searched by partial name as the NTA's mode 2 does. */
export class SandboxCorporateNumberDirectory implements CorporateNumberDirectory {
  readonly name = 'sandbox' as const;

  searchByName(name: string): Promise<CorporateSearchResult> {
    const needle = normaliseName(name);
    const matches = needle ? SANDBOX_CORPORATIONS.filter((c) => normaliseName(c.name).includes(needle)) : [];
    return Promise.resolve({ total: matches.length, candidates: matches.slice(0, MAX_CANDIDATES + 1).map((c) => ({ ...c })) });
  }
}
