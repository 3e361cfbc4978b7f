import type { TMessageRef } from './envelope.js';

/**
 * Input that no /v1 route accepts, whatever its schema says (docs/decisions.md, "Hardening:
 * envelope and login edges"). The gateway runs this over every request's query or body before the
 * route's schema, so every route, present and future, refuses alike with 40011 naming the field:
 *
 * - text PostgreSQL cannot store: NUL (U+0000), and lone UTF-16 surrogates (half of a pair, which
 *   has no UTF-8 form); anywhere, in a value or in a key;
 * - the keys `__proto__`, `constructor` and `prototype`, at any depth: no contract has such a
 *   field, and an object carrying one is an attempt at prototype pollution somewhere downstream;
 * - nesting deeper than INPUT_MAX_DEPTH (no contract nests more than a few levels; a deep value
 *   would only cost the validators stack and time).
 *
 * Field names follow the schema errors' form (`users.0.email`), so the SPA shows the message under
 * the field that holds the character. A key that is itself unreadable is reported as `_` (the input).
 */
export const INPUT_MAX_DEPTH = 32;
/** At most this many fields are named in one refusal. */
export const INPUT_MAX_REPORTED = 20;
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * `__proto__` itself, or as a segment of a bracketed or dotted key (`__proto__[admin]`,
 * `constructor.prototype.x`), which query-string parsers of the `qs` kind turn into nesting.
 */
function reservedKey(key: string): boolean {
  if (RESERVED_KEYS.has(key)) return true;
  if (!/[[\].]/.test(key)) return false;
  return key.split(/[[\].]/).some((segment) => RESERVED_KEYS.has(segment));
}

/** NUL or any surrogate: the fast test; a surrogate is then checked for its partner. */
const SUSPECT = /[\u0000\ud800-\udfff]/;
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether PostgreSQL can store this text (no NUL, no lone surrogate). */
export function storableText(text: string): boolean {
  return !SUSPECT.test(text) || !UNSTORABLE.test(text);
}

export const INPUT_MESSAGES = {
  unsupportedCharacters: 'input.unsupported_characters',
  reservedName: 'input.reserved_name',
  malformed: 'input.malformed',
  unsupportedMediaType: 'input.unsupported_media_type',
} as const;

/**
 * The fields of `input` that no route accepts, with their messages; null when there are none.
 * Iterative, so that a deeply nested body cannot exhaust the stack.
 */
export function unsafeInput(input: unknown): Record<string, TMessageRef[]> | null {
  // A Map, and Object.fromEntries at the end: a field named `__proto__` stays an own key.
  const fields = new Map<string, TMessageRef[]>();
  const report = (path: readonly (string | number)[], key: string) => {
    const field = path.length ? path.join('.') : '_';
    if (!fields.has(field)) fields.set(field, [{ key }]);
  };
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length && fields.size < INPUT_MAX_REPORTED) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (!storableText(value)) report(path, INPUT_MESSAGES.unsupportedCharacters);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= INPUT_MAX_DEPTH) {
      report(path, INPUT_MESSAGES.malformed);
      continue;
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ value: value[i], path: [...path, i] });
      continue;
    }
    // Own keys only (JSON.parse and the query parser make `__proto__` an own property).
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i]!;
      if (!storableText(key)) {
        report(path, INPUT_MESSAGES.unsupportedCharacters);
        continue;
      }
      if (reservedKey(key)) {
        report([...path, key], INPUT_MESSAGES.reservedName);
        continue;
      }
      stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return fields.size ? Object.fromEntries(fields) : null;
}
