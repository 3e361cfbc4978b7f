// @ts-check
// Shared by the journeys of deploy/k6: where the portal is, how a browser calls it (cookies, the
// CSRF header), what an answer must look like, and the thresholds (docs/operations.md, "Load
// tests"). Plain k6 JavaScript, type-checked with @types/k6 (deploy/k6/tsconfig.json).
import http from 'k6/http';
import { check, sleep } from 'k6';

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/$/, '');
/** A Host header to send (when BASE_URL is an IP or a port-forward): it picks region and language. */
export const HOST = __ENV.HOST || '';
/** Think time between a user's steps, seconds (0 in the smoke run). */
export const THINK_TIME = Number(__ENV.THINK_TIME ?? '1');
/** Virtual users at the peak and how long it is held (the load profile of every journey). */
const PEAK_VUS = parseInt(__ENV.PEAK_VUS || '20', 10);
const HOLD = __ENV.HOLD || '2m';

/**
 * The performance goals (issue 9 §6-7, docs/design/usage.md; docs/operations.md, "Load tests"):
 * fewer than 0.1% failed requests, every check true, and a p95 per call. `p95` maps a request
 * name (the `name` tag) to its p95 goal in ms.
 * @param {Record<string, number>} p95
 */
export function thresholds(p95) {
  /** @type {Record<string, Array<string | { threshold: string, abortOnFail?: boolean, delayAbortEval?: string }>>} */
  const out = {
    http_req_failed: [{ threshold: 'rate<0.001', abortOnFail: true, delayAbortEval: '30s' }],
    checks: ['rate>0.999'],
  };
  for (const [name, ms] of Object.entries(p95)) out[`http_req_duration{name:${name}}`] = [`p(95)<${ms}`];
  return out;
}

/**
 * k6 options of a journey: a ramp to PEAK_VUS, held for HOLD, and the thresholds.
 * @param {Record<string, number>} p95
 * @returns {import('k6/options').Options}
 */
export function journeyOptions(p95) {
  return {
    scenarios: {
      ramping: {
        executor: 'ramping-vus',
        startVUs: 0,
        stages: [
          { duration: '30s', target: Math.ceil(PEAK_VUS / 4) },
          { duration: '1m', target: PEAK_VUS },
          { duration: HOLD, target: PEAK_VUS },
          { duration: '30s', target: 0 },
        ],
        gracefulRampDown: '10s',
      },
    },
    thresholds: thresholds(p95),
    summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
  };
}

/**
 * Headers of a call as the SPA sends them: JSON, the Host, and on state-changing calls the CSRF
 * token echoed from its readable cookie (double submit).
 * @param {string} method
 * @param {Record<string, string>} [extra]
 */
export function headers(method, extra = {}) {
  /** @type {Record<string, string>} */
  const h = { accept: 'application/json', ...extra };
  if (HOST) h.Host = HOST;
  if (method !== 'GET') {
    const csrf = http.cookieJar().cookiesForURL(`${BASE_URL}/v1/`).csrf_token;
    if (csrf && csrf[0]) h['x-csrf-token'] = csrf[0];
  }
  return h;
}

/**
 * The answer's envelope (DESIGN §3): `result.access_status.code`.
 * @param {import('k6/http').RefinedResponse<any>} res
 * @returns {any}
 */
export function result(res) {
  try {
    const body = /** @type {any} */ (res.json());
    return body && typeof body === 'object' ? body.result : undefined;
  } catch (_) {
    return undefined;
  }
}

/**
 * A /v1 call named `name` (the tag thresholds select on), checked for HTTP 200 and code 20000.
 * @param {'GET' | 'POST' | 'PUT' | 'DELETE'} method
 * @param {string} path under /v1
 * @param {string} name
 * @param {unknown} [body] JSON body, or a k6 multipart object
 * @param {{ multipart?: boolean }} [opts]
 */
export function call(method, path, name, body, opts = {}) {
  const url = `${BASE_URL}/v1${path}`;
  /** @type {any} */
  let payload = null;
  /** @type {Record<string, string>} */
  let extra = {};
  if (body !== undefined && !opts.multipart) {
    payload = JSON.stringify(body);
    extra = { 'content-type': 'application/json' };
  } else if (body !== undefined) {
    payload = body;
  }
  const res = http.request(method, url, payload, { headers: headers(method, extra), tags: { name } });
  const r = result(res);
  check(res, {
    [`${name}: HTTP 200`]: (x) => x.status === 200,
    [`${name}: code 20000`]: () => Boolean(r && r.access_status && r.access_status.code === 20000),
  });
  return { res, result: r };
}

/**
 * POST /v1/login with email and password (and the code of the MFA step).
 * @param {string} email
 * @param {string} password
 * @param {string} [authCode]
 * @param {string} [name]
 */
export function login(email, password, authCode, name = 'POST /v1/login') {
  return call('POST', '/login', name, { email, password, privacy_agreed: true, ...(authCode ? { auth_code: authCode } : {}) });
}

export function think() {
  if (THINK_TIME > 0) sleep(THINK_TIME);
}
