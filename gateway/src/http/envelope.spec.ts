import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portal/proto';
import { success, successFromReply } from './envelope.js';

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('successFromReply: the envelope from the reply bytes', () => {
  const payloads: Record<string, unknown>[] = [
    {},
    { users: [{ uuid: 'u1', name: '山田 太郎', status: 'active' }], total: 1, status_counts: { active: 1, invited: 0 } },
    { '1': 'integer-like key first', b: 'then this', nested: { '2': [1, 2.5, -0, 1e21], s: 'quote " backslash \\ line\n tab\t \u2028 😀' } },
    { empty_string: '', nul: null, t: true, f: false, arr: [] },
  ];

  it.each(payloads)('is byte for byte what success() and JSON.stringify give (%#)', (payload) => {
    for (const language of LANGUAGES) {
      const body = successFromReply(language, encode({ ok: true, data: payload }));
      expect(body?.toString('utf8')).toBe(JSON.stringify(success(language, payload).body));
    }
  });

  it('leaves everything else to the parsed path', () => {
    expect(successFromReply('ja-jp', encode({ ok: false, error: { code: 50000, message: { key: 'status.server_error' } } }))).toBeNull();
    expect(successFromReply('ja-jp', encode({ ok: true, data: [1, 2] }))).toBeNull();
    expect(successFromReply('ja-jp', encode({ ok: true, data: 'text' }))).toBeNull();
    expect(successFromReply('ja-jp', encode({ ok: true }))).toBeNull();
    expect(successFromReply('ja-jp', new Uint8Array())).toBeNull();
    // A payload that names access_status (anywhere) is merged by success() as before.
    expect(successFromReply('ja-jp', encode({ ok: true, data: { access_status: 'x' } }))).toBeNull();
    expect(successFromReply('ja-jp', encode({ ok: true, data: { a: { access_status: 1 } } }))).toBeNull();
  });

  it('reads a reply that is a view into a larger buffer', () => {
    const bytes = encode({ ok: true, data: { a: 1 } });
    const framed = new Uint8Array(bytes.length + 10);
    framed.set(bytes, 5);
    const view = framed.subarray(5, 5 + bytes.length);
    expect(successFromReply('en-us', view)?.toString('utf8')).toBe(JSON.stringify(success('en-us', { a: 1 }).body));
  });
});
