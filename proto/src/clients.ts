import { z } from 'zod';
import { ZContractType, ZRegion } from './enums.js';

/**
 * GET /v1/client/list (spec §7): a partner's own clients, or every client of every region for an
 * operator (DESIGN §5: operator list screens query all shards and merge).
 */
export const CLIENT_LIST_SORTS = ['company_name', 'region', 'contract_type', 'status', 'created_at'] as const;
export type TClientListSort = (typeof CLIENT_LIST_SORTS)[number];
/**
 * The deepest row a page may reach (page x per_page). Every shard answers its first rows and the
 * gateway-side merge keeps the page, so depth costs rows on every shard; beyond it, search.
 */
export const CLIENT_LIST_MAX_DEPTH = 10_000;

export const ZClientListQuery = z.object({
  page: z.coerce.number().int().min(1).max(CLIENT_LIST_MAX_DEPTH).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  /** Part of the company name (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  sort: z.enum(CLIENT_LIST_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type TClientListQuery = z.infer<typeof ZClientListQuery>;

/** Why a support login is not possible now; the message is `proxy.<reason>` (spec §8). */
/** `eu_restricted` (issue 22): the client is marked as subject to the EU data-protection rule. */
export const SUPPORT_LOGIN_REFUSALS = ['not_available', 'denied', 'ip_denied', 'denied_and_ip', 'cannot', 'eu_restricted'] as const;
export const ZSupportLoginRefusal = z.enum(SUPPORT_LOGIN_REFUSALS);
export type TSupportLoginRefusal = z.infer<typeof ZSupportLoginRefusal>;
export const ZSupportLoginEligibility = z.object({ possible: z.boolean(), reason: ZSupportLoginRefusal.nullable() });
export type TSupportLoginEligibility = z.infer<typeof ZSupportLoginEligibility>;

/** Licence types of spec §3 Client. */
export const LICENCE_TYPES = ['normal', 'test', 'demo', 'in_house', 'special', 'reviewing', 'rejected'] as const;
export const ZLicenceType = z.enum(LICENCE_TYPES);
export type TLicenceType = z.infer<typeof ZLicenceType>;
export const CLIENT_STATUSES = ['active', 'inactive'] as const;
export const ZClientStatus = z.enum(CLIENT_STATUSES);

export const ZClientRow = z.object({
  uuid: z.string(),
  company_name: z.string(),
  region: ZRegion,
  contract_type: ZContractType,
  /** Null when the licence service holds a type this contract does not know. */
  licence_type: ZLicenceType.nullable(),
  status: ZClientStatus,
  created_at: z.iso.datetime(),
  /** Whether the caller could start a support login into this client now (the issue call decides again). */
  support_login: ZSupportLoginEligibility,
});
export type TClientRow = z.infer<typeof ZClientRow>;
export const ZClientList = z.object({ clients: z.array(ZClientRow), total: z.number().int() });
export type TClientList = z.infer<typeof ZClientList>;

/**
 * Internal (identity.proxy-login.eligibility, no /v1 route): the support-login checks of
 * POST /v1/proxy_login/issue, for the principal, for up to one page of clients.
 */
export const ZProxyEligibilityQuery = z.object({
  clients: z.array(z.object({ uuid: z.uuid(), region: ZRegion })).max(100),
});
export const ZProxyEligibilityAnswer = z.object({
  clients: z.array(ZSupportLoginEligibility.extend({ uuid: z.string(), region: ZRegion })),
});
export type TProxyEligibilityAnswer = z.infer<typeof ZProxyEligibilityAnswer>;
