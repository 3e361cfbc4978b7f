import { Agent as HttpAgent, request as httpRequest, type Server as HttpServer } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_CODES, API_ROUTE_LIST, AccessCode, Headers, INTERNAL_ROUTES, INTERNAL_SUBJECTS, evaluatePolicy, httpStatusFor, unsafeInput,
  type ApiRoute, type TAccessCode, type TPrincipal,
} from '@portal/proto';
import { ManualClock } from '@portal/service-common/clock';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';
import { malformedRequests, type MalformedRequest } from '../support/malformed.js';
import { fieldsOf, invalid, validish, type Hints } from '../support/zod-arbitrary.js';

/**
 * The fuzz tier (issue 21): every route of proto's API_ROUTES, as every kind of caller (anonymous,
 * client owner, admin and user, partner, operator, a partner's support session), against the real
 * running server (the SPA served too, as `npm start` runs it):
 * - cases generated from the route's zod schema with fast-check (tests/support/zod-arbitrary.ts):
 *   valid-ish values and values the schema must refuse;
 * - a fixed corpus (tests/support/malformed.ts and URL_CORPUS below): unreadable JSON, every
 *   content type, bodies over the limit, NUL and control characters, deep nesting, huge numbers,
 *   wrong types, query arrays, reserved keys, path traversal, unknown routes and methods.
 * Every answer must be the envelope with a known code whose HTTP status DESIGN §3 gives, never a
 * 5xx, never an internal name (a NATS subject, a stack frame, Prisma, a file path, a Fastify code).
 *
 * Phase 1 sends only what must be refused (the corpus; generated values the schema or the input
 * check refuses; anything to a route whose policy refuses the caller) and then checks that no
 * table of any schema, and no mailbox, changed. Phase 2 sends valid-ish values to the callers a
 * route admits: those may rightly write, so only the answers are checked.
 *
 * A sample per route and caller keeps the file within the test-time budget; FUZZ_CASES (generated
 * cases per route and caller, default 2) makes longer runs, FUZZ_SEED repeats one. The seed is in
 * every failure message.
 */
