// @ts-check
// Journey: log in to a client with MFA on: password, then the mailed six-digit code.
//   k6 run -e BASE_URL=https://staging.portal.example.jp -e MFA_SECRET=... -e MFA_EMAILS=lt1@loadtest.example.com,... deploy/k6/login-mfa.js
// Where the code comes from:
// - MFA_SECRET set (staging, no mailbox needed): load-test accounts, whose email is in the domain
//   identity's LOAD_TEST_EMAIL_DOMAIN names, get the code HMAC-SHA256(LOAD_TEST_MFA_SECRET, email)
//   cut to six digits, computed here the same way (identity refuses to start with it in production;
//   docs/operations.md, "Load tests").
// - otherwise from the development mailbox (/dev/mailbox/messages, outside production only);
//   MAILBOX_URL overrides where.
// MFA_EMAIL / MFA_PASSWORD: the account (default the demo secure owner). One account can get a new
// code only every 30 s: under load give each VU its own (MFA_EMAILS, comma separated).
import { check, fail, sleep } from 'k6';
import crypto from 'k6/crypto';
import http from 'k6/http';
import { BASE_URL, call, journeyOptions, login, think } from './lib/portal.js';

const EMAILS = (__ENV.MFA_EMAILS || __ENV.MFA_EMAIL || 'secure-owner@example.com').split(',');
const PASSWORD = __ENV.MFA_PASSWORD || 'Secure#2026';
const MAILBOX_URL = __ENV.MAILBOX_URL || `${BASE_URL}/dev/mailbox/messages`;
const MFA_SECRET = __ENV.MFA_SECRET || '';

export const options = journeyOptions({ 'POST /v1/login (password)': 500, 'POST /v1/login (code)': 500, 'GET /v1/user-auth': 200 });

/**
 * The newest six-digit code mailed to `email` after `since` (ISO time), waiting for the outbox.
 * @param {string} email
 * @param {string} since
 */
function mailedCode(email, since) {
  for (let i = 0; i < 200; i++) {
    const res = http.get(`${MAILBOX_URL}?to=${encodeURIComponent(email)}`, { tags: { name: 'GET /dev/mailbox/messages' } });
    /** @type {Array<{ text: string, received_at: string }>} */
    const messages = res.status === 200 ? /** @type {any} */ (res.json()) : [];
    const fresh = messages.filter((m) => m.received_at >= since).sort((a, b) => (a.received_at < b.received_at ? 1 : -1));
    for (const m of fresh) {
      const code = /(\d{6})/.exec(m.text);
      if (code) return code[1];
    }
    sleep(0.05);
  }
  return fail(`no code mailed to ${email}`);
}

/**
 * A load-test account's code (services/identity/src/passwords/tokens.ts, loadTestCode).
 * @param {string} email
 */
export function loadTestCode(email) {
  const digest = crypto.hmac('sha256', MFA_SECRET, email.toLowerCase(), 'hex');
  return String(parseInt(digest.slice(0, 8), 16) % 1000000).padStart(6, '0');
}

export default function () {
  const email = EMAILS[(__VU - 1) % EMAILS.length] || EMAILS[0];
  const since = new Date(Date.now() - 1000).toISOString();
  const first = login(email, PASSWORD, undefined, 'POST /v1/login (password)');
  check(first.result, { 'mfa: the code step is asked for': (r) => Boolean(r) && r.mfa_required === true });
  const code = MFA_SECRET ? loadTestCode(email) : mailedCode(email, since);
  think();
  const second = login(email, PASSWORD, code, 'POST /v1/login (code)');
  check(second.result, { 'mfa: logged in with the code': (r) => Boolean(r) && r.mfa_required === false });
  think();
  call('GET', '/user-auth', 'GET /v1/user-auth');
}
