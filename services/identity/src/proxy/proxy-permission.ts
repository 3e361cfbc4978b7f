import type { TSupportLoginRefusal } from '@portal/proto';
import type { Tenant } from '../db.js';
import { ipAllowed } from '../settings/ip-list.rules.js';

/** Contracts under which a partner may support-login to a client (spec §6). */
const PROXY_CONTRACTS = ['single_content_provider', 'referral'];

/** Who starts a support login. */
export type TProxyActorKind = 'partner' | 'operator';
/** A refusal by these rules; its message is `proxy.<refusal>` (spec §8). */
export type TProxyRefusal = Exclude<TSupportLoginRefusal, 'cannot'>;

/** Whether the client's contract lets its agency support-login at all. */
export function partnerProxyAvailable(client: Tenant): boolean {
  return Boolean(client.partnerUuid) && PROXY_CONTRACTS.includes(client.contractType);
}

/**
 * Why this actor may not start a support login into `client` (null: not found) from `ip` now, as
 * issuing a link, redeeming it and the client lists answer it. A client that is unknown, not an
 * active client, or outside the partner's own clients is the same generic refusal (`cannot`): a
 * partner learns nothing of another partner's clients, not even that they exist (issue 21 item 6).
 * The rest is proxyRefusal's.
 */
export function supportLoginRefusal(client: Tenant | null, actorKind: TProxyActorKind, partnerUuid: string | null, ip: string | undefined): TSupportLoginRefusal | null {
  if (!client || client.kind !== 'client' || client.status !== 'active') return 'cannot';
  if (actorKind === 'partner' && (!partnerUuid || client.partnerUuid !== partnerUuid)) return 'cannot';
  return proxyRefusal(client, actorKind, partnerUuid, ip);
}

/**
 * Why a support login into `client` by a partner (of tenant `partnerUuid`) or an operator, from
 * address `ip`, is not allowed now, or null: the EU data-protection rule, the contract and agency,
 * the client's permission, its IP restriction. Checked when a link is issued, when it is used, and on every request of
 * the support session.
 */
export function proxyRefusal(client: Tenant, actorKind: TProxyActorKind, partnerUuid: string | null, ip: string | undefined): TProxyRefusal | null {
  // Issue 22: a client marked as subject to the EU data-protection rule is not operated by anyone.
  if (client.euRestricted) return 'eu_restricted';
  if (actorKind === 'partner' && (!partnerUuid || client.partnerUuid !== partnerUuid || !partnerProxyAvailable(client))) return 'not_available';
  const permitted = actorKind === 'partner' ? client.partnerProxyAllowed : client.operatorProxyAllowed;
  const ipOk = !client.ipRestrictionEnabled || ipAllowed(ip, client.ipAllowlist);
  if (!permitted && !ipOk) return 'denied_and_ip';
  if (!permitted) return 'denied';
  if (!ipOk) return 'ip_denied';
  return null;
}
