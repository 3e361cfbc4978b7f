// @ts-check
// Journey: log in with email and password (no MFA), read who is logged in, log out.
//   k6 run -e BASE_URL=https://portal.example.jp deploy/k6/login.js
// LOGIN_EMAIL / LOGIN_PASSWORD: the account (default the demo owner; never a production account).
import { check } from 'k6';
import { call, journeyOptions, login, think } from './lib/portal.js';

const EMAIL = __ENV.LOGIN_EMAIL || 'owner@example.com';
const PASSWORD = __ENV.LOGIN_PASSWORD || 'Owner#2026';

// argon2id (19 MiB, t=2) bounds a login: about 10 ms of CPU; 500 ms at p95 leaves room for a queue.
export const options = journeyOptions({ 'POST /v1/login': 500, 'GET /v1/user-auth': 200, 'POST /v1/logout': 200 });

export default function () {
  const { result } = login(EMAIL, PASSWORD);
  check(result, { 'login: no MFA step': (r) => Boolean(r) && r.mfa_required === false });
  think();
  call('GET', '/user-auth', 'GET /v1/user-auth');
  think();
  call('POST', '/logout', 'POST /v1/logout', {});
}
