// @ts-check
// Journey: a client owner browsing the client area as the SPA loads it: who am I, the products,
// the notices badge and list, the company, the user list.
//   k6 run -e BASE_URL=https://portal.example.jp deploy/k6/client-area.js
import { check } from 'k6';
import { call, journeyOptions, login, think } from './lib/portal.js';

const EMAIL = __ENV.LOGIN_EMAIL || 'owner@example.com';
const PASSWORD = __ENV.LOGIN_PASSWORD || 'Owner#2026';

const PAGES = [
  ['/user-auth', 'GET /v1/user-auth'],
  ['/product', 'GET /v1/product'],
  ['/notice/news_num', 'GET /v1/notice/news_num'],
  ['/notice/list', 'GET /v1/notice/list'],
  ['/client/company', 'GET /v1/client/company'],
  ['/user/list', 'GET /v1/user/list'],
];

// Reads: 200 ms at p95 (the maintenance-status goal); the user list has issue 9's own goal (p99
// <= 50 ms on the bench machine) and gets the same 200 ms here, where the network adds to it.
export const options = {
  ...journeyOptions(Object.fromEntries(PAGES.map(([, name]) => [name, 200]))),
  // One login per virtual user, kept across iterations (a user browsing, not logging in again).
  noCookiesReset: true,
};

export default function () {
  if (__ITER === 0) check(login(EMAIL, PASSWORD, undefined, 'POST /v1/login (setup)').result, { 'client area: logged in': (r) => Boolean(r) });
  for (const [path, name] of PAGES) {
    call('GET', path, name);
    think();
  }
}
