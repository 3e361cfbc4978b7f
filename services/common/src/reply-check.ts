import type { z } from 'zod';

/** One way a reply departs from its contract (zod's issue, or a key the contract does not declare). */
export interface ReplyIssue { code: string; path: (string | number)[]; message: string }

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys of `wire` that parsing dropped: present in what was sent, absent from what the schema kept. */
function undeclaredKeys(wire: unknown, parsed: unknown, path: (string | number)[], out: ReplyIssue[]): void {
  if (Array.isArray(wire) && Array.isArray(parsed)) {
    wire.forEach((item, i) => undeclaredKeys(item, parsed[i], [...path, i], out));
    return;
  }
  if (!isPlainObject(wire) || !isPlainObject(parsed)) return;
  for (const key of Object.keys(wire)) {
    if (!(key in parsed)) out.push({ code: 'unrecognized_keys', path: [...path, key], message: `"${key}" is not in the contract` });
    else undeclaredKeys(wire[key], parsed[key], [...path, key], out);
  }
}

/**
 * How a handler's reply departs from its contract's schema, as it would travel (through JSON):
 * what the schema refuses, and keys it does not declare (a plain object schema would drop them
 * silently, so the contract, and the OpenAPI document made from it, would not say what is sent).
 * Empty when the reply is what the contract says.
 */
export function replyIssues(schema: z.ZodType, reply: unknown): ReplyIssue[] {
  const wire: unknown = reply === undefined ? undefined : JSON.parse(JSON.stringify(reply));
  const parsed = schema.safeParse(wire);
  if (!parsed.success) return parsed.error.issues.map((i) => ({ code: i.code, path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message }));
  const out: ReplyIssue[] = [];
  undeclaredKeys(wire, parsed.data, [], out);
  return out;
}
