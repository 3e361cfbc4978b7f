import { readCookie } from './cookies';
import ky, { type KyInstance } from 'ky';
import { AccessCode, ZBareEnvelope, type TFieldErrors } from '@portal/proto';
import { browser, loginUrl } from './browser';
import { currentLanguage } from './locale';
import { abortRouteRequests, routeSignal } from './route-abort';
import { clearSessionHint, isLoggedIn } from './session';
import { toast } from './toast';

/** Spec §9: 60 s. */
export const API_TIMEOUT_MS = 60_000;
/** Spec §8: redirect to login 1 s after a 40000, to /maintenance 300 ms after a 50001. */
export const SESSION_EXPIRED_REDIRECT_MS = 1000;
export const MAINTENANCE_REDIRECT_MS = 300;
/** The last known maintenance window, for the maintenance page. */
export const MAINTENANCE_WINDOW_KEY = 'portal.maintenance_window';

/** Any refusal the client already handled (toast or redirect); callers just stop. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 40011: the form shows these field errors (`result`: the rest of the answer, e.g. a wait in seconds). */
export class FormError extends ApiError {
  constructor(
    message: string,
    readonly errors: TFieldErrors,
    status: number,
    readonly result: Record<string, unknown> = {},
  ) {
    super(AccessCode.FORM_ERROR, message, status);
    this.name = 'FormError';
  }
}

/** /v1 on this origin, or on the API origin /config.js names (a CDN-hosted SPA; issue 15). */
export function apiPrefix(config: Window['__PORTAL_CONFIG__'] = typeof window === 'undefined' ? undefined : window.__PORTAL_CONFIG__): string {
  const origin = config?.apiOrigin?.replace(/\/$/, '') ?? '';
  return `${origin}/v1`;
}

export const http: KyInstance = ky.create({
  prefixUrl: apiPrefix(),
  timeout: API_TIMEOUT_MS,
  credentials: 'include',
  retry: 0,
  throwHttpErrors: false,
  headers: { accept: 'application/json' },
  hooks: {
    beforeRequest: [(request) => {
      request.headers.set('x-language', currentLanguage());
      // CSRF defence (double submit): echo the readable csrf_token cookie on state-changing calls.
      const csrf = readCookie('csrf_token');
      if (csrf && request.method !== 'GET') request.headers.set('x-csrf-token', csrf);
    }],
  },
});

export type TMethod = 'get' | 'post' | 'put' | 'delete';
/** A JSON body, or for GET/DELETE query parameters (scalars, or arrays of them repeated). */
type Payload = Readonly<Record<string, unknown>>;

export interface RequestOptions {
  /** JSON body for POST/PUT, query parameters for GET/DELETE (spec §7). */
  payload?: Payload | FormData;
  /** Extra signal (e.g. TanStack Query's); the route's signal always applies. */
  signal?: AbortSignal;
  /** Keep the request alive across navigations (app-level calls). */
  outlivesRoute?: boolean;
  /** The page shows the refusal's message itself (form alert, status page): no toast. */
  quiet?: boolean;
}

let sessionExpiring = false;
/** The pending full-page redirects (session expiry, maintenance), so that tests can drop them. */
const redirects = new Set<ReturnType<typeof setTimeout>>();

function redirectLater(run: () => void, delayMs: number): void {
  const timer = setTimeout(() => {
    redirects.delete(timer);
    run();
  }, delayMs);
  redirects.add(timer);
}

function toSearchParams(payload: Payload): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value as unknown[]) params.append(key, String(v));
    else params.append(key, String(value));
  }
  return params;
}

function combinedSignal(options: RequestOptions): AbortSignal | undefined {
  const signals = [options.outlivesRoute ? undefined : routeSignal(), options.signal].filter((s): s is AbortSignal => !!s);
  if (signals.length <= 1) return signals[0];
  return AbortSignal.any(signals);
}

function expireSession(message: string): void {
  if (sessionExpiring) return;
  sessionExpiring = true;
  const hadSession = isLoggedIn();
  const target = browser.currentUrl();
  clearSessionHint();
  abortRouteRequests('Session expired');
  if (hadSession && message) toast(message);
  redirectLater(() => {
    sessionExpiring = false;
    browser.hardNavigate(loginUrl(target));
  }, SESSION_EXPIRED_REDIRECT_MS);
}

