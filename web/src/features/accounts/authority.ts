import type { TAuthority } from '@portal/proto';
import { readSessionHint } from '../../lib/session';

export const AUTHORITIES = ['owner', 'admin', 'user'] as const satisfies readonly TAuthority[];

/**
 * Whether this is a support session (a partner or operator in the client's portal). Owner
 * authority is the client's own: a support session creates no owner, grants or removes none and
 * changes no owner's account (the server refuses with 403; services/identity
 * support-session.rules.ts), so the forms do not offer it.
 */
export const inSupportSession = (): boolean => readSessionHint().principal?.proxy ?? false;

/** The authorities the caller may give. */
export function grantableAuthorities(support: boolean): readonly TAuthority[] {
  return support ? AUTHORITIES.filter((a) => a !== 'owner') : AUTHORITIES;
}
