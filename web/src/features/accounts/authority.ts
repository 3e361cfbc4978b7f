import type { TAuthority } from '@portal/proto';
import { readSessionHint } from '../../lib/session';

export const AUTHORITIES = ['owner', 'admin', 'user'] as const satisfies readonly TAuthority[];

/**
 * Whether this is a support session (a partner or operator in the client's portal). A support
 * session works at the user level: it invites users only, acts on no admin's or owner's account,
 * and changes no account's authority or email address (the server refuses with 403;
 * services/identity support-session.rules.ts), so the forms do not offer any of it.
 */
export const inSupportSession = (): boolean => readSessionHint().principal?.proxy ?? false;

/** The authorities the caller may give: users only in a support session. */
export function grantableAuthorities(support: boolean): readonly TAuthority[] {
  return support ? ['user'] : AUTHORITIES;
}

/** An account a support session may not touch: one above the user level (admin, owner). */
export function reservedForOwners(support: boolean, authority: string | null): boolean {
  return support && (authority === 'owner' || authority === 'admin');
}
