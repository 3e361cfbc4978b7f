/**
 * k6/http, synchronous as in k6: each call hands the request to a worker thread (fetch-worker.mjs)
 * and blocks on Atomics.wait until the answer is there. A per-VU cookie jar as k6's (reset at each
 * iteration unless options.noCookiesReset), default expected statuses 200-399, and the built-in
 * metrics http_reqs, http_req_duration and http_req_failed with k6's tags (name, method, status,
 * expected_response, group).
 */
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { addSample, vu } from './state.js';

/** What the journey's thread sends the fetch thread (fetch-worker.mjs), and its answer. */
interface WireRequest { method: string; url: string; headers: Record<string, string>; body?: string | { multipart: Array<{ name: string; value?: string; file?: { data: string; filename: string; contentType: string } }> }; timeoutMs: number; redirect: 'follow' | 'manual' }
interface WireResponse { status: number; headers: Array<[string, string]>; setCookies: string[]; body: string; url: string; durationMs: number; error?: string }
type Json = string | number | boolean | null | Json[] | { [k: string]: Json };
interface FileData { data: string | ArrayBuffer | Uint8Array; filename: string; content_type: string; __k6file: true }
interface Params { headers?: Record<string, string>; tags?: Record<string, string>; cookies?: Record<string, string>; timeout?: string | number; redirects?: number; responseCallback?: ExpectedStatuses | null }
type Body = string | Record<string, string | FileData> | null | undefined;
interface ExpectedStatuses { __expected: Array<number | { min: number; max: number }> }

export interface Response {
  status: number;
  status_text: string;
  body: string;
  headers: Record<string, string>;
  url: string;
  error: string;
  error_code: number;
  timings: { duration: number; waiting: number };
  cookies: Record<string, Array<{ name: string; value: string }>>;
  request: { method: string; url: string; headers: Record<string, string[]>; body: string };
  json(selector?: string): Json | undefined;
}

let worker: { port: MessageChannel['port1']; flag: Int32Array; thread: Worker } | undefined;
function channel() {
  if (worker) return worker;
  const { port1, port2 } = new MessageChannel();
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const thread = new Worker(new URL('./fetch-worker.mjs', import.meta.url), { workerData: { port: port2, flag }, transferList: [port2] });
  thread.unref();
  worker = { port: port1, flag, thread };
  return worker;
}

/** Starts the fetch thread and waits until it listens (before any journey blocks on a call). */
export async function startHttp(): Promise<void> {
  const { thread } = channel();
  await new Promise<void>((resolve, reject) => {
    thread.once('message', () => resolve());
    thread.once('error', reject);
  });
}

export async function closeHttp(): Promise<void> {
  await worker?.thread.terminate();
  worker = undefined;
}

function send(request: WireRequest): WireResponse {
  const { port, flag } = channel();
  Atomics.store(flag, 0, 0);
  port.postMessage(request);
  // The worker answers within the request's timeout, plus a margin for its own start.
  const waited = Atomics.wait(flag, 0, 0, request.timeoutMs + 10_000);
  if (waited === 'timed-out') throw new Error(`k6-compat: no answer for ${request.method} ${request.url}`);
  const message = receiveMessageOnPort(port);
  if (!message) throw new Error('k6-compat: the fetch worker answered nothing');
  return message.message as WireResponse;
}

// ---- cookie jar (per VU; the runner resets it between iterations) ----
const jar = new Map<string, { value: string; domain: string; path: string }>();
export function resetCookies(): void {
  jar.clear();
}

function storeCookies(url: URL, lines: string[]): void {
  for (const line of lines) {
    const [pair, ...attrs] = line.split(';');
    const eq = pair!.indexOf('=');
    if (eq < 0) continue;
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    const path = attrs.map((a) => a.trim()).find((a) => /^path=/i.test(a))?.slice(5) || '/';
    const expired = attrs.some((a) => /^\s*max-age=(0|-)/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
    if (expired || value === '') jar.delete(name);
    else jar.set(name, { value, domain: url.hostname, path });
  }
}

function cookiesFor(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, c] of jar) if (c.domain === url.hostname && url.pathname.startsWith(c.path)) out[name] = c.value;
  return out;
}

class CookieJar {
  cookiesForURL(url: string): Record<string, string[]> {
    return Object.fromEntries(Object.entries(cookiesFor(new URL(url))).map(([k, v]) => [k, [v]]));
  }
  set(url: string, name: string, value: string): void {
    jar.set(name, { value, domain: new URL(url).hostname, path: '/' });
  }
  clear(url: string): void {
    for (const [name, c] of jar) if (c.domain === new URL(url).hostname) jar.delete(name);
  }
}
const theJar = new CookieJar();
export function cookieJar(): CookieJar {
  return theJar;
}

