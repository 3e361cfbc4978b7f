import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTE_LIST, evaluatePolicy, Headers, INTERNAL_ROUTES, type ApiRoute, type TPrincipal } from '@portal/proto';
import { ManualClock } from '@portal/service-common/clock';
import { Agent } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';
import { malformedRequests, type MalformedRequest } from '../support/malformed.js';

/**
 * Every /v1 route against malformed input, generated from its contract (tests/support/malformed.ts):
 * no 5xx, always the envelope (40011, never Fastify's or a library's words), and nothing written
 * anywhere (every table of every shard and service, and the mailbox, the same before and after).
 * Each route is called as someone its policy admits (docs/decisions.md, "Hardening: envelope and
 * login edges"), so the input reaches the gateway's validation rather than stopping at the policy.
 * One portal, the requests sent side by side.
 */
const MIN_PER_ROUTE = 50;
const CONCURRENCY = 16;
const BASIC = { user: 'fuzz', password: 'fuzz-password-1' };

describe('malformed input on every /v1 route', () => {
  let portal: TestPortal;
  // A stopped clock: a session's "last used" is touched at most once a minute, so the session
  // checks of the run write nothing either.
  const clock = new ManualClock(new Date('2026-11-24T03:00:00Z'));
  const callers: { name: string; agent: Agent; principal: TPrincipal | null }[] = [];

  beforeAll(async () => {
    portal = await startTestPortal({
      transport: 'in-process', clock,
      // No periodic sweep inside the run: any write between the two snapshots is the fuzz's.
      env: { RATE_LIMIT_PER_MINUTE: '1000000', BASIC_AUTH_USER: BASIC.user, BASIC_AUTH_PASSWORD: BASIC.password, INVITATION_SWEEP_SECONDS: '86400' },
    });
    callers.push({ name: 'anonymous', agent: new Agent(portal), principal: null });
    for (const [name, email, password] of [
      ['owner', 'owner@example.com', 'Owner#2026'], ['admin', 'admin@example.com', 'Admin#2026'],
      ['partner', 'partner@example.com', 'Partner#2026'], ['operator', 'operator@example.com', 'Operator#2026'],
    ] as const) {
      const agent = new Agent(portal);
      expect((await agent.login(email, password)).body.result.access_status.code, name).toBe(20000);
      const answer = await portal.transport.request<unknown>(INTERNAL_ROUTES.sessionResolve.subject, { token: agent.cookies.get('sid') }, {
        headers: { [Headers.requestId]: `fuzz-${name}-0001`, [Headers.region]: 'jpn', [Headers.language]: 'ja-jp', [Headers.clientIp]: '127.0.0.1' },
        timeoutMs: 10_000,
      });
      if (!answer.ok) throw new Error(`no principal for ${name}`);
      callers.push({ name, agent, principal: INTERNAL_ROUTES.sessionResolve.response.parse(answer.data).principal });
    }
  });
  afterAll(async () => {
    await portal?.close();
  });

  /** Someone the route's policy admits: nobody for public routes, else the first logged-in caller it allows. */
  const callerFor = (route: ApiRoute) => route.policy.access === 'auth'
    ? callers.find((c) => c.principal && evaluatePolicy(route.policy, c.principal) === 'allow')
    : callers[0];

  /** Rows and their last writing transaction, per table of every schema: an insert, update or delete changes it. */
  const snapshot = async () => {
    const tables = await portal.db.query<{ s: string; t: string }>(
      "SELECT table_schema AS s, table_name AS t FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2");
    const sql = tables.map(({ s, t }) => `SELECT '${s}.${t}' AS name, count(*)::int AS n, coalesce(max(xmin::text::bigint), 0)::text AS x FROM "${s}"."${t}"`).join(' UNION ALL ');
    const rows = await portal.db.query<{ name: string; n: number; x: string }>(sql);
    return Object.fromEntries(rows.map((r) => [r.name, `${r.n}/${r.x}`]));
  };

  let base = '';
  const send = async (request: MalformedRequest, caller: { agent: Agent }) => {
    const headers: Record<string, string> = { ...request.headers };
    const { cookies } = caller.agent;
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = cookies.get('csrf_token');
    if (csrf) headers['x-csrf-token'] = csrf;
    headers.authorization = `Basic ${Buffer.from(`${BASIC.user}:${BASIC.password}`).toString('base64')}`;
    // The loopback address itself: `localhost` costs a name look-up on every call.
    const res = await fetch(`${base}${request.url}`, { method: request.method, headers, body: request.body });
    return { status: res.status, text: await res.text() };
  };

  it(`refuses at least ${MIN_PER_ROUTE} malformed requests per route with a 4xx envelope, and writes nothing`, async () => {
    base = portal.url.replace('//localhost:', '//127.0.0.1:');
    await portal.settle();
    const before = await snapshot();
    const mailsBefore = portal.mailbox.messages({}).length;

    const work: { route: ApiRoute; request: MalformedRequest; caller: (typeof callers)[number] }[] = [];
    const counts: Record<string, number> = {};
    for (const [index, route] of API_ROUTE_LIST.entries()) {
      const caller = callerFor(route);
      expect(caller, `${route.method} ${route.path}: no demo account passes its policy`).toBeDefined();
      const requests = malformedRequests(route, { oversized: index % 4 === 0 });
      counts[`${route.method} ${route.path}`] = requests.length;
      for (const request of requests) work.push({ route, request, caller: caller! });
    }
    expect(Object.entries(counts).filter(([, n]) => n < MIN_PER_ROUTE)).toEqual([]);

    const failures: string[] = [];
    const started = Date.now();
    const cpu = process.cpuUsage();
    let next = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < work.length) {
        const { route, request, caller } = work[next++]!;
        const where = `${route.method} ${route.path} as ${caller.name} [${request.label}]`;
        let answer: { status: number; text: string };
        try {
          answer = await send(request, caller);
        } catch (error) {
          failures.push(`${where}: ${(error as Error).message}`);
          continue;
        }
        let body: { result?: { access_status?: { code?: unknown; message?: unknown } } } | undefined;
        try { body = JSON.parse(answer.text); } catch { /* not JSON: reported below */ }
        const status = body?.result?.access_status;
        const envelope = typeof status?.code === 'number' && typeof status.message === 'string' && status.message !== '';
        if (answer.status < 400 || answer.status >= 500 || !envelope || status!.code !== 40011 || /FST_|Error|Boundary|Unexpected/.test(answer.text)) {
          failures.push(`${where}: HTTP ${answer.status} ${answer.text.slice(0, 160)}`);
        }
      }
    }));
    const elapsed = Date.now() - started;
    const { user, system } = process.cpuUsage(cpu);

    expect(failures).toEqual([]);
    await portal.settle();
    expect(await snapshot()).toEqual(before);
    expect(portal.mailbox.messages({}).length).toBe(mailsBefore);
    // The run's size and pace, for the closing note.
    // (client and portal share this process, so its CPU time is the whole run's cost, whatever else loads the machine)
    console.info(`input fuzz: ${work.length} requests over ${API_ROUTE_LIST.length} routes in ${elapsed} ms, ${Math.round((user + system) / 1000)} ms CPU (min ${Math.min(...Object.values(counts))} per route)`);
    // About 10 s of CPU: the margin is for a machine that other runs load.
  }, 180_000);
});
