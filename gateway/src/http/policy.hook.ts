import type { FastifyInstance, RouteOptions } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { AccessCode, evaluatePolicy, type TPolicy } from '@portal/proto';
import type { Transport } from '@portal/service-common/transport/transport';
import { forbidden, simpleFailure } from './envelope.js';
import { send } from '../api/route-registrar.js';
import { clearSession, csrfOk, resolvePrincipal, sessionToken } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route declares its policy (spec §6); /v1 routes without one are refused. */
    policy?: TPolicy;
    /** The handler needs the caller's session even on a public route (login, logout). */
    withCredentials?: boolean;
    /** The route starts or ends a session (proto ApiRoute.session): it needs no CSRF token. */
    session?: 'create' | 'destroy';
    /** The message a body or file over the gateway's limits gets on this route (proto ApiRoute.tooLarge). */
    tooLarge?: { field: string; key: string };
  }
}

/** Every route the gateway serves, as registered; the policy test reads it. */
export const registeredRoutes: { method: string; url: string; policy?: TPolicy }[] = [];

export function trackRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      registeredRoutes.push({ method, url: route.url, policy: route.config?.policy });
    }
  });
}

export interface BasicAuthCredentials { user: string; password: string }

/** Server basic authentication (spec §2 /basicauth/): constant-time comparison. */
export function basicAuthOk(header: string | undefined, credentials: BasicAuthCredentials | undefined): boolean {
  if (!credentials || !header?.startsWith('Basic ')) return false;
  const given = Buffer.from(Buffer.from(header.slice(6), 'base64').toString('utf8'));
  const expected = Buffer.from(`${credentials.user}:${credentials.password}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Before any handler: the CSRF check (routes that need a login), the principal from the session
 * cookie (for routes that need one), then the route's policy against the principal.
 */
export function enforcePolicies(app: FastifyInstance, transport: Transport, basicAuth?: BasicAuthCredentials, sessionTimeoutMs = 3_000): void {
  // Callback style: most calls decide without waiting for anything (public routes, no session),
  // and an async hook would cost every one of them a promise and a microtask turn.
  app.addHook('preHandler', (request, reply, done) => {
    const policy = request.routeOptions.config?.policy;
    const url = request.routeOptions.url ?? '';
    if (!policy) {
      if (url.startsWith('/v1')) send(reply, forbidden(request.portal.language));
      else done();
      return;
    }
    // Only a call that acts with the session needs its CSRF token. Routes that start or end a
    // session (login, registration, invitation, support login, logout) replace the cookies, so a
    // stale `sid` without `csrf_token` must not block them; cross-site posts are refused by the
    // Origin check and SameSite=Lax. A call that fails the check is answered as an expired
    // session (40000) and the browser's session cookies are cleared, so the SPA goes to /login
    // and a fresh login gives a fresh pair (docs/decisions.md, "Hardening: envelope and login edges").
    const config = request.routeOptions.config;
    if ((policy.access === 'auth' || (config?.withCredentials && !config.session)) && !csrfOk(request)) {
      clearSession(reply);
      send(reply, simpleFailure(request.portal.language, AccessCode.TOKEN_EXPIRED));
      return;
    }
    if (policy.access === 'basic_auth') {
      if (!basicAuthOk(request.headers.authorization, basicAuth)) {
        reply.header('www-authenticate', 'Basic realm="portal", charset="UTF-8"');
        // A refusal, with HTTP 401 so that the browser asks for the server's credentials.
        send(reply, simpleFailure(request.portal.language, AccessCode.FORBIDDEN, undefined, 401));
        return;
      }
      done();
      return;
    }
    const decide = () => {
      const decision = evaluatePolicy(policy, request.portal.principal);
      if (decision === 'unauthenticated') send(reply, simpleFailure(request.portal.language, AccessCode.TOKEN_EXPIRED));
      else if (decision === 'forbidden') send(reply, forbidden(request.portal.language));
      else done();
    };
    if (sessionToken(request) && (policy.access === 'auth' || request.routeOptions.config?.withCredentials)) {
      resolvePrincipal(request, transport, sessionTimeoutMs).then((principal) => {
        request.portal.principal = principal;
        decide();
      }, () => {
        // Identity or NATS is down: the envelope, at once, with nothing internal in it.
        send(reply, simpleFailure(request.portal.language, AccessCode.SERVER_ERROR));
      });
      return;
    }
    decide();
  });
}
