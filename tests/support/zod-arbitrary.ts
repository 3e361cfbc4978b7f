import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries derived from a zod v4 schema by walking its definition (`_zod.def`):
 * `validish` aims at values the schema accepts (formats, lengths, bounds, enums; a refinement or
 * cross-field rule may still refuse them), `invalid` at values it should refuse (a field of the
 * wrong type, missing or hostile, an unknown key, another shape altogether). The fuzz tier
 * (tests/integration/input-fuzz.int.spec.ts) sends both to every route.
 */

type Def = { type: string; [key: string]: unknown };
type Check = { check: string; [key: string]: unknown };

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check[] => ((def.checks as { _zod: { def: Check } }[] | undefined) ?? []).map((c) => c._zod.def);

/** Values worth trying where a known one exists: the demo data's ids, so a valid-ish call can reach a real record. */
export interface Hints {
  uuids: readonly string[];
  emails: readonly string[];
}

const MAX_DEPTH = 8;

function deep(levels: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
}

function deepArray(levels: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < levels; i += 1) value = [value];
  return value;
}

/** Hostile values for any field: wrong types, control characters, huge numbers, nesting, traversal. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null, true, 0, -1, 1.5, 1e308, -1e308, 2 ** 64, Number.MAX_SAFE_INTEGER + 2, 9e15, '9'.repeat(400), '1e309', '-0', 'NaN', 'Infinity',
  '', ' ', '\u0000', 'a\u0000b', '\u0001\u0002\u001f\u007f', '\r\n\t', '\u202e\u200b\ufeff', '\ud800', '\udfff', '😀'.repeat(60),
  '../../../../etc/passwd', '..\\..\\..\\windows\\win.ini', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '/etc/passwd%00.png', 'file:///etc/passwd',
  "' OR '1'='1", '"; DROP TABLE accounts; --', '${7*7}{{7*7}}', '<script>alert(1)</script>', '=cmd|"/c calc"!A1',
  'x'.repeat(10_000), [], [null], ['a', 1, {}], {}, { a: 1 }, deep(40), deepArray(40),
  JSON.parse('{"__proto__":{"admin":true}}'), { constructor: { prototype: { admin: true } } },
];

/** Text a field accepts yet a careless service might mishandle: traversal, SQL, markup, formulas, LIKE wildcards. */
const TRICKY_TEXT = [
  '../../../../etc/passwd', '..\\..\\windows\\win.ini', "' OR '1'='1' --", '%_%', '\\', '<script>alert(1)</script>', '=HYPERLINK("x")',
  '${jndi:ldap://x}', '{{7*7}}', ' leading and trailing ', '\u202eevil', 'ＡＢＣ全角', '😀😀😀',
];

function stringArbitrary(def: Def, hints: Hints): fc.Arbitrary<unknown> {
  let min = 0;
  let max = 40;
  let format = typeof def.format === 'string' ? def.format : undefined;
  let pattern: RegExp | undefined;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = Math.max(min, Number(check.minimum));
    else if (check.check === 'max_length') max = Math.min(max, Number(check.maximum));
    else if (check.check === 'length_equals') min = max = Number(check.length);
    else if (check.check === 'string_format') {
      format = String(check.format);
      if (check.pattern instanceof RegExp) pattern = check.pattern;
    }
  }
  if (def.pattern instanceof RegExp && !pattern && format === 'regex') pattern = def.pattern;
  max = Math.max(min, max);
  const fits = (s: string) => s.length >= min && s.length <= max;
  switch (format) {
    case 'email': return fc.oneof(fc.constantFrom(...hints.emails), fc.emailAddress().filter(fits));
    case 'uuid': case 'guid': return fc.oneof(fc.constantFrom(...hints.uuids), fc.uuid());
    case 'datetime': return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date': return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'url': return fc.webUrl();
    case 'regex':
      if (pattern) {
        // A generated match may be longer than allowed; such a value is simply one more wrong one.
        try {
          return fc.stringMatching(new RegExp(pattern.source, pattern.flags.replace('g', ''))).map((s) => (s.length > max ? s.slice(0, max) : s));
        } catch {
          // A pattern fast-check cannot generate from (lookahead): plain text below.
        }
      }
      break;
    default: break;
  }
  const plain = fc.string({ minLength: min, maxLength: max, unit: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...'abcxyz019 -_@.'.split('')) }, { weight: 2, arbitrary: fc.constantFrom('山', '田', 'ก', 'é', '한') }) });
  const pointed = fc.constantFrom(...TRICKY_TEXT).map((s) => s.slice(0, max)).filter(fits);
  return fc.oneof({ weight: 4, arbitrary: plain }, { weight: 1, arbitrary: pointed });
}


