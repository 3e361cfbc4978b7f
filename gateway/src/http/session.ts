import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccessCode, Headers, INTERNAL_ROUTES, ZSessionGrant, type TPrincipal } from '@portal/proto';
import type { Transport } from '@portal/service-common/transport/transport';
import { createLogger } from '@portal/service-common/logger';
import { Coalescer } from '../api/coalescer.js';

const log = createLogger('Session');

export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'csrf_token';
export const DEVICE_COOKIE = 'mfa_device';
/**
 * The readable cookies of spec §3, hints for the SPA's menus and guards, never trusted by the
 * server. Everything else is HttpOnly or comes from GET /v1/user-auth; the one other readable
 * cookie is the CSRF token, which the page must echo (docs/decisions.md, issue 21).
 */
export const HINT_COOKIES = ['level', 'proxy_ident', 'login_operator_type', 'contract_type'] as const;
/** Readable cookies of earlier releases (the user's id, name, email, company): cleared wherever a browser still has them. */
const RETIRED_COOKIES = ['user_id', 'user_name', 'user_email', 'company_id', 'proxy_target'] as const;

const secure = (request: FastifyRequest) => request.protocol === 'https';

export function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value && value.length <= 200 ? value : undefined;
}

/** Session resolution could not be done (identity or NATS down, or too slow): the request answers 50000. */
export class SessionUnavailableError extends Error {
  constructor(options?: { cause: unknown }) {
    super('session resolution unavailable', options);
    this.name = 'SessionUnavailableError';
  }
}

/**
 * Session resolutions in flight, shared by the calls that carry the same session from the same
 * address in the same region and language (everything the answer depends on): a page's burst of
 * parallel calls asks identity once. Nothing is kept once the answer is in (see Coalescer), so a
 * ban or a logout still counts from the next call on.
 */
const resolving = new Coalescer<TPrincipal | null>();

/**
 * Asks identity for the principal behind the session cookie (none: anonymous). In an outage it
 * fails fast with SessionUnavailableError: at once while the transport is down, otherwise after
 * `timeoutMs` (SESSION_RESOLVE_TIMEOUT_MS); the caller answers the 50000 envelope, nothing more.
 */
export async function resolvePrincipal(request: FastifyRequest, transport: Transport, timeoutMs = 3_000): Promise<TPrincipal | null> {
  const token = sessionToken(request);
  if (!token) return null;
  if (!transport.isReady()) throw new SessionUnavailableError();
  const { locale, language } = request.portal;
  return resolving.run(`${token}|${request.ip}|${locale.region}|${language}`, () => askIdentity(request, transport, token, timeoutMs));
}

async function askIdentity(request: FastifyRequest, transport: Transport, token: string, timeoutMs: number): Promise<TPrincipal | null> {
  try {
    const route = INTERNAL_ROUTES.sessionResolve;
    const answer = await transport.request<unknown>(route.subject, { token }, {
      // The caller's address: a support session ends when the client's IP restriction no longer admits it.
      headers: {
        [Headers.requestId]: request.portal.requestId, [Headers.region]: request.portal.locale.region, [Headers.language]: request.portal.language,
        [Headers.clientIp]: request.ip, [Headers.deadline]: String(Date.now() + timeoutMs),
      },
      timeoutMs,
    });
    if (!answer.ok) {
      if (answer.error.code === AccessCode.SERVER_ERROR) throw new SessionUnavailableError();
      return null;
    }
    return route.response.parse(answer.data).principal;
  } catch (error) {
    if (error instanceof SessionUnavailableError) throw error;
    log.error({ err: error }, 'session resolution failed');
    throw new SessionUnavailableError({ cause: error });
  }
}

/**
 * CSRF defence for cookie sessions (double submit): a state-changing call that carries the
 * session cookie must echo the readable csrf_token cookie in x-csrf-token.
 */
export function csrfOk(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return true;
  if (!sessionToken(request)) return true;
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers['x-csrf-token'];
  if (!cookie || typeof header !== 'string' || header.length !== cookie.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
}

/** Turns identity's session grant into cookies: the session (HttpOnly), CSRF token, hints, remembered device. */
export function applyGrant(request: FastifyRequest, reply: FastifyReply, raw: unknown): void {
  const grant = ZSessionGrant.parse(raw);
  const expires = new Date(grant.expires_at);
  const base = { path: '/', sameSite: 'lax' as const, secure: secure(request), expires };
  reply.setCookie(SESSION_COOKIE, grant.token, { ...base, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), { ...base, httpOnly: false });
  for (const name of HINT_COOKIES) {
    const value = grant.hints[name];
    if (value !== undefined && value !== '') reply.setCookie(name, value, { ...base, httpOnly: false });
    else reply.clearCookie(name, { path: '/' });
  }
  for (const name of RETIRED_COOKIES) if (request.cookies[name] !== undefined) reply.clearCookie(name, { path: '/' });
  // The gateway reads it (request-context.ts); the page never needs to.
  if (grant.hints.disp_language) reply.setCookie('disp_language', grant.hints.disp_language, { path: '/', sameSite: 'lax', secure: secure(request), httpOnly: true, maxAge: 365 * 86400 });
  if (grant.device) {
    reply.setCookie(DEVICE_COOKIE, grant.device.token, { path: '/', sameSite: 'lax', secure: secure(request), httpOnly: true, expires: new Date(grant.device.expires_at) });
  }
}

export function clearSession(reply: FastifyReply): void {
  for (const name of [SESSION_COOKIE, CSRF_COOKIE, ...HINT_COOKIES, ...RETIRED_COOKIES]) reply.clearCookie(name, { path: '/' });
}
