import { z } from 'zod';
import { JSON_BODY_MAX_BYTES, UPLOAD_MAX_BYTES, unsafeInput, type ApiRoute } from '@portal/proto';

/**
 * Malformed requests for one /v1 route, generated from its contract in proto's API_ROUTES (the
 * fuzz test, tests/integration/input-fuzz.int.spec.ts). Every request here must be refused: a
 * generated case that the route's schema (and the gateway's input check) would accept is left out,
 * since a valid call may rightly change something. What remains: wrong types, missing fields, NUL
 * and lone surrogates, huge strings, deep nesting, reserved keys, unreadable JSON, content types the
 * gateway does not read, broken multipart forms and bodies over the limit.
 */
export interface MalformedRequest {
  label: string;
  method: string;
  /** Path and query string. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

type Shape = Record<string, z.ZodType>;

/** The fields a request schema reads (objects, their unions and wrappers). */
export function shapeOf(schema: z.ZodType): Shape {
  if (schema instanceof z.ZodObject) return schema.shape as Shape;
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (def.type === 'pipe') return shapeOf(def.in as z.ZodType);
  if (def.type === 'union') return Object.assign({}, ...(def.options as z.ZodType[]).map(shapeOf)) as Shape;
  if (def.innerType) return shapeOf(def.innerType as z.ZodType);
  return {};
}

const deep = (levels: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
};

/** Values that are wrong for most fields; each is kept only where the schema refuses it. */
const BAD_JSON_VALUES: [string, unknown][] = [
  ['number', 12345], ['negative number', -1], ['fraction', 1.5], ['huge number', 1e308], ['true', true], ['false', false],
  ['null', null], ['empty array', []], ['mixed array', ['a', 1, null]], ['object', { a: 1 }], ['empty string', ''], ['blank', '   '],
  ['NUL', 'a\u0000b'], ['only NUL', '\u0000'], ['lone high surrogate', 'x\ud800'], ['lone low surrogate', '\udc00y'],
  ['huge string', 'x'.repeat(100_000)], ['__proto__ inside', JSON.parse('{"__proto__":{"admin":true}}')],
  ['deep nesting', deep(40)], ['markup with NUL', '<script>alert(1)</script>\u0000'], ['not an email', 'not-an-email'],
  ['not a uuid', '00000000-0000-0000-0000-00000000000g'], ['array of NUL', ['\u0000']],
];

/** Query values (strings; repeated keys are arrays). */
const BAD_QUERY_VALUES: [string, string][] = [
  ['letters', 'abc'], ['negative', '-1'], ['zero', '0'], ['fraction', '1.5'], ['overflow', '1e309'], ['empty', ''], ['blank', ' '],
  ['unknown word', 'zzz-not-valid'], ['huge', 'x'.repeat(5000)], ['NUL', '\u0000'], ['text with NUL', 'a\u0000'], ['bracket text', '[]'],
  ['huge number', '9'.repeat(400)], ['not a date', '2026-13-45'], ['not a uuid', 'not-a-uuid'],
];

const RESERVED_QUERY_KEYS = ['__proto__', 'constructor', 'prototype', '__proto__[admin]', 'constructor[prototype][admin]', 'a.__proto__.b', 'a[constructor]'];
const EXTRA_KEYS = ['x', 'extra', 'q', 'page', 'filter', 'id', 'name', '_'];
const NUL_VALUES = ['\u0000', 'a\u0000', '\u0000b', 'a\u0000b', '\u0000\u0000'];

/** The query object Fastify's parser makes of these pairs (a repeated key becomes an array). */
function queryObject(pairs: [string, string][]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [k, v] of pairs) {
    const seen = out[k];
    out[k] = seen === undefined ? v : Array.isArray(seen) ? [...seen, v] : [seen, v];
  }
  return out;
}

const encodePairs = (pairs: [string, string][]) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

/** Whether the gateway must refuse this parsed input (its own check, or the route's schema). */
function refused(route: ApiRoute, input: unknown): boolean {
  return unsafeInput(input) !== null || !route.request.safeParse(input ?? {}).success;
}

