import { areaOf, type TPrincipal } from './policy.js';

/**
 * Issue 14, slice A: which clients a principal may see (spec §6, docs/design/backoffice.md
 * "Scope"). An operator sees every client; a partner the clients whose agency it is; a primary
 * partner also, read-only, its sub-partners' clients. Slices B and C use the same rule; the one
 * place that turns it into SQL is licence's `ClientsRepository.inScope`.
 */
export type TClientScope = { readonly all: true } | { readonly partner: string; readonly includeSubPartners: boolean };

/**
 * The principal's client scope, from the principal only (never the request). Null: the principal
 * has no clients to see (a client, or a partner session without a partner).
 */
export function clientScope(principal: Pick<TPrincipal, 'context' | 'partner_uuid'>): TClientScope | null {
  const area = areaOf(principal);
  if (area === 'operator') return { all: true };
  if (area !== 'partner' || !principal.partner_uuid) return null;
  return { partner: principal.partner_uuid, includeSubPartners: principal.context === 'primary_partner' };
}

/**
 * The clients the principal may change (suspend, resume, edit): a primary partner's view of its
 * sub-partners' clients is read-only, so changes narrow the scope to its own clients.
 */
export function writableScope(scope: TClientScope): TClientScope {
  return 'all' in scope ? scope : { partner: scope.partner, includeSubPartners: false };
}
