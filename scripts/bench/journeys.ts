/**
 * Scenario `journeys` (issue 15): the calls of the k6 journeys in deploy/k6 (client area,
 * plan-change preview, billing list, and the usage dashboard when the tree has it), each measured
 * with autocannon as the demo owner against the distributed stack (gateway and five services over
 * NATS), under the same names as the k6 requests, so that k6 figures from a cluster and these can
 * be compared. The login and CSV-invite journeys are the `login` and `csv-invite` scenarios.
 */
import { API_ROUTES } from '@portal/proto';
import { ownerSession, startStack } from './accounts.js';
import { measure, type LoadOptions, type RequestSpec, type Scenario, type ScenarioResult } from './lib/harness.js';

const day = (daysAgo: number) => new Date(Date.now() + 9 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
const hasDashboard = Object.values(API_ROUTES).some((r) => r.method === 'POST' && r.path.startsWith('/logs/'));

const CALLS: Array<{ name: string; path: string; body?: unknown }> = [
  { name: 'GET /v1/user-auth', path: '/v1/user-auth' },
  { name: 'GET /v1/product', path: '/v1/product' },
  { name: 'GET /v1/notice/news_num', path: '/v1/notice/news_num' },
  { name: 'GET /v1/notice/list', path: '/v1/notice/list' },
  { name: 'GET /v1/client/company', path: '/v1/client/company' },
  { name: 'GET /v1/user/list', path: '/v1/user/list' },
  { name: 'GET /v1/plan/client-list', path: '/v1/plan/client-list' },
  { name: 'POST /v1/plan/apply_info', path: '/v1/plan/apply_info', body: { product: 'bownow', plan_id: 'bownow_pro', option_ids: [] } },
  { name: 'GET /v1/billing/list', path: '/v1/billing/list' },
  ...(hasDashboard ? [{ name: 'POST /v1/logs/{product} (30 days)', path: '/v1/logs/bownow', body: { from: day(29), to: day(0), unit: 'day' } }] : []),
];

export const journeys: Scenario = {
  name: 'journeys',
  description: 'the k6 journeys\' calls (client area, plan preview, billing list, dashboard), each measured as the demo owner over NATS',
  async run(load: LoadOptions): Promise<ScenarioResult> {
    const stack = await startStack(['identity', 'licence', 'billing', 'notification', 'usage-log']);
    try {
      const session = await ownerSession(stack.base);
      const perCall = { ...load, warmupSeconds: Math.min(load.warmupSeconds, 1), durationSeconds: Math.max(2, Math.round(load.durationSeconds / 3)) };
      const results: ScenarioResult[] = [];
      for (const call of CALLS) {
        const spec: RequestSpec = call.body === undefined
          ? { headers: { cookie: session.cookie! } }
          : { method: 'POST', body: JSON.stringify(call.body), headers: { ...session, 'content-type': 'application/json' } };
        results.push(await measure(call.name, `${stack.base}${call.path}`, perCall, spec));
      }
      const requests = results.reduce((n, r) => n + r.requests, 0);
      const seconds = results.reduce((n, r) => n + r.durationSeconds, 0);
      return {
        scenario: this.name,
        url: stack.base,
        reqPerSec: Math.round(requests / seconds),
        latencyP50Ms: Math.max(...results.map((r) => r.latencyP50Ms)),
        latencyP99Ms: Math.max(...results.map((r) => r.latencyP99Ms)),
        latencyMeanMs: Math.round((results.reduce((n, r) => n + r.latencyMeanMs * r.requests, 0) / requests) * 100) / 100,
        requests,
        non2xx: results.reduce((n, r) => n + r.non2xx, 0),
        errors: results.reduce((n, r) => n + r.errors, 0),
        timeouts: results.reduce((n, r) => n + r.timeouts, 0),
        durationSeconds: seconds,
        connections: perCall.connections,
        pipelining: perCall.pipelining,
        extra: Object.fromEntries(results.flatMap((r) => [[`${r.scenario} req/s`, r.reqPerSec], [`${r.scenario} p99 ms`, r.latencyP99Ms], [`${r.scenario} non-2xx`, r.non2xx]])),
      };
    } finally {
      await stack.stop();
    }
  },
};
