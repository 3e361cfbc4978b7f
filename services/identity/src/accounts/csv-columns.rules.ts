import { INVITE_CSV_COLUMNS, type TInviteCsvColumn } from '@portal/proto';

export type TCsvColumns =
  | { ok: true; index: Record<TInviteCsvColumn, number> }
  | { ok: false; refusal: { key: string; params?: Record<string, string> } };

/**
 * Where each column of an invitation CSV is, from its first line: each of email, family_name and
 * given_name named once, in any order, whatever the case and the spaces around it; empty header
 * cells (a spreadsheet's trailing commas) are ignored. The former single `name` column is refused
 * with its own message (its one value used to be stored whole as the family name); a missing or an
 * unknown column is named in the refusal.
 */
export function csvColumns(header: readonly string[]): TCsvColumns {
  const names = header.map((h) => h.trim().toLowerCase());
  if (names.includes('name')) return { ok: false, refusal: { key: 'csv.name_column' } };
  const missing = INVITE_CSV_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) return { ok: false, refusal: { key: 'csv.missing_columns', params: { columns: missing.join(', ') } } };
  const unknown = names.filter((n) => n !== '' && !(INVITE_CSV_COLUMNS as readonly string[]).includes(n));
  if (unknown.length) return { ok: false, refusal: { key: 'csv.unknown_columns', params: { columns: unknown.join(', ') } } };
  if (INVITE_CSV_COLUMNS.some((c) => names.indexOf(c) !== names.lastIndexOf(c))) return { ok: false, refusal: { key: 'csv.format' } };
  return { ok: true, index: Object.fromEntries(INVITE_CSV_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<TInviteCsvColumn, number> };
}
