import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { runWithContext, type RequestContext } from '@portal/service-common/context';
import { createLogger } from '@portal/service-common/logger';
import { extractTrace, otelContext, otelTrace as trace, SpanKind, SpanStatusCode, tracer, type Attributes, type Span } from '@portal/service-common/tracing';

const log = createLogger('Http');

declare module 'fastify' {
  interface FastifyRequest {
    /** The request context gateway-side logs carry (request id, region, language, principal). */
    logContext: RequestContext;
    /** Issue 24: the request's HTTP server span (the parent of the NATS call's service span). */
    httpSpan: Span | null;
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
  app.decorateRequest('httpSpan', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const context = contextOf(request);
    request.logContext = context;
    // Issue 24: one server span per request, continuing the caller's W3C trace context; the rest
    // of the request (and every log line in it) runs inside it, so the lines carry its trace id.
    const parent = extractTrace(request.headers as Record<string, string>);
    const span = startHttpSpan(request, parent);
    request.httpSpan = span;
    otelContext.with(trace.setSpan(parent, span), () => runWithContext(context, done));
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
      // The line is written inside the request's span, so it carries the trace id; a request
      // answered before its span began (an unknown host, a refused origin) gets one now.
      const span = request.httpSpan ?? (request.httpSpan = startHttpSpan(request, extractTrace(request.headers as Record<string, string>)));
      otelContext.with(trace.setSpan(otelContext.active(), span), () => (context ? runWithContext(context, line) : line()));
    }
    endHttpSpan(request, reply);
    done();
  });
}

/**
 * The HTTP semantic conventions (stable, v1.23+) of a server span. `url.path` is the route's
 * pattern, never the raw path (paths carry tokens: /v1/invite/{token}), and there is no query,
 * client address or user agent: a span is kept as long as a log line and holds no personal data.
 */
function httpAttributes(request: FastifyRequest): Attributes {
  const route = request.routeOptions.url;
  const [host, port] = [request.hostname.replace(/:\d+$/, ''), request.port];
  return {
    'http.request.method': request.method,
    ...(route ? { 'http.route': route, 'url.path': route } : {}),
    'url.scheme': request.protocol,
    'server.address': host,
    ...(port ? { 'server.port': Number(port) } : {}),
    'network.protocol.version': request.raw.httpVersion,
  };
}

function startHttpSpan(request: FastifyRequest, parent: ReturnType<typeof extractTrace>): Span {
  const route = request.routeOptions.url;
  return tracer().startSpan(route ? `${request.method} ${route}` : request.method, { kind: SpanKind.SERVER, attributes: httpAttributes(request) }, parent);
}

function endHttpSpan(request: FastifyRequest, reply: FastifyReply): void {
  const span = request.httpSpan;
  if (!span) return;
  span.setAttribute('http.response.status_code', reply.statusCode);
  if (reply.statusCode >= 500) {
    span.setAttribute('error.type', String(reply.statusCode));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
  request.httpSpan = null;
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