export function enterMaintenance(window_: unknown): void {
  try {
    if (window_) sessionStorage.setItem(MAINTENANCE_WINDOW_KEY, JSON.stringify(window_));
  } catch {
    // storage unavailable: the page shows no window
  }
  if (window.location.pathname === '/maintenance') return;
  redirectLater(() => browser.hardNavigate('/maintenance'), MAINTENANCE_REDIRECT_MS);
}

const HTTP_ERROR_PAGES: Record<number, string> = { 403: '/#/403', 404: '/#/404', 500: '/#/500' };

/**
 * Applies the error catalogue of spec §8 to one answer and returns the envelope's `result` on
 * 20000. Precedence: an envelope code with its own rule (40000, 40011, 40013, 40400, 40405,
 * 50001, and the refusals 40300 -> /#/403, 40404 -> /#/404, 42900 a toast) wins over the HTTP
 * status, because the gateway sends e.g. 40013 with HTTP 403 and a form's 40011 with HTTP 422.
 * Otherwise HTTP 403, 404 and 500 go to /#/403, /#/404 and /#/500 (spec §8), an enveloped 50000
 * included; any other failure is a toast unless the page shows the message itself (`quiet`).
 */
export function handleAnswer(status: number, body: unknown, options: { quiet?: boolean } = {}): Record<string, unknown> {
  const parsed = ZBareEnvelope.safeParse(body);
  const result = parsed.success ? parsed.data.result : null;
  const code = result?.access_status.code;
  const message = result?.access_status.message ?? '';

  switch (code) {
    case AccessCode.OK:
      if (status < 400) return result as Record<string, unknown>;
      break;
    case AccessCode.TOKEN_EXPIRED:
      expireSession(message);
      throw new ApiError(code, message, status);
    case AccessCode.FORM_ERROR:
      throw new FormError(message, result?.errors ?? {}, status, result ?? {});
    case AccessCode.IP_RESTRICTED:
    case AccessCode.PROXY_FORBIDDEN:
    case AccessCode.REPEATED_SYNC:
      if (!options.quiet) toast(message);
      throw new ApiError(code, message, status);
    case AccessCode.MAINTENANCE:
      enterMaintenance((result as Record<string, unknown> | null)?.['window']);
      throw new ApiError(code, message, status);
    // Refusals (docs/decisions.md "Refusal codes"): the error pages of spec §8, whatever the HTTP status.
    case AccessCode.FORBIDDEN:
      browser.hardNavigate('/#/403');
      throw new ApiError(code, message, status);
    case AccessCode.NOT_FOUND:
      browser.hardNavigate('/#/404');
      throw new ApiError(code, message, status);
    case AccessCode.RATE_LIMITED:
      if (!options.quiet) toast(message);
      throw new ApiError(code, message, status);
    case AccessCode.SERVER_ERROR:
    case undefined:
      break;
    default:
      code satisfies never;
  }

  const page = HTTP_ERROR_PAGES[status];
  if (page) {
    browser.hardNavigate(page);
    throw new ApiError(code ?? AccessCode.SERVER_ERROR, message, status);
  }
  if (message && !options.quiet) toast(message);
  throw new ApiError(code ?? AccessCode.SERVER_ERROR, message, status);
}

/** The answer's JSON, or null when it has none (a proxy's HTML error page, an empty body). */
export async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * One /v1 call through the error catalogue; returns the envelope's `result`. The low level under
 * lib/api-client.ts (callRoute), which takes method, path and contract from proto's route tables (IDENTITY_ROUTES, LICENCE_ROUTES, ... in proto/src/routes);
 * lint forbids calling this outside lib/.
 */
export async function apiRequest(method: TMethod, path: string, options: RequestOptions = {}): Promise<Record<string, unknown>> {
  const { payload } = options;
  const init: Parameters<KyInstance['get']>[1] = { method, signal: combinedSignal(options) };
  if (payload instanceof FormData) init.body = payload;
  else if (payload && (method === 'get' || method === 'delete')) init.searchParams = toSearchParams(payload);
  else if (payload) init.json = payload;
  const response = await http(path.replace(/^\//, ''), init);
  return handleAnswer(response.status, await readJsonBody(response), { quiet: options.quiet });
}

/** Tests only: reset the once-per-expiry guard and drop the redirects still pending. */
export function resetApiStateForTests(): void {
  sessionExpiring = false;
  for (const timer of redirects) clearTimeout(timer);
  redirects.clear();
}
