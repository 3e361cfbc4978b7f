import type { TLinkState } from '@portal/proto';

/**
 * The lifecycle of single-use tokens (links and codes), without a database: every purpose, how long
 * each lives, and what a token is at a given moment. `OneTimeTokenService` applies it; the atomic
 * consume in `OneTimeTokenRepository` is the same rule as one conditional UPDATE.
 */
export const TOKEN_PURPOSES = ['invitation', 'password_reset', 'mail_update', 'email_code', 'signup', 'proxy_login', 'sso', 'login_handoff'] as const;
export type TTokenPurpose = (typeof TOKEN_PURPOSES)[number];

const HOUR = 3600_000;
/** How long a token of each purpose lives after it is issued (spec §4, §9; issue 3 for the 60 s ones). */
export const TOKEN_TTL_MS: Record<TTokenPurpose, number> = {
  invitation: 24 * HOUR,
  password_reset: 24 * HOUR,
  mail_update: 24 * HOUR,
  email_code: 30 * 60_000,
  signup: 24 * HOUR,
  proxy_login: 60_000,
  sso: 60_000,
  /** A login verified on another region's host, carried to the home host (issue 9 item 9). */
  login_handoff: 60_000,
};

/**
 * - `live`: may be used now;
 * - `used`: consumed once (it never works again);
 * - `revoked`: closed before use: a newer token replaced it, or a code was guessed at too often;
 * - `expired`: its time ran out unused;
 * - `unknown`: no such token of this purpose.
 */
export type TTokenState = 'live' | 'used' | 'revoked' | 'expired' | 'unknown';

export interface TokenFacts { purpose: string; usedAt: Date | null; revokedAt: Date | null; expiresAt: Date }

export function tokenExpiresAt(purpose: TTokenPurpose, issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + TOKEN_TTL_MS[purpose]);
}

/** What a token is at `now`. Use wins over revocation and expiry: a used link stays "used". */
export function tokenState(token: TokenFacts | null | undefined, purpose: TTokenPurpose, now: Date): TTokenState {
  if (!token || token.purpose !== purpose) return 'unknown';
  if (token.usedAt) return 'used';
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'live';
}

/** The state of a mailed link as the API answers it (proto's vocabulary, which the SPA branches on). */
export function linkState(state: TTokenState): TLinkState {
  switch (state) {
    case 'live': return 'valid';
    case 'used': return 'used';
    case 'revoked': return 'replaced';
    case 'expired': return 'expired';
    case 'unknown': return 'invalid';
    default: return state satisfies never;
  }
}
