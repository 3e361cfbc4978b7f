// @ts-check
// Journey: an owner invites users from a CSV file (multipart), then reads the user list.
//   k6 run -e BASE_URL=https://staging.example.jp deploy/k6/csv-invite.js
// Every iteration invites INVITE_ROWS new addresses (default 5) at INVITE_DOMAIN (default
// example.com, which receives no mail): accounts accumulate; never run it against production.
import { check } from 'k6';
import http from 'k6/http';
import { call, journeyOptions, login, think } from './lib/portal.js';

const EMAIL = __ENV.LOGIN_EMAIL || 'owner@example.com';
const PASSWORD = __ENV.LOGIN_PASSWORD || 'Owner#2026';
const ROWS = parseInt(__ENV.INVITE_ROWS || '5', 10);
const DOMAIN = __ENV.INVITE_DOMAIN || 'example.com';

export const options = {
  ...journeyOptions({ 'POST /v1/user/invite_csv': 1000, 'GET /v1/user/list': 200 }),
  noCookiesReset: true,
};

export default function () {
  if (__ITER === 0) check(login(EMAIL, PASSWORD, undefined, 'POST /v1/login (setup)').result, { 'csv invite: logged in': (r) => Boolean(r) });
  const run = `${Date.now().toString(36)}v${__VU}i${__ITER}`;
  const lines = ['email,family_name,given_name'];
  for (let i = 0; i < ROWS; i++) lines.push(`k6-${run}-${i}@${DOMAIN},負荷,${i}号`);
  const file = http.file(`${lines.join('\r\n')}\r\n`, `invite-${run}.csv`, 'text/csv');
  const { result } = call('POST', '/user/invite_csv', 'POST /v1/user/invite_csv', { file }, { multipart: true });
  check(result, { 'csv invite: every row registered': (r) => Boolean(r) && r.registered === ROWS && r.error_count === 0 });
  think();
  call('GET', '/user/list', 'GET /v1/user/list');
  think();
}
