import type { z } from 'zod';

interface Def { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; options?: z.ZodType[]; left?: z.ZodType; right?: z.ZodType; valueType?: z.ZodType; items?: z.ZodType[]; getter?: () => z.ZodType }

/**
 * Every object key a schema can report a field error for, at any depth (through arrays, unions,
 * optionals, defaults and pipes). The message catalogues need a `field.<name>` label for each:
 * validation messages name the field with it (validation.ts issueToMessage).
 */
export function schemaFieldNames(schema: z.ZodType, into = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (seen.has(schema)) return into;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const walk = (s: z.ZodType | undefined) => s && schemaFieldNames(s, into, seen);
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape ?? {})) {
        into.add(key);
        walk(value);
      }
      break;
    case 'array': walk(def.element); break;
    case 'pipe': walk(def.in); walk(def.out); break;
    case 'union': for (const option of def.options ?? []) walk(option); break;
    case 'intersection': walk(def.left); walk(def.right); break;
    case 'record': walk(def.valueType); break;
    case 'tuple': for (const item of def.items ?? []) walk(item); break;
    case 'lazy': walk(def.getter?.()); break;
    default: walk(def.innerType);
  }
  return into;
}
