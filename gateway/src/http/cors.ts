import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * CORS for the split-origin deployment (issue 15; docs/operations.md, "The SPA on a CDN"): the SPA
 * on its own origin (a CDN) calls /v1 on the gateway's. Only origins listed in CORS_ORIGINS get
 * the CORS headers, with credentials (the session cookie); every other origin gets none, and its
 * state-changing calls stay refused by the Origin check. The CSRF double submit is unchanged: a
 * call that acts with the session still needs x-csrf-token (allowed as a request header here).
 */
export const CORS_ALLOWED_HEADERS = 'accept, content-type, x-csrf-token, x-language, traceparent';
export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, DELETE';

export function corsOriginAllowed(origins: readonly string[], origin: string | undefined): origin is string {
  return Boolean(origin) && origins.includes(origin!);
}

/**
 * Adds the CORS headers for an allowed origin; answers its preflight (OPTIONS with
 * Access-Control-Request-Method) with 204. Returns true when the reply has been sent.
 */
export function applyCors(origins: readonly string[], request: FastifyRequest, reply: FastifyReply): boolean {
  if (!origins.length || !request.url.startsWith('/v1/')) return false;
  const origin = request.headers.origin;
  reply.header('vary', 'origin');
  if (!corsOriginAllowed(origins, origin)) return false;
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-allow-credentials', 'true');
  if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
    reply.code(204)
      .header('access-control-allow-methods', CORS_ALLOWED_METHODS)
      .header('access-control-allow-headers', CORS_ALLOWED_HEADERS)
      .header('access-control-max-age', '600')
      .send();
    return true;
  }
  reply.header('access-control-expose-headers', 'x-request-id, retry-after');
  return false;
}