const CASES = Math.max(1, Number(process.env.FUZZ_CASES ?? 2));
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CONCURRENCY = 16;
const BASIC = { user: 'fuzz', password: 'fuzz-password-1' };
const HINTS: Hints = {
  uuids: [...new Set(Object.values(DEMO_IDS as Record<string, unknown>).filter((v): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/.test(v)))],
  emails: ['owner@example.com', 'admin@example.com', 'user@example.com', 'partner@example.com', 'operator@example.com', 'fuzz@example.com'],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Names of the inside that no answer may carry. */
const INTERNAL = new RegExp([
  ...INTERNAL_SUBJECTS.map((s) => `"${escape(s)}"|\\b${escape(s)}\\b`),
  'prisma', 'FST_[A-Z_]+', '"statusCode"', 'Internal Server Error', '\\bat [\\w.<>$]+ \\(', 'node_modules', 'file://',
  '(?:^|[\\s"\'(])/(?:work|home|root|usr|app|srv|opt|tmp)/[\\w.-]+/', '\\.(?:ts|js|mjs|cjs):\\d+',
  'ECONNREFUSED', 'ZodError', 'TypeError', 'ReferenceError', 'SyntaxError',
].join('|'), 'i');
/** Codes answered with another HTTP status than httpStatusFor's, on purpose. */
const STATUS_EXCEPTIONS: Record<number, number[]> = {
  [AccessCode.FORBIDDEN]: [401], // basic authentication: the browser's challenge
  [AccessCode.FORM_ERROR]: [400, 431], // a request Node's parser could not read
};

interface Caller {
  name: string;
  agent: Agent;
  principal: TPrincipal | null;
  /** Logs in again (after a generated call ended the session); false when it can no longer. */
  relogin?: () => Promise<boolean>;
}

interface Case {
  route: ApiRoute;
  caller: Caller;
  label: string;
  request: MalformedRequest;
  /** Phase 1: must be refused (no 20000, nothing written). */
  refusal: boolean;
}

/** Header markers for send(): no Host header at all, or this cookie line instead of the caller's. */
const NO_HOST = 'x-fuzz-no-host';
const RAW_COOKIE = 'x-fuzz-cookie';

/** URL-level cases for a route: traversal, unknown children, other methods, over-long and odd paths. */
function urlCorpus(route: ApiRoute): MalformedRequest[] {
  const path = `/v1${route.path}`;
  const other = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].find((m) => m !== route.method && !API_ROUTE_LIST.some((r) => r.path === route.path && r.method === m)) ?? 'PATCH';
  const cases: [string, string, string][] = [
    ['traversal ..%2f', route.method, `/v1/..%2f..%2fetc%2fpasswd${route.path}`],
    ['traversal in the path', route.method, `${path}/..%2f..%2f..%2fetc%2fpasswd`],
    ['traversal backslash', route.method, `${path}/..%5c..%5cwindows%5cwin.ini`],
    ['NUL in the path', route.method, `${path}%00`],
    ['unknown child route', route.method, `${path}/__fuzz`],
    ['method not allowed', other, path],
    ['double slash', route.method, `/${path}`],
    ['matrix parameter', route.method, `${path};jsessionid=1`],
    ['upper-case path', route.method, path.toUpperCase()],
    ['over-long path', route.method, `${path}/${'a'.repeat(4000)}`],
    ['over-long URL', route.method, `${path}?x=${'a'.repeat(20_000)}`],
    ['traversal in a query value', route.method, `${path}?file=..%2F..%2F..%2Fetc%2Fpasswd&path=....//....//etc/passwd&nul=%00`],
    ['bracket and dotted query keys', route.method, `${path}?a[b][c]=1&a.b.c=2&__proto__.x=1&x[__proto__]=1&x[]=1&x[]=2`],
    ['broken percent-encoding', route.method, `${path}?q=%E0%A4%A&x=%`],
  ];
  const requests = cases.map(([label, method, url]): MalformedRequest => {
    const query = method === 'GET' || method === 'DELETE';
    return { label, method, url, headers: query ? {} : { 'content-type': 'application/json' }, body: query ? undefined : '{"x":"\\u0000"}' };
  });
  // Odd headers, each with a payload that must be refused anyway (so that the call is a refusal).
  const query = route.method === 'GET' || route.method === 'DELETE';
  const refused = (label: string, headers: Record<string, string>): MalformedRequest => ({
    label, method: route.method, url: query ? `${path}?x=%00` : path,
    headers: query ? headers : { 'content-type': 'application/json', ...headers }, body: query ? undefined : '{"x":"\\u0000"}',
  });
  requests.push(
    refused('no Host header', { [NO_HOST]: '1' }),
    refused('odd headers', {
      host: 'evil.example:99999', 'x-forwarded-host': 'a, b, evil.example', 'x-forwarded-for': 'not-an-ip, ::::1', 'x-language': '../../etc/passwd',
      'accept-language': `${'zz-ZZ,'.repeat(500)}*`, traceparent: '00-zzzz-yyyy-01', 'x-request-id': '../../etc', origin: 'null',
    }),
    refused('broken cookies', { [RAW_COOKIE]: `sid=%ZZ; csrf_token=%; disp_language=../../x; ${'c'.repeat(3000)}=1` }),
  );
  // Number literals JSON.stringify cannot write (JSON.parse makes them ±Infinity or rounds them),
  // in every field; kept where the schema refuses them (a route without fields would accept them).
  if (!query) {
    const fields = Object.keys(fieldsOf(route.request));
    for (const [label, literal] of [['1e400', '1e400'], ['-1e400', '-1e400'], ['400 digits', '9'.repeat(400)], ['-0.0e-999', '-0.0e-999']]) {
      const body = `{${(fields.length ? fields : ['x']).map((f) => `${JSON.stringify(f)}:${literal}`).join(',')}}`;
      const request: MalformedRequest = { label: `number literal ${label} in every field`, method: route.method, url: path, headers: { 'content-type': 'application/json' }, body };
      if (schemaRefuses(route, request)) requests.push(request);
    }
  }
  return requests;
}


