import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import { AccessCode, JSON_BODY_MAX_BYTES, UPLOAD_MAX_BYTES } from '@portal/proto';
import type { Transport } from '@portal/service-common/transport/transport';
import type { SmtpSink } from '@portal/service-common/dev/smtp-sink';
import type { TGatewayConfig } from './config.js';
import { GatewayModule } from './gateway.module.js';
import { registerApiRoutes, send } from './api/route-registrar.js';
import { registerHealth } from './health/health.js';
import { describeRequest } from './http/request-context.js';
import { registerRequestContext } from './http/access-log.js';
import { simpleFailure } from './http/envelope.js';
import { EnvelopeFilter } from './http/envelope.filter.js';
import { basicAuthOk, enforcePolicies, trackRoutes } from './http/policy.hook.js';
import { registerWellKnown } from './api/well-known.js';
import { registerBasicAuthRedirects, registerSpa } from './spa/spa.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerDevMailbox } from './spa/dev-mailbox.js';


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
  const adapter = new FastifyAdapter({
    trustProxy: config.TRUSTED_PROXIES,
    bodyLimit: JSON_BODY_MAX_BYTES,
    logger: false,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(), adapter, { logger: ['error', 'warn'], abortOnError: false });
  const fastify = app.getHttpAdapter().getInstance();
  trackRoutes(fastify);

  await app.register(fastifyCookie);
  // Uploads (CSV invite, logos): one file, a little over the largest the contracts allow.
  await app.register(fastifyMultipart, { limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 10 } });
  registerSecurityHeaders(fastify);
  await app.register(fastifyRateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (request) => {
      const rendered = simpleFailure(request.portal?.language ?? 'ja-jp', AccessCode.SERVER_ERROR, 'http.rate_limited', 429);
      return Object.assign(new Error('rate limited'), { statusCode: 429, envelope: rendered.body });
    },
  });

  fastify.decorateRequest('portal', null as never);
  fastify.addHook('onRequest', async (request, reply) => {
    request.portal = describeRequest(request, config.HOST_MAP, config.PUBLIC_URL);
    reply.header('x-request-id', request.portal.requestId);
  });
  registerRequestContext(fastify);
  // CSRF defence for cookie sessions: a state-changing call from another origin is refused.
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      let host: string | undefined;
      try { host = new URL(origin).host; } catch { host = undefined; }
      if (host !== request.headers.host) return send(reply, simpleFailure(request.portal.language, AccessCode.SERVER_ERROR, 'http.forbidden', 403));
    }
  });
  const basicAuth = config.BASIC_AUTH_USER && config.BASIC_AUTH_PASSWORD ? { user: config.BASIC_AUTH_USER, password: config.BASIC_AUTH_PASSWORD } : undefined;
  // The /basicauth/ pages of the SPA sit behind server basic authentication (spec §2).
  fastify.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/basicauth/') || basicAuthOk(request.headers.authorization, basicAuth)) return;
    return reply.code(401).header('www-authenticate', 'Basic realm="portal", charset="UTF-8"').type('text/plain; charset=utf-8').send('Authentication required');
  });
  enforcePolicies(fastify, transport, basicAuth);

  registerApiRoutes(fastify, transport, { timeoutMs: config.API_TIMEOUT_MS, coalesce: config.COALESCE_READS });
  registerHealth(fastify, transport);
  registerWellKnown(fastify, transport, config.NODE_ENV !== 'production');
  if (deps.mailbox && config.NODE_ENV !== 'production') registerDevMailbox(fastify, deps.mailbox);
  registerBasicAuthRedirects(fastify);
  const renderIndex = config.WEB_DIST ? await registerSpa(fastify, config.WEB_DIST) : undefined;

  app.useGlobalFilters(new EnvelopeFilter(renderIndex));
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