function numberArbitrary(def: Def): fc.Arbitrary<unknown> {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'number_format') integer ||= String(check.format).includes('int');
    else if (check.check === 'greater_than') min = Number(check.value) + (check.inclusive ? 0 : integer ? 1 : 0.001);
    else if (check.check === 'less_than') max = Number(check.value) - (check.inclusive ? 0 : integer ? 1 : 0.001);
  }
  if (min > max) [min, max] = [max, min];
  return integer
    ? fc.integer({ min: Math.max(Math.ceil(min), -(2 ** 31)), max: Math.min(Math.floor(max), 2 ** 31) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema should accept (a refinement across fields may still refuse some). */
export function validish(schema: z.ZodType, hints: Hints, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > MAX_DEPTH) return fc.constant(null);
  const inner = (s: unknown) => validish(s as z.ZodType, hints, depth + 1);
  switch (def.type) {
    case 'string': return stringArbitrary(def, hints);
    case 'number': case 'int': return numberArbitrary(def);
    case 'bigint': return fc.integer();
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'undefined': case 'void': return fc.constant(undefined);
    case 'literal': return fc.constantFrom(...(def.values as unknown[]));
    case 'enum': return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'date': return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'nullable': return fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: inner(def.innerType) });
    case 'optional': case 'default': case 'prefault':
      return fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: inner(def.innerType) });
    case 'catch': case 'readonly': case 'nonoptional': case 'success': return inner(def.innerType);
    case 'pipe': return inner(def.in);
    case 'lazy': return inner((def.getter as () => unknown)());
    case 'array': {
      let minLength = 0;
      let maxLength = 4;
      for (const check of checksOf(def)) {
        if (check.check === 'min_length') minLength = Number(check.minimum);
        else if (check.check === 'max_length') maxLength = Math.min(maxLength, Number(check.maximum));
      }
      return fc.array(inner(def.element), { minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'tuple': return fc.tuple(...(def.items as unknown[]).map(inner));
    case 'record': return fc.dictionary(inner(def.keyType).map(String), inner(def.valueType), { maxKeys: 3 });
    case 'union': return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'intersection': return fc.tuple(inner(def.left), inner(def.right)).map(([a, b]) => (isObject(a) && isObject(b) ? { ...a, ...b } : a));
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      return fc.record(Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, inner(value)]))).map(withoutUndefined);
    }
    default: return fc.jsonValue({ maxDepth: 2 });
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function withoutUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/** The object fields a request schema reads (through pipes, wrappers and unions). */
export function fieldsOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
  if (def.type === 'pipe') return fieldsOf(def.in as z.ZodType);
  if (def.type === 'union') return Object.assign({}, ...(def.options as z.ZodType[]).map(fieldsOf)) as Record<string, z.ZodType>;
  if (def.innerType) return fieldsOf(def.innerType as z.ZodType);
  return {};
}

/**
 * Values the schema should refuse, built around valid-ish ones: one field hostile (wrong type,
 * NUL, control characters, huge number, deep nesting, traversal), a field dropped, an unknown
 * key with a hostile value, or another shape altogether.
 */
export function invalid(schema: z.ZodType, hints: Hints): fc.Arbitrary<unknown> {
  const fields = Object.keys(fieldsOf(schema));
  const base = validish(schema, hints).map((v) => (isObject(v) ? v : {}));
  const hostile = fc.constantFrom(...HOSTILE_VALUES);
  const arbitraries: fc.Arbitrary<unknown>[] = [
    fc.tuple(base, hostile, fc.constantFrom('unknown_field', '__x', 'constructor', 'a'.repeat(300))).map(([v, bad, key]) => ({ ...v, [key]: bad })),
    fc.oneof(fc.constantFrom<unknown>([], 'string', 12, null, true, [{}]), fc.jsonValue({ maxDepth: 3 })),
  ];
  if (fields.length) {
    arbitraries.push(
      fc.tuple(base, fc.constantFrom(...fields), hostile).map(([v, field, bad]) => ({ ...v, [field]: bad })),
      fc.tuple(base, fc.constantFrom(...fields)).map(([v, field]) => Object.fromEntries(Object.entries(v).filter(([k]) => k !== field))),
      fc.tuple(base, fc.constantFrom(...fields), hostile, fc.constantFrom(...fields), hostile).map(([v, f1, b1, f2, b2]) => ({ ...v, [f1]: b1, [f2]: b2 })),
    );
  }
  return fc.oneof(...arbitraries);
}
