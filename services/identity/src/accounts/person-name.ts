import { ZRegion, formatPersonName, nameFieldOrder, type TRegion, type TShard } from '@portal/proto';
import { currentContext } from '@portal/service-common/context';
import type { Account } from '../db.js';

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
