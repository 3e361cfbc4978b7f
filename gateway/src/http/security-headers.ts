import type { FastifyInstance } from 'fastify';

/**
 * The headers @fastify/helmet would send with our policy, computed once: helmet rebuilds and
 * re-parses its configuration on every request (about 6% of the gateway's CPU in the benchmark).
 * TLS is terminated in front of the gateway in production, so HSTS is sent and
 * `upgrade-insecure-requests` is not (local runs are plain http).
 */
// Issue 11, slice A (f11-payment): the card form loads GMO-PG's token.js, which sends the card
// number from the browser straight to GMO (card numbers never reach the portal).
const GMO_TOKEN_ORIGINS = 'https://static.mul-pay.jp https://stg.static.mul-pay.jp';
const GMO_API_ORIGINS = 'https://p01.mul-pay.jp https://pt01.mul-pay.jp';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': [
    "default-src 'self'", "base-uri 'self'", "font-src 'self' data:", "form-action 'self'", "frame-ancestors 'none'",
    "img-src 'self' data: blob:", "object-src 'none'", `script-src 'self' ${GMO_TOKEN_ORIGINS}`, "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'", `connect-src 'self' ${GMO_API_ORIGINS}`,
  ].join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/**
 * JSON answers under /v1 render nothing, run no script and load nothing: the OWASP REST Security
 * Cheat Sheet's headers for APIs (with Cache-Control: no-store, which every /v1 answer carries,
 * and Content-Type), with a CSP that forbids everything. Each header costs the gateway and its
 * callers on every call; these are the ones that protect a JSON answer.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': SECURITY_HEADERS['strict-transport-security']!,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

export function securityHeadersFor(url: string): Readonly<Record<string, string>> {
  return url.startsWith('/v1/') ? API_SECURITY_HEADERS : SECURITY_HEADERS;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(request.url));
    done();
  });
}
