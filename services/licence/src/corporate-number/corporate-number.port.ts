/**
 * The corporate-number directory (spec §5 plan application; DESIGN §6): who a Japanese company is
 * by its registered name. One port, two adapters chosen by config (CORPORATE_NUMBER_DIRECTORY):
 * the National Tax Agency Web-API (`nta`) and a bundled sandbox dataset (`sandbox`, the default
 * outside production and in tests).
 */
export interface CorporateCandidate {
  /** 13 digits, check digit first. */
  corporate_number: string;
  name: string;
  /** Prefecture, city and street as registered. */
  location: string;
}

export interface CorporateSearchResult {
  /** How many registered corporations match (may exceed the candidates returned). */
  total: number;
  candidates: CorporateCandidate[];
}

export interface CorporateNumberDirectory {
  readonly name: 'nta' | 'sandbox';
  /** Corporations whose name contains `name` (partial match, current names, closed ones excluded). */
  searchByName(name: string, signal?: AbortSignal): Promise<CorporateSearchResult>;
}

export const CORPORATE_NUMBER_DIRECTORY = Symbol('CorporateNumberDirectory');
