import type { FastifyInstance } from 'fastify';
import { API_SECURITY_HEADERS, ASSET_SECURITY_HEADERS, SPA_SECURITY_HEADERS } from '@portal/proto';

/**
 * The headers of the SPA's pages and of JSON answers come from proto (proto/src/edge.ts), the one
 * source the chart's web nginx and the documented CDN headers also use (issue 24, item 5). They are
 * computed once: @fastify/helmet rebuilds and re-parses its configuration on every request (about
 * 6% of the gateway's CPU in the benchmark).
 */
export const SECURITY_HEADERS = SPA_SECURITY_HEADERS;
export { API_SECURITY_HEADERS };

export function securityHeadersFor(url: string): Readonly<Record<string, string>> {
  if (url.startsWith('/v1/')) return API_SECURITY_HEADERS;
  return url.startsWith('/assets/') ? ASSET_SECURITY_HEADERS : SECURITY_HEADERS;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(request.url));
    done();
  });
}
