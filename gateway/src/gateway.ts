import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { AccessCode, INPUT_MESSAGES, JSON_BODY_MAX_BYTES, UPLOAD_MAX_BYTES } from '@portal/proto';
import type { Transport } from '@portal/service-common/transport/transport';
import { ConfigError, principalSecret } from '@portal/service-common/config';
import type { SmtpSink } from '@portal/service-common/dev/smtp-sink';
import { checkHostAliases, type TGatewayConfig } from './config.js';
import { GatewayModule } from './gateway.module.js';
import { registerApiRoutes, send } from './api/route-registrar.js';
import { PROBE_PATHS, registerHealth } from './health/health.js';
import { describeRequest } from './http/request-context.js';
import { registerRequestContext } from './http/access-log.js';
import { forbidden, notFound, simpleFailure } from './http/envelope.js';
import { EnvelopeFilter } from './http/envelope.filter.js';
import { badInputFailure, clientErrorHandler, frameworkErrorHandler, registerBodyParsers } from './http/input.js';
import { basicAuthOk, enforcePolicies, trackRoutes } from './http/policy.hook.js';
import { registerWellKnown } from './api/well-known.js';
import { recordHttp } from '@portal/service-common/telemetry';
import { applyCors, corsOriginAllowed } from './http/cors.js';
import { registerBasicAuthRedirects, registerSpa } from './spa/spa.js';
import { registerPaymentSandbox } from './api/payment-sandbox.js';
// Issue 13, slice A: products' usage events.
import { registerUsageIngest } from './api/usage-ingest.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerDevMailbox } from './spa/dev-mailbox.js';
// Issue 14, slice C: /embed.js and CORS for the embedded registration form.
import { EMBED_API_PREFIX, registerEmbedForm } from './embed/embed-form.js';


