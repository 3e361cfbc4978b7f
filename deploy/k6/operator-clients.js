// @ts-check
// Journey: an operator working through the client list (spec §4, back office): the list, a search
// by company name, filters, the next page, and one client's details.
//   k6 run -e BASE_URL=https://portal.example.jp deploy/k6/operator-clients.js
// OPERATOR_EMAIL / OPERATOR_PASSWORD: an operator account (default the demo operator); SEARCH: a
// company-name fragment (default デモ).
import { check } from 'k6';
import { call, journeyOptions, login, think } from './lib/portal.js';

const EMAIL = __ENV.OPERATOR_EMAIL || 'operator@example.com';
const PASSWORD = __ENV.OPERATOR_PASSWORD || 'Operator#2026';
const SEARCH = __ENV.SEARCH || 'デモ';

export const options = {
  ...journeyOptions({
    'GET /v1/operator/clients': 300, 'GET /v1/operator/clients (search)': 300, 'GET /v1/operator/clients (filtered)': 300, 'GET /v1/operator/clients/info': 200,
  }),
  noCookiesReset: true,
};

export default function () {
  if (__ITER === 0) check(login(EMAIL, PASSWORD, undefined, 'POST /v1/login (setup)').result, { 'operator: logged in': (r) => Boolean(r) });
  const first = call('GET', '/operator/clients?page=1&per_page=20', 'GET /v1/operator/clients').result;
  check(first, { 'operator: clients listed': (r) => Boolean(r) && Array.isArray(r.clients) && r.clients.length > 0 && r.total >= r.clients.length });
  think();
  const searched = call('GET', `/operator/clients?page=1&per_page=20&q=${encodeURIComponent(SEARCH)}`, 'GET /v1/operator/clients (search)').result;
  check(searched, { 'operator: the search answers a list': (r) => Boolean(r) && Array.isArray(r.clients) });
  think();
  call('GET', '/operator/clients?page=1&per_page=20&status=active&region=jpn', 'GET /v1/operator/clients (filtered)');
  think();
  const client = first && first.clients && first.clients[0];
  if (client) {
    const info = call('GET', `/operator/clients/info?uuid=${client.uuid}&region=${client.region}`, 'GET /v1/operator/clients/info').result;
    check(info, { 'operator: a client\'s details': (r) => Boolean(r) });
  }
  think();
}
