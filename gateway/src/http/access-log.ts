import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runWithContext, type RequestContext } from '@portal/service-common/context';
import { createLogger } from '@portal/service-common/logger';

const log = createLogger('Http');

declare module 'fastify' {
  interface FastifyRequest {
    /** The request context gateway-side logs carry (request id, region, language, principal). */
    logContext: RequestContext;
  }
}

/** Probes call these every few seconds: their lines are debug, not info. */
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * Gateway-side logs carry the request's context, as the services' logs do (DESIGN §7): the rest of
 * the request (hooks, body parsing, handler) runs inside runWithContext from the first onRequest
 * hook on; the spec checks it after a body read in many chunks from a real socket. The principal
 * is read when a line is written, so a line written after the policy hook resolved the session
 * carries the account.
 *
 * One access-log line per request when it is answered: method, the route's pattern (never the raw
 * URL, which may carry tokens or personal data in its path or query), status, duration, and the
 * context fields. Nothing from headers, cookies or bodies.
 *
 * Register after the hook that sets `request.portal` and before any hook that may log.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('logContext', null as never);
  app.addHook('onRequest', (request, _reply, done) => {
    const context = contextOf(request);
    request.logContext = context;
    runWithContext(context, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    const level = route && PROBES.has(route) ? 'debug' : 'info';
    if (log.isLevelEnabled(level)) {
      const line = () => log[level]({
        method: request.method,
        route: route ?? null,
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 10) / 10,
      }, 'request');
      // A request refused before it was described (the rate limit) has no context.
      const context = request.logContext ?? (request.portal ? contextOf(request) : undefined);
      if (context) runWithContext(context, line);
      else line();
    }
    done();
  });
}

function contextOf(request: FastifyRequest): RequestContext {
  const state = request.portal;
  return {
    requestId: state.requestId,
    region: state.locale.region,
    language: state.language,
    // The policy hook resolves the principal later in the request.
    get principal() {
      return state.principal ?? undefined;
    },
  };
}
