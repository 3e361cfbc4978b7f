// @ts-check
// Journey: a product's server sending usage events (issue 13, POST /ingest/v1/events): a batch of
// BATCH events (default 50) signed with the product key, HMAC-SHA256 (hex) over
// "<X-Timestamp>.<body>". No portal session: the signature is the authentication.
//   k6 run -e BASE_URL=https://portal.example.jp -e INGEST_PRODUCT=bownow -e PRODUCT_KEY=... -e CLIENT_UUIDS=... deploy/k6/usage-ingest.js
// PRODUCT_KEY: the product's signing secret (operators make one: POST /v1/operator/product_keys,
// shown once). Without it, setup() logs in as OPERATOR_EMAIL and makes one (staging only: it
// rotates the product's key). CLIENT_UUIDS: comma-separated clients the events belong to (default
// the clients of the operator's client list).
import { check } from 'k6';
import crypto from 'k6/crypto';
import http from 'k6/http';
import { BASE_URL, HOST, call, journeyOptions, login, think } from './lib/portal.js';

const PRODUCT = __ENV.INGEST_PRODUCT || __ENV.PRODUCT || 'bownow';
const BATCH = parseInt(__ENV.BATCH || '50', 10);
/** Types every product with a dashboard of visits takes (bownow, fullstar, lpbuilder, creca). */
const TYPES = ['page_view', 'session', 'user', 'conversion'];

export const options = journeyOptions({ 'POST /ingest/v1/events': 300 });

export function setup() {
  let key = __ENV.PRODUCT_KEY || '';
  let clients = (__ENV.CLIENT_UUIDS || '').split(',').filter(Boolean);
  if (!key || !clients.length) {
    check(login(__ENV.OPERATOR_EMAIL || 'operator@example.com', __ENV.OPERATOR_PASSWORD || 'Operator#2026', undefined, 'POST /v1/login (setup)').result, { 'ingest: operator logged in': (r) => Boolean(r) });
    if (!key) key = call('POST', '/operator/product_keys', 'POST /v1/operator/product_keys (setup)', { product: PRODUCT }).result.secret;
    if (!clients.length) clients = call('GET', '/operator/clients?per_page=20&region=jpn', 'GET /v1/operator/clients (setup)').result.clients.map((/** @type {{ uuid: string }} */ c) => c.uuid);
  }
  return { key, clients };
}

/** A random UUID (v4): each event's id, by which the portal de-duplicates. */
function uuid() {
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = Math.floor(Math.random() * 16);
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

/** @param {{ key: string, clients: string[] }} data */
export default function (data) {
  const now = Date.now();
  const events = [];
  for (let i = 0; i < BATCH; i++) {
    const type = TYPES[i % TYPES.length];
    events.push({
      id: uuid(),
      client_uuid: data.clients[i % data.clients.length],
      product: PRODUCT,
      type,
      occurred_at: new Date(now - i * 1000).toISOString(),
      user_key: `visitor-${__VU}-${i % 7}`,
      session_key: `session-${__VU}-${__ITER}`,
      dimensions: { device: i % 3 ? 'desktop' : 'mobile' },
      ...(type === 'page_view' ? { url: `https://www.example.com/page/${i % 5}`, title: `Page ${i % 5}` } : {}),
    });
  }
  const body = JSON.stringify({ events });
  const ts = String(Math.floor(now / 1000));
  /** @type {Record<string, string>} */
  const h = { 'content-type': 'application/json', 'x-product': PRODUCT, 'x-timestamp': ts, 'x-signature': crypto.hmac('sha256', data.key, `${ts}.${body}`, 'hex') };
  if (HOST) h.Host = HOST;
  const res = http.post(`${BASE_URL}/ingest/v1/events`, body, { headers: h, tags: { name: 'POST /ingest/v1/events' } });
  /** @type {any} */
  const answer = res.status === 200 ? res.json() : null;
  check(res, {
    'ingest: HTTP 200': (r) => r.status === 200,
    'ingest: every event accepted': () => Boolean(answer) && answer.accepted === BATCH,
  });
  think();
}
