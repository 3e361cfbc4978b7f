import { promises as dns } from 'node:dns';
import type { TPrincipal, TRegion, TShard } from '@portal/proto';
import type { Tx } from '../db.js';
import type { PaidStanding } from '../plans/contracts.repository.js';

/**
 * Slice A's seams to the other two slices of issue 10 (docs/design/licence.md) and to DNS. Each
 * has a default here so this branch builds and runs before the others are merged; the merge
 * replaces the default provider (licences.module.ts), not the callers.
 */

/**
 * Slice C: the products a client holds under a paid contract that is live at `asOf` (not past
 * its `ends_on`), and (issue 22) the paid contracts applied for and not in effect yet.
 * `ContractsRepository.paidStanding` supplies them.
 */
export interface PaidProducts {
  paidStanding(shard: TShard, clientUuid: string, asOf: Date): Promise<PaidStanding>;
}
export const PAID_PRODUCTS = Symbol('PaidProducts');

/**
 * Slice B: records that an account agreed to the current terms (B's
 * `AgreementsRepository.record(tx, …)` writes the `agreements` row with the version). Until B is
 * merged the default records nothing here; the agreement is kept in the operation-log entry of
 * the start (`terms_agreed`), and the start is refused without it either way.
 */
export interface TermsAgreements {
  /** Issue 25: refuses the start when a new version is pending and the request does not name the current one. */
  check(principal: TPrincipal, given: { terms_version?: number; privacy_version?: number }): Promise<void>;
  record(tx: Tx, agreement: { clientUuid: string; accountUuid: string; kind: 'terms'; language: string; region: TRegion }): Promise<void>;
}
export const TERMS_AGREEMENTS = Symbol('TermsAgreements');

/** Whether a domain exists: it resolves in DNS (spec §5 "Domain must exist and be valid"). */
export interface DomainResolver {
  resolves(domain: string): Promise<boolean>;
}
export const DOMAIN_RESOLVER = Symbol('DomainResolver');

/** node:dns: an A, AAAA or CNAME record (a timeout or SERVFAIL counts as not resolving). */
export const dnsDomainResolver: DomainResolver = {
  async resolves(domain) {
    const found = await Promise.allSettled([dns.resolve4(domain), dns.resolve6(domain), dns.resolveCname(domain)]);
    return found.some((r) => r.status === 'fulfilled' && r.value.length > 0);
  },
};

/**
 * The sandbox (development and tests, LICENCE_DOMAIN_RESOLVER=sandbox): the reserved example
 * domains (RFC 2606) and their subdomains resolve, except names starting with `nx.`; nothing else.
 */
export const SANDBOX_DOMAINS = ['example.com', 'example.net', 'example.org', 'example.jp'] as const;
export const sandboxDomainResolver: DomainResolver = {
  async resolves(domain) {
    if (domain.startsWith('nx.')) return false;
    return SANDBOX_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`));
  },
};
