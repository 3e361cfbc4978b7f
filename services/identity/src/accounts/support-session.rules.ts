import type { TAccountAction } from '@portal/proto';

/**
 * What a support session (a partner or operator logged in to a client by support login) may not
 * do to the client's people, without a database (issue 9 item 2; docs/decisions.md "Support
 * sessions cannot seize a client"). Owner authority is the client's own: a support session
 * creates no owner (invitation by screen or CSV), grants or removes no owner authority, and
 * changes no owner's account (edit, email change, suspend, resume, delete, reinvite). The rest of
 * the account work stays open to it.
 */

/** The message of every refusal below (HTTP 403, code 40400). */
export const SUPPORT_OWNER_REFUSAL = 'account.support_owner_reserved';
export type TSupportRefusal = typeof SUPPORT_OWNER_REFUSAL;

/** The caller as these rules see it: whether its session is a support session. */
export interface TSupportCaller { proxy: boolean }

/** Inviting accounts with these authorities (screen or CSV). */
export function supportInviteRefusal(caller: TSupportCaller, authorities: readonly (string | null)[]): TSupportRefusal | null {
  return caller.proxy && authorities.includes('owner') ? SUPPORT_OWNER_REFUSAL : null;
}

/**
 * An action on an existing account (`target`), and for an edit the authority it asks for
 * (`nextAuthority`): an owner's account is out of reach, and no account is made an owner.
 */
export function supportActionRefusal(
  caller: TSupportCaller, action: TAccountAction, target: { authority: string | null }, nextAuthority?: string | null,
): TSupportRefusal | null {
  if (!caller.proxy) return null;
  if (target.authority === 'owner') return SUPPORT_OWNER_REFUSAL;
  if (action === 'edit' && nextAuthority === 'owner') return SUPPORT_OWNER_REFUSAL;
  return null;
}
