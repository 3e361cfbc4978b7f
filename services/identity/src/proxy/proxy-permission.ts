import type { Tenant } from '../db.js';
import { ipAllowed } from '../settings/ip-list.js';

/** Contracts under which a partner may support-login to a client (spec §6). */
const PROXY_CONTRACTS = ['single_content_provider', 'referral'];

export type TProxyRefusal = 'proxy.not_available' | 'proxy.denied_and_ip' | 'proxy.denied' | 'proxy.ip_denied';

/** Whether the client's contract lets its agency support-login at all. */
export function partnerProxyAvailable(client: Tenant): boolean {
  return Boolean(client.partnerUuid) && PROXY_CONTRACTS.includes(client.contractType);
}

/**
 * Why a support login into `client` by a partner (of tenant `partnerUuid`) or an operator, from
 * address `ip`, is not allowed now, or null: the contract and agency, the client's permission,
 * its IP restriction. Checked when a link is issued, when it is used, and on every request of
 * the support session.
 */
export function proxyRefusal(client: Tenant, actorKind: 'partner' | 'operator', partnerUuid: string | null, ip: string | undefined): TProxyRefusal | null {
  if (actorKind === 'partner' && (!partnerUuid || client.partnerUuid !== partnerUuid || !partnerProxyAvailable(client))) return 'proxy.not_available';
  const permitted = actorKind === 'partner' ? client.partnerProxyAllowed : client.operatorProxyAllowed;
  const ipOk = !client.ipRestrictionEnabled || ipAllowed(ip, client.ipAllowlist);
  if (!permitted && !ipOk) return 'proxy.denied_and_ip';
  if (!permitted) return 'proxy.denied';
  if (!ipOk) return 'proxy.ip_denied';
  return null;
}
