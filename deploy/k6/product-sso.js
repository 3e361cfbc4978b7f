// @ts-check
// Journey: a client user opens a product from the portal (spec §3, product SSO): the product list,
// POST /v1/product/sso_login for a single-use token, and the product's side: it fetches the JWKS
// (cached by real products; here once per iteration) and redeems the token once
// (POST /v1/product/sso_consume). A replay of the same token must be refused.
//   k6 run -e BASE_URL=https://portal.example.jp deploy/k6/product-sso.js
// LOGIN_EMAIL / LOGIN_PASSWORD: a client account with a live contract on PRODUCT (default the demo
// owner and bownow).
import { check } from 'k6';
import http from 'k6/http';
import { BASE_URL, call, headers, journeyOptions, login, result, think } from './lib/portal.js';

const EMAIL = __ENV.LOGIN_EMAIL || 'owner@example.com';
const PASSWORD = __ENV.LOGIN_PASSWORD || 'Owner#2026';
const PRODUCT = __ENV.PRODUCT || 'bownow';

export const options = {
  ...journeyOptions({ 'GET /v1/product': 200, 'POST /v1/product/sso_login': 200, 'GET /.well-known/jwks.json': 200, 'POST /v1/product/sso_consume': 200 }),
  noCookiesReset: true,
};

export default function () {
  if (__ITER === 0) check(login(EMAIL, PASSWORD, undefined, 'POST /v1/login (setup)').result, { 'sso: logged in': (r) => Boolean(r) });
  call('GET', '/product', 'GET /v1/product');
  think();
  const issued = call('POST', '/product/sso_login', 'POST /v1/product/sso_login', { product: PRODUCT }).result;
  check(issued, { 'sso: a token and where to land': (r) => Boolean(r && r.token && r.redirect_url) });
  if (!issued || !issued.token) return;
  // The product's server: keys, then the token redeemed once.
  const jwks = http.get(`${BASE_URL}/.well-known/jwks.json`, { headers: headers('GET'), tags: { name: 'GET /.well-known/jwks.json' } });
  check(jwks, { 'sso: JWKS has a key': (r) => r.status === 200 && Array.isArray(/** @type {any} */ (r.json()).keys) && /** @type {any} */ (r.json()).keys.length > 0 });
  const consumed = call('POST', '/product/sso_consume', 'POST /v1/product/sso_consume', { token: issued.token, product: PRODUCT }).result;
  check(consumed, { 'sso: the product learns who logged in': (r) => Boolean(r && r.email === EMAIL && r.product === PRODUCT) });
  const replay = http.post(`${BASE_URL}/v1/product/sso_consume`, JSON.stringify({ token: issued.token, product: PRODUCT }), {
    headers: headers('POST', { 'content-type': 'application/json' }), tags: { name: 'POST /v1/product/sso_consume (replay)' }, responseCallback: http.expectedStatuses({ min: 400, max: 499 }),
  });
  const replayed = result(replay);
  check(replay, { 'sso: a replayed token is refused': (r) => r.status >= 400 && Boolean(replayed && replayed.access_status && replayed.access_status.code !== 20000) });
  think();
}
