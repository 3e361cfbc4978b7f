// k6 load scenario: GET /v1/maintenance/status (public, no session) against a deployed portal.
//
//   k6 run -e BASE_URL=https://portal.example.jp deploy/k6/maintenance-status.js
//
// Options (all -e): BASE_URL (default http://localhost:8080), HOST (a Host header to send, when
// BASE_URL is an IP or a port-forward), PEAK_VUS (default 200), HOLD (default 2m).
// The run fails (non-zero exit) when a threshold below is crossed.
import http from 'k6/http';
import { check } from 'k6';
import { Rate, Trend } from 'k6/metrics';
import { EXPECTED_STATUSES, maintenanceStatusVerdict } from './lib/envelope.js';

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/$/, '');
const HOST = __ENV.HOST || '';
const PEAK_VUS = parseInt(__ENV.PEAK_VUS || '200', 10);
const HOLD = __ENV.HOLD || '2m';

// A maintenance window answers 503 with 50001: an expected answer, not a failed request.
http.setResponseCallback(http.expectedStatuses(...EXPECTED_STATUSES));

const envelopeOk = new Rate('envelope_ok');
const serviceTime = new Trend('maintenance_status_duration', true);

export const options = {
  scenarios: {
    ramping: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '30s', target: Math.ceil(PEAK_VUS / 4) }, // warm-up
        { duration: '1m', target: PEAK_VUS },                  // ramp to peak
        { duration: HOLD, target: PEAK_VUS },                  // hold the peak
        { duration: '30s', target: 0 },                        // ramp down
      ],
      gracefulRampDown: '10s',
    },
  },
  thresholds: {
    // Fewer than 0.1% failed requests (network errors, or a status other than 200 / 503); abort
    // early if it goes badly.
    http_req_failed: [{ threshold: 'rate<0.001', abortOnFail: true, delayAbortEval: '30s' }],
    http_req_duration: ['p(95)<200', 'p(99)<500'],
    // The body is the portal envelope with access_status 20000 (or 50001 during maintenance).
    envelope_ok: ['rate>0.999'],
    checks: ['rate>0.999'],
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
};

const params = {
  headers: /** @type {Record<string, string>} */ (Object.assign({ accept: 'application/json' }, HOST ? { Host: HOST } : {})),
  tags: { name: 'GET /v1/maintenance/status' },
};

export default function () {
  const res = http.get(`${BASE_URL}/v1/maintenance/status`, params);
  serviceTime.add(res.timings.duration);
  let body = null;
  try {
    body = res.json();
  } catch (_) {
    body = null;
  }
  const verdict = maintenanceStatusVerdict(res.status, body);
  const ok = check(res, {
    'status matches the envelope (200/20000, 503/50001)': () => verdict.statusMatchesCode,
    'envelope carries access_status': () => verdict.envelope,
    'maintenance flag matches the code': () => verdict.maintenanceFlag,
  });
  envelopeOk.add(ok);
}