/** Percent-encoding that takes any string (a lone surrogate goes as U+FFFD, as a browser would send it). */
const encode = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** The query string a GET or DELETE sends for an input object (arrays repeat the key). */
function toQuery(input: unknown): string {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return `value=${encode(JSON.stringify(input) ?? '')}`;
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      const text = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
      pairs.push(`${encode(key)}=${encode(text)}`);
    }
  }
  return pairs.join('&');
}

function generatedRequest(route: ApiRoute, input: unknown, label: string): MalformedRequest {
  const path = `/v1${route.path.replace(/:(\w+)/g, (_m, name: string) => encode(`fuzz-${name}`))}`;
  if (route.method === 'GET' || route.method === 'DELETE') return { label, method: route.method, url: `${path}?${toQuery(input)}`, headers: {} };
  // JSON.stringify drops a `__proto__` own key's name only when it is an accessor; JSON.parse'd ones stay.
  return { label, method: route.method, url: path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) ?? 'null' };
}

/** Whether the gateway or the route's schema must refuse this input (so the call may write nothing). */
function schemaRefuses(route: ApiRoute, request: MalformedRequest): boolean {
  let input: unknown;
  if (route.method === 'GET' || route.method === 'DELETE') {
    const query: Record<string, string | string[]> = Object.create(null);
    for (const [k, v] of new URL(request.url, 'http://x').searchParams) {
      const seen = query[k];
      query[k] = seen === undefined ? v : Array.isArray(seen) ? [...seen, v] : [seen, v];
    }
    input = query;
  } else {
    try { input = JSON.parse(request.body ?? ''); } catch { return true; }
  }
  return unsafeInput(input) !== null || !route.request.safeParse(input ?? {}).success || route.multipart === true;
}

/** n distinct picks from a list, spread by a seeded offset so that every kind of case comes up across routes. */
function sample<T>(list: readonly T[], n: number, offset: number): T[] {
  if (list.length <= n) return [...list];
  const step = list.length / n;
  return Array.from({ length: n }, (_, i) => list[(offset + Math.floor(i * step)) % list.length]!);
}