/** A payload no contract accepts, for the cases whose point is the transport (content type, size). */
const REFUSED_BODY = '{"__proto__":{"admin":true},"x":"\\u0000"}';

/**
 * At most `limit` requests: every structural case (unreadable JSON, content types, reserved keys,
 * forms, sizes), then the per-field and per-key cases evenly spread over the rest, so that a route
 * with many fields still gets each kind of wrong value on some field without the run growing with
 * the number of fields.
 */
export function malformedRequests(route: ApiRoute, options: { limit?: number; oversized?: boolean } = {}): MalformedRequest[] {
  const limit = options.limit ?? 60;
  const path = `/v1${route.path}`;
  const fields = Object.keys(shapeOf(route.request));
  const core: MalformedRequest[] = [];
  const spread: MalformedRequest[] = [];
  const seen = new Set<string>();
  let target = core;
  const add = (request: MalformedRequest) => {
    const key = `${request.method} ${request.url} ${JSON.stringify(request.headers)} ${request.body ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    target.push(request);
  };
  const pick = () => {
    const room = Math.max(0, limit - core.length);
    if (spread.length <= room) return [...core, ...spread];
    const step = spread.length / room;
    return [...core, ...Array.from({ length: room }, (_, i) => spread[Math.floor(i * step)]!)];
  };

  if (route.method === 'GET' || route.method === 'DELETE') {
    const query = (label: string, pairs: [string, string][]) => {
      if (!refused(route, queryObject(pairs))) return;
      add({ label, method: route.method, url: `${path}?${encodePairs(pairs)}`, headers: {} });
    };
    query('missing fields', []);
    query('every field NUL', fields.map((f) => [f, '\u0000']));
    for (const key of RESERVED_QUERY_KEYS) for (const value of ['1', 'true', '{}']) query(`reserved key ${key}=${value}`, [[key, value]]);
    for (const key of ['a\u0000', '\u0000', 'a\u0000b', '\u0000\u0000']) query(`NUL in a key ${JSON.stringify(key)}`, [[key, '1']]);
    query('huge value with NUL', [['x', `${'x'.repeat(8000)}\u0000`]]);
    if (route.method === 'DELETE') {
      // A body on a call that takes its input from the query: refused for its content type, or for its query.
      for (const type of ['text/plain', 'application/xml', 'application/octet-stream']) {
        add({ label: `DELETE body as ${type}`, method: 'DELETE', url: `${path}?x=%00`, headers: { 'content-type': type }, body: REFUSED_BODY });
      }
    }
    target = spread;
    for (const field of fields) {
      for (const [name, value] of BAD_QUERY_VALUES) query(`${field}: ${name}`, [[field, value]]);
      query(`${field}: repeated`, [[field, 'a'], [field, 'b']]);
    }
    for (const key of EXTRA_KEYS) for (const value of NUL_VALUES) query(`NUL in ${key}`, [[key, value]]);
    return pick();
  }

  const json = (label: string, value: unknown) => {
    // A multipart route reads only a form: any JSON is refused.
    if (!route.multipart && !refused(route, value)) return;
    add({ label, method: route.method, url: path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
  };
  json('missing fields', {});
  json('only an unknown field', { unknown_field: 'x' });
  json('every field a number', Object.fromEntries(fields.map((f) => [f, 1])));
  json('every field NUL', Object.fromEntries(fields.map((f) => [f, '\u0000'])));
  json('top-level array', []);
  json('top-level array of objects', [{}]);
  json('top-level string', 'str');
  json('top-level number', 1);
  json('top-level true', true);
  json('deep nesting', deep(200));
  json('NUL in a key', { 'a\u0000': 1 });
  json('lone surrogate in a key', { '\ud800': 1 });

  const raw = (label: string, body: string, contentType: string | undefined = 'application/json') => {
    add({ label, method: route.method, url: path, headers: contentType ? { 'content-type': contentType } : {}, body });
  };
  // Reserved keys (JSON.stringify cannot write `__proto__` as a key).
  raw('__proto__ key', '{"__proto__":{"admin":true}}');
  raw('__proto__ key beside fields', `{"__proto__":{"admin":true}${fields.map((f) => `,"${f}":"x"`).join('')}}`);
  raw('constructor.prototype', '{"constructor":{"prototype":{"admin":true}}}');
  raw('prototype key', '{"prototype":{"admin":true}}');
  raw('nested __proto__', `{"${fields[0] ?? 'a'}":{"__proto__":{"admin":true}}}`);
  raw('lone surrogate escape', `{"${fields[0] ?? 'a'}":"\\ud800"}`);
  raw('NUL escape', `{"${fields[0] ?? 'a'}":"\\u0000"}`);
  // Unreadable JSON.
  for (const [label, body] of [
    ['truncated', '{"a":'], ['open brace', '{'], ['trailing comma', '{"a":1,}'], ['single quotes', "{'a':1}"], ['bare word', 'nul'],
    ['undefined', 'undefined'], ['NaN', '{"a":NaN}'], ['extra brace', '{"a":1}}'], ['byte order mark', '\ufeff{}'], ['bad escape', '{"a":"\\x"}'],
    ['empty body', ''], ['blank body', '   '], ['leading zero', '{"a":01}'], ['comment', '/*c*/{}'], ['raw NUL', '\u0000'],
    ['two documents', '{}{}'], ['unterminated string', '{"a":"b'],
  ] as const) raw(`JSON ${label}`, body);
  // Content types the gateway does not read (the payload is refused anyway, should one be read).
  for (const type of [
    'text/plain', 'text/html', 'application/xml', 'application/x-www-form-urlencoded', 'application/octet-stream', 'image/png',
    'application/json-patch+json', 'application/vnd.api+json', ...(route.multipart ? [] : ['multipart/form-data; boundary=zzz']),
  ]) raw(`content type ${type}`, REFUSED_BODY, type);
  raw('no content type', REFUSED_BODY, undefined);
  raw('multipart without a boundary', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n--x--', 'multipart/form-data');
  // Over the JSON body limit (a 413 in Fastify's words before). The limit is the server's, the
  // answer's message the route's (proto ApiRoute.tooLarge): sent to the routes that have their own
  // message and, 4 MB a time, to one route in four of the others.
  if (route.tooLarge || options.oversized) raw('body over the limit', `{"x":"${'a'.repeat(JSON_BODY_MAX_BYTES + 16)}"}`);

  if (route.multipart) {
    const boundary = 'fuzzboundary';
    const part = (name: string, value: string, filename?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename !== undefined ? `; filename="${filename}"` : ''}\r\n${filename !== undefined ? 'Content-Type: text/csv\r\n' : ''}\r\n${value}\r\n`;
    const form = (label: string, body: string, type = `multipart/form-data; boundary=${boundary}`) => raw(label, body, type);
    form('form without a file', `${part('dry_run', 'true')}--${boundary}--\r\n`);
    form('empty form', `--${boundary}--\r\n`);
    form('truncated form', `${part('dry_run', 'true').slice(0, 30)}`);
    form('form cut inside the file', `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nemail,family_name`);
    form('wrong boundary', `${part('file', 'x', 'a.csv')}--${boundary}--\r\n`, 'multipart/form-data; boundary=other');
    form('NUL in a field beside the file', `${part('dry_run', '\u0000')}${part('file', 'email,family_name,given_name\r\n', 'a.csv')}--${boundary}--\r\n`);
    form('NUL in the file name', `${part('file', 'email,family_name,given_name\r\n', 'a\u0000.csv')}--${boundary}--\r\n`);
    form('reserved field name', `${part('__proto__', 'x')}${part('file', 'email,family_name,given_name\r\n', 'a.csv')}--${boundary}--\r\n`);
    form('file over the limit', `${part('file', 'a'.repeat(UPLOAD_MAX_BYTES + 16), 'big.csv')}--${boundary}--\r\n`);
    form('file field without a file name', `${part('file', 'email,family_name,given_name\r\n')}--${boundary}--\r\n`);
  }
  target = spread;
  for (const field of fields) {
    for (const [name, value] of BAD_JSON_VALUES) json(`${field}: ${name}`, { [field]: value });
  }
  for (const key of EXTRA_KEYS) for (const value of NUL_VALUES) json(`NUL in ${key}`, { [key]: value });
  return pick();
}