/** A state-changing call must come from the page's own origin (or carry no Origin, as non-browsers). */
function sameOriginOrSafe(request: FastifyRequest, corsOrigins: readonly string[] = []): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return true;
  // Issue 14, slice C: the embedded form's calls come from partners' pages; CORS decides there (embed/embed-form.ts).
  if (request.url.startsWith(EMBED_API_PREFIX)) return true;
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return true;
  // Issue 15: an SPA origin listed in CORS_ORIGINS (the CSRF token is still required).
  if (corsOriginAllowed(corsOrigins, origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Fastify keeps the error handler a route was registered under. Nest installs its own (which runs
 * the global filters) only in app.init(), so any route that became registered before that (an
 * `await app.register(...)` loads everything queued so far, as the SPA's static files do) kept
 * Fastify's default handler: its raw 500 and 415 JSON for unreadable bodies. The gateway installs
 * its envelope handler itself, before any route, and Nest's second one is not set.
 */
class GatewayFastifyAdapter extends FastifyAdapter {
  override setErrorHandler(): ReturnType<FastifyAdapter['setErrorHandler']> {
    return this.getInstance();
  }
}

export interface GatewayDeps {
  config: TGatewayConfig;
  transport: Transport;
  /** The dev SMTP sink, shown at /dev/mailbox (never in production). */
  mailbox?: SmtpSink;
}

export interface RunningGateway {
  app: NestFastifyApplication;
  url: string;
  close(): Promise<void>;
}

/** Builds the gateway (NestJS on Fastify) without listening; tests inject requests into it. */
export async function buildGateway(deps: GatewayDeps): Promise<NestFastifyApplication> {
  const { config, transport } = deps;
  const aliasProblems = checkHostAliases(config);
  if (aliasProblems.length) throw new ConfigError(`Invalid configuration:\n  ${aliasProblems.join('\n  ')}`);
  const adapter = new GatewayFastifyAdapter({
    trustProxy: config.TRUSTED_PROXIES,
    bodyLimit: JSON_BODY_MAX_BYTES,
    logger: false,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    // A URL the router cannot decode is answered with the envelope, not Fastify's error JSON.
    frameworkErrors: frameworkErrorHandler(config.HOST_MAP, config.PUBLIC_URL),
    // So is a request Node's HTTP parser cannot read (a URL or headers over the size limit).
    clientErrorHandler,
    // Node answers an HTTP/1.1 request without a Host header with a bare 400; the onRequest hook
    // below answers it with the envelope instead.
    http: { requireHostHeader: false },
  });
  // Nest's body parsers stay off: the gateway reads JSON its own way (http/input.ts) and
  // multipart through @fastify/multipart; any other content type is refused.
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(), adapter, { logger: ['error', 'warn'], abortOnError: false, bodyParser: false });
  const fastify = app.getHttpAdapter().getInstance();
  const envelopeFilter = new EnvelopeFilter();
  fastify.setErrorHandler((error, request, reply) => envelopeFilter.handle(error, request, reply));
  trackRoutes(fastify);
  registerBodyParsers(fastify);

  await app.register(fastifyCookie);
  // Uploads (CSV invite, logos): one file, a little over the largest the contracts allow.
  await app.register(fastifyMultipart, { limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 10 } });
  registerSecurityHeaders(fastify);
  await app.register(fastifyRateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    // The limit's headers go with a refusal (with retry-after), not on every answer.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (request) => {
      const rendered = simpleFailure(request.portal?.language ?? 'ja-jp', AccessCode.RATE_LIMITED);
      return Object.assign(new Error('rate limited'), { statusCode: 429, envelope: rendered.body });
    },
  });

  fastify.decorateRequest('portal', null as never);
  const basicAuth = config.BASIC_AUTH_USER && config.BASIC_AUTH_PASSWORD ? { user: config.BASIC_AUTH_USER, password: config.BASIC_AUTH_PASSWORD } : undefined;
  // One callback-style hook for what every request needs first (each async hook costs a promise
  // and a turn of the microtask queue on every call): request id, region and language; the
  // cross-origin refusal of state-changing calls (CSRF defence for cookie sessions); the server
  // basic authentication of the /basicauth/ pages (spec §2).
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!request.headers.host) {
      send(reply, badInputFailure('ja-jp', INPUT_MESSAGES.malformed));
      return;
    }
    request.portal = describeRequest(request, config.HOST_MAP, config.PUBLIC_URL, config.HOST_ALIASES);
    reply.header('x-request-id', request.portal.requestId);
    // Issue 24: a Host the map does not know is not served as any region (probes excepted: they
    // come by the pod's address).
    if (!request.portal.knownHost && !PROBE_PATHS.has(request.url.split('?')[0] ?? '')) {
      send(reply, notFound(request.portal.language));
      return;
    }
    if (applyCors(config.CORS_ORIGINS, request, reply)) return;
    if (!sameOriginOrSafe(request, config.CORS_ORIGINS)) {
      send(reply, forbidden(request.portal.language));
      return;
    }
    if (request.url.startsWith('/basicauth/') && !basicAuthOk(request.headers.authorization, basicAuth)) {
      reply.code(401).header('www-authenticate', 'Basic realm="portal", charset="UTF-8"').type('text/plain; charset=utf-8').send('Authentication required');
      return;
    }
    done();
  });
  // Issue 15: request rate, errors and latency per /v1 route (services/common/src/telemetry.ts).
  fastify.addHook('onResponse', (request, reply, done) => {
    if (request.url.startsWith('/v1/')) recordHttp(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  registerRequestContext(fastify);
  // Issue 14, slice C: CORS for the embedded form, before the policies (its hooks refuse foreign origins first).
  registerEmbedForm(fastify, transport, Math.min(config.INTERNAL_TIMEOUT_MS, config.API_TIMEOUT_MS));
  enforcePolicies(fastify, transport, basicAuth, config.SESSION_RESOLVE_TIMEOUT_MS);

  registerApiRoutes(fastify, transport, {
    timeoutMs: config.API_TIMEOUT_MS, coalesce: config.COALESCE_READS,
    coalescedTimeoutMs: Math.min(config.INTERNAL_TIMEOUT_MS, config.API_TIMEOUT_MS), principalSecret: principalSecret(config),
  });
  registerHealth(fastify, transport);
  registerWellKnown(fastify, transport, config.NODE_ENV !== 'production');
  // Issue 11, slice A (f11-payment): the sandbox payment gateway's token script and 3-D Secure page.
  registerPaymentSandbox(fastify, config.NODE_ENV !== 'production');
  registerUsageIngest(fastify, transport, { internalTimeoutMs: config.INTERNAL_TIMEOUT_MS });
  if (deps.mailbox && config.DEV_MAILBOX && config.NODE_ENV !== 'production') registerDevMailbox(fastify, deps.mailbox);
  registerBasicAuthRedirects(fastify);
  if (config.WEB_DIST) envelopeFilter.renderIndex = await registerSpa(fastify, config.WEB_DIST);

  app.useGlobalFilters(envelopeFilter);
  await app.init();
  return app;
}

/** Builds and listens (both runtime modes). */
export async function startGateway(deps: GatewayDeps): Promise<RunningGateway> {
  const app = await buildGateway(deps);
  await app.listen(deps.config.PORT, deps.config.HOST);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : deps.config.PORT;
  return { app, url: `http://localhost:${port}`, close: () => app.close() };
}