// ---- expected statuses ----
let responseCallback: ExpectedStatuses | null = { __expected: [{ min: 200, max: 399 }] };
export function expectedStatuses(...statuses: Array<number | { min: number; max: number }>): ExpectedStatuses {
  return { __expected: statuses };
}
export function setResponseCallback(callback: ExpectedStatuses | null): void {
  responseCallback = callback;
}
const isExpected = (cb: ExpectedStatuses | null, status: number) =>
  !cb || cb.__expected.some((s) => (typeof s === 'number' ? s === status : status >= s.min && status <= s.max));

export function file(data: string | ArrayBuffer | Uint8Array, filename = 'file', contentType = 'application/octet-stream'): FileData {
  return { data, filename, content_type: contentType, __k6file: true };
}

const toBase64 = (d: FileData['data']) => Buffer.from(typeof d === 'string' ? Buffer.from(d, 'utf8') : d instanceof ArrayBuffer ? new Uint8Array(d) : d).toString('base64');

function seconds(timeout: string | number | undefined): number {
  if (timeout === undefined) return 60_000;
  if (typeof timeout === 'number') return timeout;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(timeout);
  if (!m) throw new Error(`k6-compat: bad timeout ${timeout}`);
  return Number(m[1]) * (m[2] === 'ms' ? 1 : m[2] === 's' ? 1000 : 60_000);
}

function select(value: Json | undefined, selector: string): Json | undefined {
  let current: Json | undefined = value;
  for (const part of selector.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = Array.isArray(current) ? current[Number(part.replace(/^#/, ''))] : current[part];
  }
  return current;
}

export function request(method: string, url: string, body?: Body, params: Params = {}): Response {
  const target = new URL(url);
  const headers: Record<string, string> = { 'user-agent': 'k6-compat (https://k6.io/)', ...params.headers };
  const cookies = { ...cookiesFor(target), ...params.cookies };
  if (Object.keys(cookies).length) headers.cookie = Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; ');
  let wireBody: WireRequest['body'];
  if (typeof body === 'string') wireBody = body;
  else if (body && typeof body === 'object') {
    const entries = Object.entries(body);
    if (entries.some(([, v]) => typeof v === 'object' && v !== null && (v as FileData).__k6file)) {
      wireBody = { multipart: entries.map(([name, v]) => (typeof v === 'object' ? { name, file: { data: toBase64(v.data), filename: v.filename, contentType: v.content_type } } : { name, value: String(v) })) };
    } else {
      wireBody = new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    }
  }
  const timeoutMs = seconds(params.timeout);
  const wire = send({ method, url, headers, body: wireBody, timeoutMs, redirect: params.redirects === 0 ? 'manual' : 'follow' });
  storeCookies(target, wire.setCookies);
  const tags = { name: url, method, status: String(wire.status), group: vu.group, ...params.tags };
  const expected = isExpected(params.responseCallback === undefined ? responseCallback : params.responseCallback, wire.status);
  addSample('http_reqs', 'counter', 1, tags);
  addSample('http_req_duration', 'trend', wire.durationMs, { ...tags, expected_response: String(expected) });
  addSample('http_req_failed', 'rate', !expected, tags);
  let parsed: { ok: boolean; value?: Json } | undefined;
  const responseHeaders: Record<string, string> = {};
  for (const [k, v] of wire.headers) responseHeaders[k.replace(/(^|-)([a-z])/g, (_, d: string, c: string) => d + c.toUpperCase())] = v;
  return {
    status: wire.status,
    status_text: String(wire.status),
    body: wire.body,
    headers: responseHeaders,
    url: wire.url,
    error: wire.error ?? '',
    error_code: wire.error ? 1000 : 0,
    timings: { duration: wire.durationMs, waiting: wire.durationMs },
    cookies: Object.fromEntries(wire.setCookies.map((l) => l.split(';')[0]!.split('=')).map(([k, v]) => [k!.trim(), [{ name: k!.trim(), value: (v ?? '').trim() }]])),
    request: { method, url, headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])), body: typeof wireBody === 'string' ? wireBody : '' },
    json(selector?: string) {
      parsed ??= (() => {
        try {
          return { ok: true, value: JSON.parse(wire.body) as Json };
        } catch {
          return { ok: false };
        }
      })();
      if (!parsed.ok) throw new Error(`k6-compat: the body of ${method} ${url} is not JSON`);
      return selector ? select(parsed.value, selector) : parsed.value;
    },
  };
}

export const get = (url: string, params?: Params) => request('GET', url, null, params);
export const post = (url: string, body?: Body, params?: Params) => request('POST', url, body, params);
export const put = (url: string, body?: Body, params?: Params) => request('PUT', url, body, params);
export const patch = (url: string, body?: Body, params?: Params) => request('PATCH', url, body, params);
export const del = (url: string, body?: Body, params?: Params) => request('DELETE', url, body, params);
export const head = (url: string, params?: Params) => request('HEAD', url, null, params);
export const options = (url: string, body?: Body, params?: Params) => request('OPTIONS', url, body, params);

export default { request, get, post, put, patch, del, head, options, file, cookieJar, expectedStatuses, setResponseCallback };
