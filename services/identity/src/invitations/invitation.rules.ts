import type { TAccountStatus } from '@portal/proto';
import { TOKEN_TTL_MS, tokenState, type TokenFacts } from '../tokens/one-time-token.rules.js';

/**
 * Invitation expiry (spec §4), without a database: an invitation is answered within 24 hours of
 * its newest link, or the account reads `expired` (and may be reinvited). The newest link is the
 * truth: an account with an unused, unexpired invitation stays invited, whatever older links did.
 * The sweep applies the same rule to a whole shard in one statement
 * (AccountsRepository.expireInvitations, with the token repository's `liveTokenSql`).
 */
export const INVITATION_TTL_MS = TOKEN_TTL_MS.invitation;

/** Whether the account's invitation is answered or still open (invited, expired): only then does its link open it. */
export function awaitingAnswer(status: string): status is Extract<TAccountStatus, 'invited' | 'expired'> {
  return status === 'invited' || status === 'expired';
}

/** The status an invited account has now, given its invitation links. Other statuses are unchanged. */
export function invitationStatus(status: TAccountStatus, invitations: readonly TokenFacts[], now: Date): TAccountStatus {
  if (status !== 'invited') return status;
  return invitations.some((t) => tokenState(t, 'invitation', now) === 'live') ? 'invited' : 'expired';
}
