import { describe, expect, it } from 'vitest';
import { INPUT_MAX_DEPTH, INPUT_MAX_REPORTED, storableText, unsafeInput } from './input-safety.js';
import { MESSAGES } from './messages.js';
import { LANGUAGES } from './enums.js';

const chars = { key: 'input.unsupported_characters' };
const reserved = { key: 'input.reserved_name' };

describe('input no route accepts', () => {
  it('passes ordinary input, including paired surrogates (emoji) and other control characters', () => {
    expect(unsafeInput({ q: '山田 😀', page: 1, users: [{ email: 'a@example.com', products: ['bownow'] }], on: true, none: null })).toBeNull();
    expect(unsafeInput('tab\tnewline\n')).toBeNull();
    expect(unsafeInput(undefined)).toBeNull();
    expect(storableText('😀')).toBe(true);
  });

  it('names each field holding NUL or a lone surrogate, at any depth', () => {
    expect(unsafeInput({ q: 'a\u0000b' })).toEqual({ q: [chars] });
    expect(unsafeInput({ users: [{ email: 'ok@example.com' }, { family_name: '\ud800x' }] })).toEqual({ 'users.1.family_name': [chars] });
    expect(unsafeInput({ name: 'x\udc00' })).toEqual({ name: [chars] });
    expect(unsafeInput({ name: '😀'.slice(0, 1) })).toEqual({ name: [chars] });
    expect(unsafeInput('\u0000')).toEqual({ _: [chars] });
    expect(unsafeInput({ list: ['a', 'b\u0000'] })).toEqual({ 'list.1': [chars] });
  });

  it('refuses a key holding such a character under its parent', () => {
    expect(unsafeInput({ 'a\u0000': 1 })).toEqual({ _: [chars] });
    expect(unsafeInput({ company: { '\ud800': 'x' } })).toEqual({ company: [chars] });
  });

  it('refuses __proto__, constructor and prototype keys by name, as JSON.parse and query parsers make them', () => {
    expect(unsafeInput(JSON.parse('{"__proto__":{"admin":true},"email":"a@example.com"}'))).toEqual(Object.fromEntries([['__proto__', [reserved]]]));
    expect(unsafeInput(JSON.parse('{"users":[{"constructor":{"prototype":{"x":1}}}]}'))).toEqual({ 'users.0.constructor': [reserved] });
    expect(unsafeInput({ prototype: 'x' })).toEqual({ prototype: [reserved] });
    // As a query string's bracketed or dotted key.
    expect(unsafeInput({ '__proto__[admin]': '1' })).toEqual({ '__proto__[admin]': [reserved] });
    expect(unsafeInput({ 'a.constructor.prototype': '1' })).toEqual({ 'a.constructor.prototype': [reserved] });
    expect(unsafeInput({ 'proto_name': '1', 'a.b[c]': '1' })).toBeNull();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses nesting deeper than any contract, without exhausting the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    const result = unsafeInput(deep)!;
    expect(Object.values(result)).toEqual([[{ key: 'input.malformed' }]]);
    expect(Object.keys(result)[0]!.split('.')).toHaveLength(INPUT_MAX_DEPTH);
  });

  it('names at most a bounded number of fields', () => {
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, '\u0000']));
    expect(Object.keys(unsafeInput(many)!)).toHaveLength(INPUT_MAX_REPORTED);
  });

  it('has its messages in every language', () => {
    for (const language of LANGUAGES) {
      for (const key of ['input.unsupported_characters', 'input.reserved_name', 'input.malformed', 'input.unsupported_media_type']) {
        expect((MESSAGES[language] as Record<string, string>)[key], `${language} ${key}`).toBeTruthy();
      }
    }
  });
});
