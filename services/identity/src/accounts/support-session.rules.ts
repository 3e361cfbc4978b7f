import { AccessCode, type TAccountAction, type TPrincipal } from '@portal/proto';
import { ServiceError } from '@portal/service-common/errors';

/**
 * What a support session (a partner or operator logged in to a client by support login) may do to
 * the client's people and security, without a database (issue 9 item 2, issue 21 item 1;
 * docs/decisions.md "Support sessions work at the user level"). A support session works at the
 * user level:
 * - it invites only users (screen or CSV): no owner, no admin;
 * - it does nothing to an account above the user level (owner, admin): no edit, suspend, resume,
 *   delete or reinvite;
 * - on a user's account it changes neither the authority nor the email address (nor cancels a
 *   pending change); the name and products stay open, as do suspend, resume, delete and reinvite;
 * - it changes no password, email address or security setting of its own (profile) or the
 *   client's (IP list, MFA, support-login permission).
 * So nothing it does leaves it, or anyone it chose, an account that outlives the session.
 */

/** Refusals (HTTP 403, code 40400): the owner's own, above the user level, an email change, and security. */
export const SUPPORT_OWNER_REFUSAL = 'account.support_owner_reserved';
export const SUPPORT_USER_LEVEL_REFUSAL = 'account.support_user_level_only';
export const SUPPORT_EMAIL_REFUSAL = 'account.support_email_reserved';
export const SUPPORT_SECURITY_REFUSAL = 'support.security_reserved';
export type TSupportRefusal = typeof SUPPORT_OWNER_REFUSAL | typeof SUPPORT_USER_LEVEL_REFUSAL | typeof SUPPORT_EMAIL_REFUSAL | typeof SUPPORT_SECURITY_REFUSAL;

/** The caller as these rules see it: whether its session is a support session. */
export interface TSupportCaller { proxy: boolean }

/** The authority of every account a support session may create or act on. */
const USER_LEVEL = 'user';

/** Authority above the user level: the owner's message for owner authority, else the user-level one. */
function aboveUserLevel(authority: string | null | undefined): TSupportRefusal | null {
  if (authority === 'owner') return SUPPORT_OWNER_REFUSAL;
  if (authority === 'admin') return SUPPORT_USER_LEVEL_REFUSAL;
  return null;
}

/** Inviting accounts with these authorities (screen or CSV): users only. */
export function supportInviteRefusal(caller: TSupportCaller, authorities: readonly (string | null)[]): TSupportRefusal | null {
  if (!caller.proxy) return null;
  if (authorities.includes('owner')) return SUPPORT_OWNER_REFUSAL;
  return authorities.some((a) => a !== USER_LEVEL) ? SUPPORT_USER_LEVEL_REFUSAL : null;
}

/** What an edit asks for: the authority, and the address it leaves on the account. */
export interface TSupportEdit { authority?: string | null; email?: string }
/** The account as stored: its authority and address, and the address an email change waits for. */
export interface TSupportTarget { authority: string | null; email?: string; pendingEmail?: string | null }

/**
 * Whether an edit that leaves `requested` as the account's address changes its email: a new
 * address starts a change, and the current address while a change is pending cancels it; saving
 * the address a change waits for (the edit form shows it) changes nothing.
 */
export function editChangesEmail(target: { email: string; pendingEmail: string | null }, requested: string): boolean {
  return requested.trim().toLowerCase() !== (target.pendingEmail ?? target.email);
}

/**
 * An action on an existing account (`target`), and for an edit what it asks for (`edit`): an
 * account above the user level is out of reach, no account is given another authority, and no
 * account's address changes.
 */
export function supportActionRefusal(caller: TSupportCaller, action: TAccountAction, target: TSupportTarget, edit: TSupportEdit = {}): TSupportRefusal | null {
  if (!caller.proxy) return null;
  const above = aboveUserLevel(target.authority);
  if (above) return above;
  if (action !== 'edit') return null;
  if (edit.authority !== undefined && edit.authority !== target.authority) return aboveUserLevel(edit.authority) ?? SUPPORT_USER_LEVEL_REFUSAL;
  if (edit.email !== undefined && target.email !== undefined && editChangesEmail({ email: target.email, pendingEmail: target.pendingEmail ?? null }, edit.email)) {
    return SUPPORT_EMAIL_REFUSAL;
  }
  return null;
}

/**
 * A password, email address or security setting (the profile's password and email change, the
 * client's IP list, MFA and support-login permission): never in a support session. The gateway's
 * policies (PROFILE, SECURITY_SETTINGS_CHANGE) refuse these routes first; the services check again.
 */
export function supportSecurityRefusal(caller: TSupportCaller): TSupportRefusal | null {
  return caller.proxy ? SUPPORT_SECURITY_REFUSAL : null;
}

/** A refusal as the services throw it: HTTP 403 with the support-login refusal code (40400) and the message. */
export function supportRefused(key: TSupportRefusal): ServiceError {
  return new ServiceError(AccessCode.PROXY_FORBIDDEN, key);
}

/** Throws when `principal` is a support session: no password, email address or security setting changes. */
export function assertNoSupportSecurityChange(principal: Pick<TPrincipal, 'proxy'>): void {
  const refusal = supportSecurityRefusal(principal);
  if (refusal) throw supportRefused(refusal);
}
