/**
 * Rules of corporate numbers and their search that need no I/O (spec §5, §8 "Corporate number
 * search returns no result or too many candidates").
 */

/** More candidates than this is "too many": the user is asked to narrow the name. */
export const MAX_CANDIDATES = 20;

/**
 * The check digit of a 12-digit base (the NTA's rule): 9 − (Σ Pn × Qn mod 9), Pn the n-th digit
 * from the right, Qn 1 for odd n and 2 for even n.
 */
export function checkDigit(base12: string): number {
  if (!/^\d{12}$/.test(base12)) throw new RangeError('a corporate number base is 12 digits');
  let sum = 0;
  for (let n = 1; n <= 12; n++) sum += Number(base12[12 - n]) * (n % 2 === 1 ? 1 : 2);
  return 9 - (sum % 9);
}

/** Whether a string is a well-formed corporate number (13 digits with a valid check digit). */
export function validCorporateNumber(value: string): boolean {
  return /^\d{13}$/.test(value) && Number(value[0]) === checkDigit(value.slice(1));
}

/** A name as the search compares it: NFKC (full-width letters and digits folded), no spaces, lower case. */
export function normaliseName(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}

export type TSearchOutcome = 'found' | 'no_result' | 'too_many';

/** What a search answer means for the form. */
export function searchOutcome(total: number): TSearchOutcome {
  if (total === 0) return 'no_result';
  if (total > MAX_CANDIDATES) return 'too_many';
  return 'found';
}
