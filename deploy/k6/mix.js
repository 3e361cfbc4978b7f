// @ts-check
// The weighted mix: the journeys at once, each its own k6 scenario with its share of the load, as
// the portal sees a working day (issue 24, item 10). One arrival rate, RATE iterations/s in all
// (default 10), split by WEIGHTS; each scenario ramps up, holds for HOLD and ramps down.
//   k6 run -e BASE_URL=https://staging.portal.example.jp -e RATE=20 -e HOLD=10m deploy/k6/mix.js
// Thresholds: fewer than 0.1% failed requests overall (aborts early) and per scenario under 1%,
// every check true, a p95 per scenario, and a p99 overall.
// Writing journeys (plan application, with withdrawal) join only with MIX_WRITES=1 (staging);
// MFA logins only with MFA_SECRET (load-test accounts, see login-mfa.js).
import clientArea from './client-area.js';
import loginOnce from './login.js';
import loginMfa from './login-mfa.js';
import operatorClients from './operator-clients.js';
import planApplication from './plan-application.js';
import planChangePreview from './plan-change-preview.js';
import productSso from './product-sso.js';
import usageIngest, { setup as usageIngestSetup } from './usage-ingest.js';

const RATE = Number(__ENV.RATE || '10');
const HOLD = __ENV.HOLD || '5m';

/**
 * Share of the iterations (sums to 1 over the scenarios that run) and the p95 goal of each
 * scenario's calls (ms). Products' usage events and client users browsing dominate; operators and
 * applications are rare.
 * @type {Record<string, { weight: number, p95: number, on: boolean }>}
 */
export const WEIGHTS = {
  client_area: { weight: 0.35, p95: 200, on: true },
  usage_ingest: { weight: 0.25, p95: 300, on: true },
  product_sso: { weight: 0.15, p95: 200, on: true },
  login: { weight: 0.1, p95: 500, on: true },
  plan_change_preview: { weight: 0.07, p95: 300, on: true },
  operator_clients: { weight: 0.05, p95: 300, on: true },
  plan_application: { weight: 0.02, p95: 500, on: __ENV.MIX_WRITES === '1' },
  login_mfa: { weight: 0.01, p95: 500, on: Boolean(__ENV.MFA_SECRET) },
};

const active = Object.entries(WEIGHTS).filter(([, w]) => w.on);
const total = active.reduce((sum, [, w]) => sum + w.weight, 0);

/** @type {import('k6/options').Options['scenarios']} */
const scenarios = {};
/** @type {Record<string, string[] | Array<{ threshold: string, abortOnFail?: boolean, delayAbortEval?: string }>>} */
const thresholds = {
  http_req_failed: [{ threshold: 'rate<0.001', abortOnFail: true, delayAbortEval: '30s' }],
  checks: ['rate>0.999'],
  http_req_duration: ['p(99)<1000'],
};
for (const [name, w] of active) {
  const rate = Math.max(1, Math.round((RATE * w.weight) / total * 60));
  scenarios[name] = {
    executor: 'ramping-arrival-rate',
    exec: name,
    startRate: 0,
    timeUnit: '1m',
    preAllocatedVUs: Math.max(2, Math.ceil(rate / 30)),
    maxVUs: Math.max(10, Math.ceil(rate / 6)),
    stages: [{ target: rate, duration: '1m' }, { target: rate, duration: HOLD }, { target: 0, duration: '30s' }],
  };
  thresholds[`http_req_duration{scenario:${name}}`] = [`p(95)<${w.p95}`];
  thresholds[`http_req_failed{scenario:${name}}`] = ['rate<0.01'];
}

export const options = {
  scenarios,
  thresholds,
  // Each VU keeps its login across iterations (a user browsing, not logging in again).
  noCookiesReset: true,
  summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
};

export function setup() {
  return { usageIngest: usageIngestSetup() };
}

export const client_area = () => clientArea();
/** @param {{ usageIngest: { key: string, clients: string[] } }} data */
export const usage_ingest = (data) => usageIngest(data.usageIngest);
export const product_sso = () => productSso();
export const login = () => loginOnce();
export const plan_change_preview = () => planChangePreview();
export const operator_clients = () => operatorClients();
export const plan_application = () => planApplication();
export const login_mfa = () => loginMfa();
