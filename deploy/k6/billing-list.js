// @ts-check
// Journey: the billing list (invoice history) of a client owner.
//   k6 run -e BASE_URL=https://portal.example.jp deploy/k6/billing-list.js
import { check } from 'k6';
import { call, journeyOptions, login, think } from './lib/portal.js';

const EMAIL = __ENV.LOGIN_EMAIL || 'owner@example.com';
const PASSWORD = __ENV.LOGIN_PASSWORD || 'Owner#2026';

export const options = {
  ...journeyOptions({ 'GET /v1/billing/list': 200, 'GET /v1/client/billing': 200 }),
  noCookiesReset: true,
};

export default function () {
  if (__ITER === 0) check(login(EMAIL, PASSWORD, undefined, 'POST /v1/login (setup)').result, { 'billing: logged in': (r) => Boolean(r) });
  const { result } = call('GET', '/billing/list', 'GET /v1/billing/list');
  check(result, { 'billing: a list of invoices': (r) => Boolean(r) && Array.isArray(r.invoices) });
  think();
  call('GET', '/client/billing', 'GET /v1/client/billing');
  think();
}
