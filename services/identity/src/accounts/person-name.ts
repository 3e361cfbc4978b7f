import { ZRegion, formatPersonName, nameFieldOrder, type TOperationActor, type TRegion, type TShard } from '@portal/proto';
import { currentContext } from '@portal/service-common/context';
import type { Account, Tenant } from '../db.js';

/** The region whose conventions a shard's accounts follow: its own, or for the global shard (operators) the request's. */
export function regionOf(shard: TShard): TRegion {
  return ZRegion.catch('jpn').parse(shard === 'global' ? currentContext()?.region : shard);
}

/** An account's name as its region writes it (proto `formatPersonName`). */
export function accountName(region: TRegion, account: Pick<Account, 'familyName' | 'givenName'>): string {
  return formatPersonName(region, { family_name: account.familyName, given_name: account.givenName });
}

/** The name columns in the region's order (sorting the user list by name). */
export function nameColumns(region: TRegion): ('familyName' | 'givenName')[] {
  return nameFieldOrder(region).map((f) => (f === 'family_name' ? 'familyName' : 'givenName'));
}

/** The name a mail to an account greets it by: as the account's region writes it (the host's, for an operator). */
export function recipientName(shard: TShard, account: Pick<Account, 'familyName' | 'givenName'>): string {
  return accountName(regionOf(shard), account);
}

/**
 * Issue 25: the actor of an entry an account makes before it has a session (log in, a failed
 * attempt, an MFA code): operator staff, partner staff with its company, or a client's account.
 */
export function accountActor(found: { account: Pick<Account, 'uuid' | 'kind' | 'familyName' | 'givenName'>; tenant: Pick<Tenant, 'uuid' | 'name'> | null; shard: TShard }): TOperationActor {
  const name = accountName(regionOf(found.shard), found.account) || null;
  const base = { uuid: found.account.uuid, name, behind: null };
  if (found.account.kind === 'operator') return { kind: 'operator', ...base, organisation: null };
  if (found.account.kind === 'partner') return { kind: 'partner', ...base, organisation: found.tenant?.name ?? null, organisation_uuid: found.tenant?.uuid ?? null };
  return { kind: 'account', ...base, organisation: null };
}
