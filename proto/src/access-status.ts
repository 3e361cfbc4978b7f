import { z } from 'zod';

/** access_status codes of spec §8. */
export const AccessCode = {
  OK: 20000,
  TOKEN_EXPIRED: 40000,
  FORM_ERROR: 40011,
  IP_RESTRICTED: 40013,
  PROXY_FORBIDDEN: 40400,
  REPEATED_SYNC: 40405,
  /** Refusals (issue 21 item 8; docs/decisions.md "Refusal codes"): the caller may not use this call or record. */
  FORBIDDEN: 40300,
  /** No such route, or no such record in the caller's scope (its existence is not disclosed). */
  NOT_FOUND: 40404,
  /** Too many requests from this address; try again after `retry-after`. */
  RATE_LIMITED: 42900,
  SERVER_ERROR: 50000,
  MAINTENANCE: 50001,
} as const;
export type TAccessCode = (typeof AccessCode)[keyof typeof AccessCode];
export const ACCESS_CODES = Object.values(AccessCode) as TAccessCode[];
export const ZAccessCode = z.union(ACCESS_CODES.map((c) => z.literal(c)) as unknown as [z.ZodLiteral<TAccessCode>, ...z.ZodLiteral<TAccessCode>[]]);

/**
 * Refusals: the call was understood and is not allowed (policy table, scope, rate limit). Each has
 * an access_status code of its own, beside spec §8's catalogue, where 50000 means a server error
 * (docs/decisions.md, "Refusal codes").
 */
export type TRefusal = 'forbidden' | 'not_found' | 'rate_limited';
export const REFUSAL_CODE = {
  forbidden: AccessCode.FORBIDDEN,
  not_found: AccessCode.NOT_FOUND,
  rate_limited: AccessCode.RATE_LIMITED,
} as const satisfies Record<TRefusal, TAccessCode>;

/** HTTP status for each code (DESIGN §3). */
export function httpStatusFor(code: TAccessCode): number {
  switch (code) {
    case AccessCode.OK: return 200;
    case AccessCode.TOKEN_EXPIRED: return 401;
    case AccessCode.FORM_ERROR: return 422;
    case AccessCode.IP_RESTRICTED: return 403;
    case AccessCode.PROXY_FORBIDDEN: return 403;
    case AccessCode.REPEATED_SYNC: return 409;
    case AccessCode.FORBIDDEN: return 403;
    case AccessCode.NOT_FOUND: return 404;
    case AccessCode.RATE_LIMITED: return 429;
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
  [AccessCode.FORBIDDEN]: 'http.forbidden',
  [AccessCode.NOT_FOUND]: 'http.not_found',
  [AccessCode.RATE_LIMITED]: 'http.rate_limited',
  [AccessCode.SERVER_ERROR]: 'status.server_error',
  [AccessCode.MAINTENANCE]: 'status.maintenance',
};

/**
 * The message of "not found" (40404, HTTP 404, as an unknown /v1 route). A service answers it for
 * a record outside the caller's scope, so that its existence is not disclosed
 * (docs/design/backoffice.md "Scope").
 */
export const NOT_FOUND_KEY = 'http.not_found';

/** What each code means, for the OpenAPI document. */
export const ACCESS_CODE_MEANINGS: Record<TAccessCode, string> = {
  [AccessCode.OK]: 'Success.',
  [AccessCode.TOKEN_EXPIRED]: 'No session, or it expired (HTTP 401). Log in again.',
  [AccessCode.FORM_ERROR]: 'Form error (HTTP 422): "errors" holds the messages per field.',
  [AccessCode.IP_RESTRICTED]: 'The address is not on the client\'s IP allow-list (HTTP 403).',
  [AccessCode.PROXY_FORBIDDEN]: 'Support (proxy) login is not allowed here (HTTP 403).',
  [AccessCode.REPEATED_SYNC]: 'Repeated user sync (HTTP 409).',
  [AccessCode.FORBIDDEN]: 'Refused: the caller may not use this call or act on this record (HTTP 403).',
  [AccessCode.NOT_FOUND]: 'No such route, or no such record in the caller\'s scope (HTTP 404).',
  [AccessCode.RATE_LIMITED]: 'Too many requests from this address (HTTP 429, with retry-after).',
  [AccessCode.SERVER_ERROR]: 'Server error (HTTP 500): the request could not be completed; retry later.',
  [AccessCode.MAINTENANCE]: 'Maintenance (HTTP 503).',
};
