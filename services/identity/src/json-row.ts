/**
 * Rows read as JSON (`to_jsonb(table)`) in a hand-written statement, turned into Prisma's shape of
 * the same row, so one statement can read several tables and hand back what Prisma would have.
 */
/** Column name -> [Prisma field name, whether it is a timestamp], worked out once per column. */
const FIELDS = new Map<string, readonly [string, boolean]>();
function fieldOf(column: string): readonly [string, boolean] {
  let field = FIELDS.get(column);
  if (!field) {
    const name = column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    field = [name, /(At|Until)$/.test(name)];
    FIELDS.set(column, field);
  }
  return field;
}

/** Prisma's shape of a row given as JSON: camelCase fields, timestamps as Dates. */
export function fromRow<T>(json: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const column in json) {
    const [name, timestamp] = fieldOf(column);
    const value = json[column];
    out[name] = timestamp && typeof value === 'string' ? new Date(value) : value;
  }
  return out as T;
}
