// @ts-check
// Journey: the plan-change screens up to the preview: the contracts, whether the client may apply,
// the plans on offer, and the preview of a change (amounts, effective month, minimum term).
//   k6 run -e BASE_URL=https://portal.example.jp deploy/k6/plan-change-preview.js
// PRODUCT / PLAN_ID: the plan previewed (default bownow / bownow_pro of the demo catalogue).
import { check } from 'k6';
import { call, journeyOptions, login, think } from './lib/portal.js';

const EMAIL = __ENV.LOGIN_EMAIL || 'owner@example.com';
const PASSWORD = __ENV.LOGIN_PASSWORD || 'Owner#2026';
const PRODUCT = __ENV.PRODUCT || 'bownow';
const PLAN_ID = __ENV.PLAN_ID || 'bownow_pro';

export const options = {
  ...journeyOptions({ 'GET /v1/plan/client-list': 200, 'GET /v1/plan/modify_check': 200, 'GET /v1/plan/base-list': 200, 'POST /v1/plan/apply_info': 300 }),
  noCookiesReset: true,
};

export default function () {
  if (__ITER === 0) check(login(EMAIL, PASSWORD, undefined, 'POST /v1/login (setup)').result, { 'plan change: logged in': (r) => Boolean(r) });
  call('GET', '/plan/client-list', 'GET /v1/plan/client-list');
  call('GET', '/plan/modify_check', 'GET /v1/plan/modify_check');
  call('GET', `/plan/base-list?product=${PRODUCT}`, 'GET /v1/plan/base-list');
  think();
  const { result } = call('POST', '/plan/apply_info', 'POST /v1/plan/apply_info', { product: PRODUCT, plan_id: PLAN_ID, option_ids: [] });
  check(result, { 'plan change: the preview names the plan': (r) => Boolean(r) && r.plan_id === PLAN_ID });
  think();
}
