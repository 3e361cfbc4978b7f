import { z } from 'zod';

/** access_status codes of spec §8. */
export const AccessCode = {
  OK: 20000,
  TOKEN_EXPIRED: 40000,
  FORM_ERROR: 40011,
  IP_RESTRICTED: 40013,
  PROXY_FORBIDDEN: 40400,
  REPEATED_SYNC: 40405,
  SERVER_ERROR: 50000,
  MAINTENANCE: 50001,
} as const;
export type TAccessCode = (typeof AccessCode)[keyof typeof AccessCode];
export const ACCESS_CODES = Object.values(AccessCode) as TAccessCode[];
export const ZAccessCode = z.union(ACCESS_CODES.map((c) => z.literal(c)) as unknown as [z.ZodLiteral<TAccessCode>, ...z.ZodLiteral<TAccessCode>[]]);

/**
 * Why a request was refused before it reached a handler. These are not access_status codes of
 * their own: they travel as 50000/40000 codes with HTTP 403/404/429 (DESIGN §3).
 */
export type TRefusal = 'forbidden' | 'not_found' | 'rate_limited';

/** HTTP status for each code (DESIGN §3). */
export function httpStatusFor(code: TAccessCode): number {
  switch (code) {
    case AccessCode.OK: return 200;
    case AccessCode.TOKEN_EXPIRED: return 401;
    case AccessCode.FORM_ERROR: return 422;
    case AccessCode.IP_RESTRICTED: return 403;
    case AccessCode.PROXY_FORBIDDEN: return 403;
    case AccessCode.REPEATED_SYNC: return 409;
    case AccessCode.SERVER_ERROR: return 500;
    case AccessCode.MAINTENANCE: return 503;
    default: return code satisfies never;
  }
}

/** The message key each code renders when a service gives none. */
export const DEFAULT_MESSAGE_KEY: Record<TAccessCode, string> = {
  [AccessCode.OK]: 'status.ok',
  [AccessCode.TOKEN_EXPIRED]: 'status.token_expired',
  [AccessCode.FORM_ERROR]: 'status.form_error',
  [AccessCode.IP_RESTRICTED]: 'status.ip_restricted',
  [AccessCode.PROXY_FORBIDDEN]: 'status.proxy_forbidden',
  [AccessCode.REPEATED_SYNC]: 'status.repeated_sync',
  [AccessCode.SERVER_ERROR]: 'status.server_error',
  [AccessCode.MAINTENANCE]: 'status.maintenance',
};

/**
 * Issue 14, slice A: the message key of "not found" (HTTP 404 with code 50000, as an unknown /v1
 * route). A service answers it for a record outside the caller's scope, so that its existence is
 * not disclosed (docs/design/backoffice.md "Scope").
 */
export const NOT_FOUND_KEY = 'http.not_found';
