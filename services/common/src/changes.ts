/**
 * What a save changes (profile, company, account edit, system settings): the fields whose value
 * after the save differs from before. A save that changes nothing writes nothing, logs nothing and
 * sends no event (docs/decisions.md); what does change is logged with its values before and after.
 */
export type TFieldValues = Record<string, unknown>;

function same(a: unknown, b: unknown, unordered: boolean): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    if (!unordered) return a.every((x, i) => same(x, b[i], false));
    const rest = [...b];
    return a.every((x) => {
      const at = rest.findIndex((y) => same(x, y, true));
      return at >= 0 && rest.splice(at, 1).length === 1;
    });
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => same((a as TFieldValues)[k], (b as TFieldValues)[k], unordered));
  }
  // A field that is absent and one that is null or undefined say the same: nothing.
  return (a ?? null) === (b ?? null);
}

/**
 * The fields of `after` whose value differs from `before`, in `after`'s order. Lists compare
 * in order, except the fields named in `unordered` (sets: an account's products, an allow-list).
 */
export function changedFields<T extends TFieldValues>(before: T, after: T, options: { unordered?: readonly (keyof T)[] } = {}): (keyof T & string)[] {
  return (Object.keys(after) as (keyof T & string)[]).filter((k) => !same(before[k], after[k], options.unordered?.includes(k) ?? false));
}

/** The operation-log detail of a change: the changed fields and their values before and after. */
export function changeDetail<T extends TFieldValues>(before: T, after: T, fields: readonly (keyof T & string)[]) {
  const pick = (o: T) => Object.fromEntries(fields.map((f) => [f, o[f]]));
  return { fields: [...fields], before: pick(before), after: pick(after) };
}
