// @ts-check
// Journey: a client owner applying for a paid plan (spec §4): the plan pages, the preview, the
// corporate-number search, the application (the client goes under review), and then withdrawing it
// (/plan/underreview), so that the next iteration can apply again. Writes contracts and mails:
// staging only, with a client of its own per VU if the load is high (one client has one
// application under review at a time).
//   k6 run -e BASE_URL=https://staging.portal.example.jp deploy/k6/plan-application.js
// PRODUCT / PLAN_ID / CORPORATE_NAME: what is applied for and the name searched (default the demo
// catalogue's bownow_pro and the sandbox directory's デモ商事).
import { check } from 'k6';
import { call, journeyOptions, login, think } from './lib/portal.js';

const EMAIL = __ENV.LOGIN_EMAIL || 'owner@example.com';
const PASSWORD = __ENV.LOGIN_PASSWORD || 'Owner#2026';
const PRODUCT = __ENV.PRODUCT || 'bownow';
const PLAN_ID = __ENV.PLAN_ID || 'bownow_pro';
const CORPORATE_NAME = __ENV.CORPORATE_NAME || 'デモ商事';

export const options = {
  ...journeyOptions({
    'GET /v1/plan/client-list': 200, 'GET /v1/plan/modify_check': 200, 'POST /v1/plan/apply_info': 300,
    'POST /v1/plan/corporateNumberSearch': 300, 'POST /v1/plan/apply': 500, 'POST /v1/plan/withdraw': 500,
  }),
  noCookiesReset: true,
};

export default function () {
  if (__ITER === 0) check(login(EMAIL, PASSWORD, undefined, 'POST /v1/login (setup)').result, { 'plan application: logged in': (r) => Boolean(r) });
  call('GET', '/plan/client-list', 'GET /v1/plan/client-list');
  const allowed = call('GET', '/plan/modify_check', 'GET /v1/plan/modify_check').result;
  check(allowed, { 'plan application: the client may apply': (r) => Boolean(r) && r.allowed === true });
  think();
  const preview = call('POST', '/plan/apply_info', 'POST /v1/plan/apply_info', { product: PRODUCT, plan_id: PLAN_ID, option_ids: [] }).result;
  check(preview, { 'plan application: the preview names the plan': (r) => Boolean(r) && r.plan_id === PLAN_ID });
  think();
  const found = call('POST', '/plan/corporateNumberSearch', 'POST /v1/plan/corporateNumberSearch', { corporate_name: CORPORATE_NAME }).result;
  const candidate = found && found.candidates && found.candidates[0];
  check(found, { 'plan application: the directory answers candidates': () => Boolean(candidate) });
  if (!candidate) return;
  think();
  const applied = call('POST', '/plan/apply', 'POST /v1/plan/apply', {
    product: PRODUCT, plan_id: PLAN_ID, option_ids: [], terms_agreed: true, privacy_agreed: true,
    contract: { contract_kind: 'corporation', corporate_name: CORPORATE_NAME, search_id: found.search_id, corporate_number: candidate.corporate_number, representative: '山田 一郎' },
  }).result;
  check(applied, { 'plan application: under review': (r) => Boolean(r) && r.status === 'reviewing' });
  if (!applied || !applied.application_id) return;
  think();
  const withdrawn = call('POST', '/plan/withdraw', 'POST /v1/plan/withdraw', { application_id: applied.application_id }).result;
  check(withdrawn, { 'plan application: withdrawn': (r) => Boolean(r) && r.status === 'withdrawn' });
  think();
}