describe('the fuzz tier: every route, every caller, generated and corpus input', () => {
  let portal: TestPortal;
  let base: URL;
  const http = new HttpAgent({ keepAlive: true, maxSockets: CONCURRENCY });
  // A stopped clock: a session's "last used" is touched at most once a minute, so the session
  // checks of the run write nothing either.
  const clock = new ManualClock(new Date('2026-11-24T03:00:00Z'));
  const callers: Caller[] = [];
  let sent = 0;
  const failures: string[] = [];
  /** Answers per access_status code, per phase: shows how far the generated calls got. */
  const codes: Record<string, number> = {};

  const principalOf = async (agent: Agent, name: string): Promise<TPrincipal> => {
    const answer = await portal.transport.request<unknown>(INTERNAL_ROUTES.sessionResolve.subject, { token: agent.cookies.get('sid') }, {
      headers: { [Headers.requestId]: `fuzz-${name}-0001`, [Headers.region]: 'jpn', [Headers.language]: 'ja-jp', [Headers.clientIp]: '127.0.0.1' },
      timeoutMs: 10_000,
    });
    const principal = answer.ok ? INTERNAL_ROUTES.sessionResolve.response.parse(answer.data).principal : null;
    if (!principal) throw new Error(`no principal for ${name}`);
    return principal;
  };

  beforeAll(async () => {
    const started = Date.now();
    portal = await startTestPortal({
      transport: 'in-process', clock, web: true,
      // No periodic sweep inside the run: any write between the two snapshots is the fuzz's.
      env: { RATE_LIMIT_PER_MINUTE: '10000000', BASIC_AUTH_USER: BASIC.user, BASIC_AUTH_PASSWORD: BASIC.password, INVITATION_SWEEP_SECONDS: '86400' },
    });
    base = new URL(portal.url.replace('//localhost:', '//127.0.0.1:'));
    callers.push({ name: 'anonymous', agent: new Agent(portal), principal: null });
    // Side by side: each login is a password hash.
    callers.push(...await Promise.all(([
      ['owner', 'owner@example.com', 'Owner#2026'], ['admin', 'admin@example.com', 'Admin#2026'], ['user', 'user@example.com', 'User#2026'],
      ['partner', 'partner@example.com', 'Partner#2026'], ['operator', 'operator@example.com', 'Operator#2026'],
    ] as const).map(async ([name, email, password]): Promise<Caller> => {
      const agent = new Agent(portal);
      const login = async () => (await agent.login(email, password)).body?.result?.access_status?.code === 20000;
      expect(await login(), name).toBe(true);
      return { name, agent, principal: await principalOf(agent, name), relogin: login };
    })));
    // A partner's support session in the demo client (spec §6 "support login").
    const support = new Agent(portal);
    const supportLogin = async () => {
      const actor = new Agent(portal);
      if ((await actor.login('partner@example.com', 'Partner#2026')).body?.result?.access_status?.code !== 20000) return false;
      const issued = await actor.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.client });
      const url = issued.body?.result?.url as string | undefined;
      if (!url) return false;
      support.cookies.clear();
      const used = await support.call('POST', '/v1/proxy_login', { access_token: decodeURIComponent(url.split('/proxy_login/')[1]!) });
      return used.body?.result?.access_status?.code === 20000;
    };
    expect(await supportLogin(), 'support session').toBe(true);
    callers.push({ name: 'support session', agent: support, principal: await principalOf(support, 'support'), relogin: supportLogin });
    console.info(`fuzz set-up (portal with the SPA, ${callers.length - 1} logins): ${Date.now() - started} ms`);
  });
  afterAll(async () => {
    const started = Date.now();
    http.destroy();
    // Every call has its answer: the server need not wait out its keep-alive timeout (72 s) for
    // connections whose client end is still closing (the tear-down took that long now and then).
    (portal?.gateway.app.getHttpServer() as HttpServer | undefined)?.closeAllConnections();
    await portal?.close();
    console.info(`fuzz tear-down: ${Date.now() - started} ms`);
  });

  /** Rows and their last writing transaction, per table of every schema: an insert, update or delete changes it. */
  const snapshot = async () => {
    const tables = await portal.db.query<{ s: string; t: string }>(
      "SELECT table_schema AS s, table_name AS t FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2");
    const sql = tables.map(({ s, t }) => `SELECT '${s}.${t}' AS name, count(*)::int AS n, coalesce(max(xmin::text::bigint), 0)::text AS x FROM "${s}"."${t}"`).join(' UNION ALL ');
    const rows = await portal.db.query<{ name: string; n: number; x: string }>(sql);
    return Object.fromEntries(rows.map((r) => [r.name, `${r.n}/${r.x}`]));
  };

  const admits = (route: ApiRoute, caller: Caller) =>
    route.policy.access === 'basic_auth' ? caller.principal === null : evaluatePolicy(route.policy, caller.principal) === 'allow';

  /** One raw HTTP call (node:http, so that the path goes as written: no URL normalisation). */
  const send = (c: Case): Promise<{ status: number; text: string }> => new Promise((resolve, reject) => {
    const { [NO_HOST]: noHost, [RAW_COOKIE]: rawCookie, ...given } = c.request.headers;
    const headers: Record<string, string | number> = { ...given, 'user-agent': 'portal-fuzz' };
    const { cookies } = c.caller.agent;
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (rawCookie) headers.cookie = rawCookie;
    const csrf = cookies.get('csrf_token');
    if (csrf) headers['x-csrf-token'] = csrf;
    if (c.route.policy.access === 'basic_auth' && c.caller.principal === null) headers.authorization = `Basic ${Buffer.from(`${BASIC.user}:${BASIC.password}`).toString('base64')}`;
    const body = c.request.body === undefined ? undefined : Buffer.from(c.request.body);
    if (body) headers['content-length'] = body.length;
    const req = httpRequest({ host: base.hostname, port: base.port, path: c.request.url, method: c.request.method, headers, agent: http, setHost: !noHost }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });

  const check = (c: Case, answer: { status: number; text: string }): { code?: number } => {
    const where = `${c.request.method} ${c.request.url.slice(0, 120)} as ${c.caller.name} [${c.label}] (FUZZ_SEED=${SEED})`;
    let body: { result?: { access_status?: { code?: unknown; message?: unknown } } } | undefined;
    try { body = JSON.parse(answer.text); } catch { /* reported below */ }
    const status = body?.result?.access_status;
    const code = typeof status?.code === 'number' ? status.code : undefined;
    const problems: string[] = [];
    // A page path (outside /v1, as `//v1/…` and `/V1/…` are) belongs to the SPA: its index.html.
    const pagePath = c.request.method === 'GET' && !c.request.url.startsWith('/v1/');
    if (pagePath && answer.status === 200 && answer.text.startsWith('<!doctype html>')) return {};
    // A streamed CSV download (issue 25's audit-log export) answers its file, not the envelope, once
    // accepted: a file with its header row (BOM first), never a 5xx or an internal name.
    if (c.route.download?.kind === 'csv' && answer.status === 200 && answer.text.startsWith('\uFEFF')) {
      const leak = INTERNAL.exec(answer.text);
      if (leak) failures.push(`${where}: internal name "${leak[0]}" in the file`);
      if (c.refusal) failures.push(`${where}: accepted a call that must be refused`);
      return { code: AccessCode.OK };
    }
    if (answer.status >= 500) problems.push(`HTTP ${answer.status}`);
    if (code === undefined || typeof status?.message !== 'string' || status.message === '') problems.push('no envelope');
    else if (!ACCESS_CODES.includes(code as TAccessCode)) problems.push(`unknown code ${code}`);
    else if (httpStatusFor(code as TAccessCode) !== answer.status && !(STATUS_EXCEPTIONS[code] ?? []).includes(answer.status)) problems.push(`HTTP ${answer.status} for ${code}`);
    if (code === AccessCode.SERVER_ERROR) problems.push('50000');
    const leak = INTERNAL.exec(answer.text);
    if (leak) problems.push(`internal name "${leak[0]}"`);
    if (c.refusal && code === AccessCode.OK) problems.push('accepted a call that must be refused');
    if (problems.length) failures.push(`${where}: ${problems.join(', ')}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
    return { code };
  };

  const stale = new Map<Caller, Promise<boolean>>();
  const run = async (cases: Case[]) => {
    let next = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < cases.length) {
        const c = cases[next++]!;
        await stale.get(c.caller);
        let answer: { status: number; text: string };
        try {
          answer = await send(c);
        } catch (error) {
          failures.push(`${c.request.method} ${c.request.url.slice(0, 120)} as ${c.caller.name} [${c.label}] (FUZZ_SEED=${SEED}): ${(error as Error).message}`);
          continue;
        }
        sent += 1;
        const { code } = check(c, answer);
        const tally = `${c.refusal ? 1 : 2}:${code ?? 'page'}`;
        codes[tally] = (codes[tally] ?? 0) + 1;
        // A generated call ended the caller's session (logout, a permission withdrawn): log in again.
        if (code === AccessCode.TOKEN_EXPIRED && c.caller.relogin && !c.request.headers[RAW_COOKIE] && !stale.has(c.caller) && admits(c.route, c.caller)) {
          const relogin = c.caller.relogin;
          stale.set(c.caller, relogin().catch(() => false).finally(() => stale.delete(c.caller)));
        }
      }
    }));
  };

  it('answers every malformed, generated-invalid or refused call with a refusal envelope, and writes nothing', async () => {
    const started = Date.now();
    const cpu = process.cpuUsage();
    await portal.settle();
    const before = await snapshot();
    const mailsBefore = portal.mailbox.messages({}).length;
    const random = fc.sample(fc.integer(), { numRuns: 1, seed: SEED })[0]!;
    const cases: Case[] = [];
    for (const [index, route] of API_ROUTE_LIST.entries()) {
      const corpus = [...malformedRequests(route, { oversized: index % 8 === 0 }), ...urlCorpus(route)];
      const invalidInputs = fc.sample(invalid(route.request, HINTS), { numRuns: CASES * 4 * callers.length, seed: SEED + index })
        .map((input, i) => generatedRequest(route, input, `generated invalid #${i}`))
        .filter((request) => schemaRefuses(route, request));
      const validInputs = fc.sample(validish(route.request, HINTS), { numRuns: CASES * callers.length, seed: SEED + 7919 * (index + 1) })
        .map((input, i) => generatedRequest(route, input, `generated valid-ish #${i}`));
      for (const [n, caller] of callers.entries()) {
        const admitted = admits(route, caller);
        // A caller the route admits gets more of the corpus; one it refuses is refused before validation anyway.
        for (const request of sample(corpus, admitted ? CASES + 2 : Math.ceil(CASES / 2), Math.abs(random + index * 31 + n * 7))) {
          cases.push({ route, caller, label: request.label, request, refusal: true });
        }
        // A refused caller is refused before validation: half as many of those.
        const generated = admitted ? invalidInputs.slice(n * CASES, (n + 1) * CASES) : validInputs.slice(n * CASES, n * CASES + Math.ceil(CASES / 2));
        for (const request of generated) cases.push({ route, caller, label: request.label, request, refusal: true });
      }
    }
    const sending = Date.now();
    await run(cases);
    console.info(`fuzz phase 1: sending took ${Date.now() - sending} ms`);
    expect(failures).toEqual([]);
    await portal.settle();
    expect(await snapshot(), `a refused call wrote (FUZZ_SEED=${SEED})`).toEqual(before);
    expect(portal.mailbox.messages({}).length, `a refused call sent mail (FUZZ_SEED=${SEED})`).toBe(mailsBefore);
    // Client and portal share this process: its CPU time is the run's cost, whatever else loads the machine.
    const { user, system } = process.cpuUsage(cpu);
    console.info(`fuzz phase 1 (refusals): ${cases.length} calls over ${API_ROUTE_LIST.length} routes and ${callers.length} callers in ${Date.now() - started} ms, ${Math.round((user + system) / 1000)} ms CPU (FUZZ_CASES=${CASES}, FUZZ_SEED=${SEED})`);
  }, 300_000);

  it('answers valid-ish generated calls from every caller a route admits with the envelope, never a 5xx or an internal name', async () => {
    failures.length = 0;
    const started = Date.now();
    const cpu = process.cpuUsage();
    const cases: Case[] = [];
    for (const [index, route] of API_ROUTE_LIST.entries()) {
      const inputs = fc.sample(validish(route.request, HINTS), { numRuns: CASES * callers.length, seed: SEED + 104729 * (index + 1) });
      for (const [n, caller] of callers.entries()) {
        if (!admits(route, caller)) continue;
        for (const [i, input] of inputs.slice(n * CASES, (n + 1) * CASES).entries()) {
          cases.push({ route, caller, label: `generated valid-ish #${i}`, request: generatedRequest(route, input, `generated valid-ish #${i}`), refusal: false });
        }
      }
    }
    // Routes that end sessions or withdraw permissions last, so that fewer calls meet an ended session.
    const ending = (c: Case) => (c.route.session === 'destroy' || /logout|proxyLoginSetting|session/i.test(c.route.path) ? 1 : 0);
    cases.sort((a, b) => ending(a) - ending(b));
    await run(cases);
    expect(failures).toEqual([]);
    const { user, system } = process.cpuUsage(cpu);
    console.info(`fuzz phase 2 (valid-ish): ${cases.length} calls in ${Date.now() - started} ms, ${Math.round((user + system) / 1000)} ms CPU; ${sent} calls in all (FUZZ_CASES=${CASES}, FUZZ_SEED=${SEED}); answers by phase:code ${JSON.stringify(codes)}`);
  }, 300_000);
});
