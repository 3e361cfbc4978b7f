/**
 * Scenario `billing-preview`: the two slow calls the journeys showed, each on its own with the CPU
 * each process spends per request (less sensitive to a shared machine than req/s):
 *  - GET /v1/billing/list, the demo owner's invoice history (gateway -> NATS -> billing, which asks
 *    licence for the next invoice when none is open);
 *  - POST /v1/plan/apply_info, the plan-change preview (gateway -> licence -> billing's invoiceQuote).
 */
import { ownerSession, startStack } from './accounts.js';
import { benchDatabase, CpuMeter, measure, type LoadOptions, type RequestSpec, type Scenario, type ScenarioResult } from './lib/harness.js';

const CALLS: Array<{ name: string; path: string; body?: unknown }> = [
  { name: 'GET /v1/billing/list', path: '/v1/billing/list' },
  { name: 'POST /v1/plan/apply_info', path: '/v1/plan/apply_info', body: { product: 'bownow', plan_id: 'bownow_pro', option_ids: [] } },
];

export const billingPreview: Scenario = {
  name: 'billing-preview',
  description: 'GET /v1/billing/list and POST /v1/plan/apply_info as the demo owner over NATS, with CPU per request by process',
  async run(load: LoadOptions): Promise<ScenarioResult> {
    const stack = await startStack(['identity', 'licence', 'billing']);
    try {
      const session = await ownerSession(stack.base);
      const results: ScenarioResult[] = [];
      const extra: Record<string, number | string> = {};
      for (const call of CALLS) {
        const spec: RequestSpec = call.body === undefined
          ? { headers: { cookie: session.cookie! } }
          : { method: 'POST', body: JSON.stringify(call.body), headers: { ...session, 'content-type': 'application/json' } };
        const res = await fetch(`${stack.base}${call.path}`, { method: spec.method ?? 'GET', headers: spec.headers, body: spec.body });
        if (res.status !== 200) throw new Error(`${call.name}: HTTP ${res.status} ${await res.text()}`);
        const cpu = new CpuMeter(stack.pids, benchDatabase(stack.db));
        const result = await measure(call.name, `${stack.base}${call.path}`, load, spec, { beforeMeasure: () => cpu.start() });
        results.push(result);
        extra[`${call.name} req/s`] = result.reqPerSec;
        extra[`${call.name} p99 ms`] = result.latencyP99Ms;
        extra[`${call.name} non-2xx`] = result.non2xx;
        for (const [k, v] of Object.entries(cpu.microsecondsPer(result.requests))) extra[`${call.name} cpu us/request ${k}`] = v;
      }
      const requests = results.reduce((n, r) => n + r.requests, 0);
      const seconds = results.reduce((n, r) => n + r.durationSeconds, 0);
      return {
        scenario: this.name, url: stack.base, reqPerSec: Math.round(requests / seconds),
        latencyP50Ms: Math.max(...results.map((r) => r.latencyP50Ms)), latencyP99Ms: Math.max(...results.map((r) => r.latencyP99Ms)),
        latencyMeanMs: Math.round((results.reduce((n, r) => n + r.latencyMeanMs * r.requests, 0) / requests) * 100) / 100,
        requests, non2xx: results.reduce((n, r) => n + r.non2xx, 0), errors: results.reduce((n, r) => n + r.errors, 0),
        timeouts: results.reduce((n, r) => n + r.timeouts, 0), durationSeconds: seconds, connections: load.connections, pipelining: load.pipelining, extra,
      };
    } finally {
      await stack.stop();
    }
  },
};
