/**
 * Issue 24, item 5: what the edge of the portal must agree on, written once. The gateway sends
 * these headers with the SPA; the chart's web nginx renders them from
 * charts/portal/files/edge.json, which `scripts/generate-edge.ts` writes from this module (a unit
 * test fails when the file is stale); docs/operations.md quotes them for a CDN (a test compares).
 */
import { SPA_ROUTES } from './spa-routes.js';

/**
 * The payment gateway (GMO-PG, docs/decisions.md "Issue 11, slice A"): the card form loads its
 * token.js (production and test hosts), token.js sends the card number from the browser to GMO's
 * API hosts, and 3-D Secure pages come from those hosts too (a top-level navigation today; an
 * issuer's challenge may be framed by GMO's page, so frames from them are allowed).
 */
export const PAYMENT_SCRIPT_ORIGINS = ['https://static.mul-pay.jp', 'https://stg.static.mul-pay.jp'] as const;
export const PAYMENT_CONNECT_ORIGINS = ['https://p01.mul-pay.jp', 'https://pt01.mul-pay.jp'] as const;
export const PAYMENT_FRAME_ORIGINS = PAYMENT_CONNECT_ORIGINS;

/**
 * The SPA's Content-Security-Policy. `connect-src` comes last so that an origin the SPA calls
 * (a split-origin API, `web.apiOrigin` in the chart) is appended to it, and nothing else changes.
 */
export function spaContentSecurityPolicy(connectOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'", "base-uri 'self'", "font-src 'self' data:", "form-action 'self'", "frame-ancestors 'none'",
    `frame-src ${PAYMENT_FRAME_ORIGINS.join(' ')}`, "img-src 'self' data: blob:", "object-src 'none'",
    `script-src 'self' ${PAYMENT_SCRIPT_ORIGINS.join(' ')}`, "script-src-attr 'none'", "style-src 'self' 'unsafe-inline'",
    ['connect-src', "'self'", ...PAYMENT_CONNECT_ORIGINS, ...connectOrigins].join(' '),
  ].join('; ');
}

/**
 * Headers of the SPA's pages (what @fastify/helmet would send with this policy). TLS ends in front
 * of the portal in production, so HSTS is sent and `upgrade-insecure-requests` is not.
 */
export const SPA_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': spaContentSecurityPolicy(),
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
 * Hashed build files (/assets/*: scripts, styles, fonts) are never documents: a CSP or frame
 * policy on them does nothing, and their bytes go with every file of a first visit (the
 * 400 KB first-visit budget counts headers). What protects them: no sniffing, same-origin use, HSTS.
 */
export const ASSET_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-resource-policy': SPA_SECURITY_HEADERS['cross-origin-resource-policy']!,
  'strict-transport-security': SPA_SECURITY_HEADERS['strict-transport-security']!,
  'x-content-type-options': 'nosniff',
});

/**
 * JSON answers render nothing, run no script and load nothing: the OWASP REST Security Cheat
 * Sheet's headers for APIs, with a CSP that forbids everything.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': SPA_SECURITY_HEADERS['strict-transport-security']!,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

export interface TGatewayPath {
  readonly path: string;
  /** Kubernetes Ingress pathType: Prefix matches whole path segments. */
  readonly pathType: 'Prefix' | 'Exact';
  readonly why: string;
}

/**
 * Every path the gateway answers that is not a page of the SPA: the Ingress sends these to the
 * gateway and the rest to the web pod (a gateway spec fails when a registered route is missing).
 * /healthz and /readyz are the kubelet's, not the Ingress's.
 */
export const GATEWAY_PATHS: readonly TGatewayPath[] = Object.freeze([
  { path: '/v1', pathType: 'Prefix', why: 'the API' },
  { path: '/ingest', pathType: 'Prefix', why: 'product usage events (/ingest/v1/events)' },
  { path: '/embed.js', pathType: 'Exact', why: "the partner's embedded sign-up form" },
  { path: '/.well-known', pathType: 'Prefix', why: 'JWKS for product SSO tokens' },
  { path: '/sso', pathType: 'Prefix', why: 'product single sign-on (reserved for the OpenID provider)' },
  { path: '/basicauth', pathType: 'Prefix', why: 'spec §2 pages behind basic authentication' },
  // The bare spec §2 paths redirect to their /basicauth/ page (a full load meets the challenge).
  ...SPA_ROUTES.filter((r) => r.basicAuth && r.path.startsWith('/basicauth/'))
    .map((r) => ({ path: r.path.slice('/basicauth'.length), pathType: 'Exact' as const, why: 'redirect to its /basicauth/ page' })),
  { path: '/sandbox', pathType: 'Prefix', why: "the sandbox payment gateway's token.js and 3-D Secure page (staging only)" },
  { path: '/dev', pathType: 'Prefix', why: 'the dev mailbox and sandbox products (outside production only)' },
]);

/** Whether the Ingress sends `url` (a path, with or without a query) to the gateway. */
export function isGatewayPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return GATEWAY_PATHS.some((p) => (p.pathType === 'Exact' ? path === p.path : path === p.path || path.startsWith(`${p.path}/`)));
}
