// @ts-check
// Journey: a usage dashboard (spec §7, POST /v1/logs/{product}): the last 30 days by day, then
// the last year by month, as the dashboard's term switch asks for them.
//   k6 run -e BASE_URL=https://portal.example.jp deploy/k6/dashboard.js
// PRODUCT: a product the account holds (default bownow).
import { check } from 'k6';
import { call, journeyOptions, login, think } from './lib/portal.js';

const EMAIL = __ENV.LOGIN_EMAIL || 'owner@example.com';
const PASSWORD = __ENV.LOGIN_PASSWORD || 'Owner#2026';
const PRODUCT = __ENV.PRODUCT || 'bownow';

/** @param {number} daysAgo */
const day = (daysAgo) => new Date(Date.now() + 9 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

// docs/design/usage.md: a dashboard over 10 M events at p95 <= 20 ms for the query; 300 ms end to end.
export const options = {
  ...journeyOptions({ 'POST /v1/logs/{product} (30 days)': 300, 'POST /v1/logs/{product} (1 year)': 300 }),
  noCookiesReset: true,
};

export default function () {
  if (__ITER === 0) check(login(EMAIL, PASSWORD, undefined, 'POST /v1/login (setup)').result, { 'dashboard: logged in': (r) => Boolean(r) });
  call('POST', `/logs/${PRODUCT}`, 'POST /v1/logs/{product} (30 days)', { from: day(29), to: day(0), unit: 'day' });
  think();
  call('POST', `/logs/${PRODUCT}`, 'POST /v1/logs/{product} (1 year)', { from: day(364), to: day(0), unit: 'month' });
  think();
}
