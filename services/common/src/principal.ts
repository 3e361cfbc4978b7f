import { AccessCode, type TPrincipal } from '@portal/proto';
import { requireContext } from './context.js';
import { ServiceError } from './errors.js';

/** The caller's principal; a handler behind an auth policy without one answers 40000. */
export function requirePrincipal(): TPrincipal {
  const principal = requireContext().principal;
  if (!principal) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
  return principal;
}
