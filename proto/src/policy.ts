import { z } from 'zod';
import { ZContractType, ZLevel, ZOperatorContext, ZRegion, ZLanguage, ZShard, type TLevel } from './enums.js';

/**
 * The principal the gateway resolves from a session (DESIGN §4). Services receive it in the
 * `x-principal` header and take tenancy from it, never from the request body.
 */
export const ZPrincipal = z.object({
  account_uuid: z.string(),
  /** The admin area the session works in (login_operator_type). */
  context: ZOperatorContext,
  /** The tenant the session acts on: a client, a partner or the operator. */
  client_uuid: z.string().nullable(),
  partner_uuid: z.string().nullable(),
  level: ZLevel,
  contract_type: ZContractType,
  /** A support (proxy) login: a partner or operator working inside a client's portal. */
  proxy: z.boolean(),
  /** "Operator type 1" of spec §6: a partner acting in the client area (NOTES "Contexts"). */
  partner_in_client_area: z.boolean(),
  region: ZRegion,
  language: ZLanguage,
  /** Where the account and its session live: its region's shard, or `global` for operators. */
  home_shard: ZShard,
  /** Hash of the current session's token (identifies "this session" in session lists). */
  session_id: z.string(),
  /** In a support login: the display name of the partner or operator behind it (for the operation log). */
  actor_name: z.string().nullable().optional(),
  /**
   * Issue 25: the person behind the session, for the audit trail (services/common/src/audit.ts):
   * the client's own account, operator staff, partner staff (with the partner company), or in a
   * support login the operator or partner staff behind it. Absent on principals made by a service.
   */
  actor: z.object({
    kind: z.enum(['account', 'operator', 'partner', 'support']),
    uuid: z.string(),
    family_name: z.string(),
    given_name: z.string(),
    /** The partner company (partner staff, or the partner behind a support login), else null. */
    organisation: z.string().nullable(),
    organisation_uuid: z.string().nullable(),
    /** In a support login: who is behind it. */
    behind: z.enum(['operator', 'partner']).nullable(),
  }).nullable().optional(),
});
export type TPrincipal = z.infer<typeof ZPrincipal>;

/** Areas a route belongs to; a principal's context selects one. */
export type TArea = 'client' | 'partner' | 'operator';
export function areaOf(p: Pick<TPrincipal, 'context'>): TArea {
  return p.context === 'operator' ? 'operator' : p.context === 'client' ? 'client' : 'partner';
}

/** Restrictions of spec §6, by name (the numbers live only in the readable cookies). */
export const DENY_RULES = [
  /** "contract type 2": a client under a reseller contract; the reseller bills it. */
  'reseller_contract',
  /** "operator type 1": a partner acting in the client area. */
  'partner_in_client_area',
  /** any support (proxy) login. */
  'proxy',
  /** a support login into a client that has a contract type set. */
  'proxy_with_contract',
  /** Issue 14, slice B: a partner that is not a primary partner (a sub-partner registers no sub-partners). */
  'not_primary_partner',
] as const;
export type TDenyRule = (typeof DENY_RULES)[number];

export type TPolicy =
  | { readonly access: 'public' }
  /** Public, but a logged-in visitor is sent on (e.g. /login -> /). */
  | { readonly access: 'guest' }
  /** Server basic authentication (the /basicauth/ pages of spec §2); checked by the gateway. */
  | { readonly access: 'basic_auth' }
  | {
      readonly access: 'auth';
      readonly areas: readonly TArea[];
      /** Levels allowed in the client area; absent means every level. */
      readonly levels?: readonly TLevel[];
      readonly deny?: readonly TDenyRule[];
    };

export type TPolicyDecision = 'allow' | 'unauthenticated' | 'forbidden';

function denied(rule: TDenyRule, p: TPrincipal): boolean {
  switch (rule) {
    case 'reseller_contract': return p.context === 'client' && p.contract_type === 'reseller';
    case 'partner_in_client_area': return p.partner_in_client_area;
    case 'proxy': return p.proxy;
    case 'proxy_with_contract': return p.proxy && p.contract_type !== 'none';
    case 'not_primary_partner': return p.context !== 'primary_partner';
    default: return rule satisfies never;
  }
}

/** One evaluation, used by the gateway for /v1 and by the SPA for routes and menus. */
export function evaluatePolicy(policy: TPolicy, principal: TPrincipal | null): TPolicyDecision {
  if (policy.access === 'public' || policy.access === 'guest' || policy.access === 'basic_auth') return 'allow';
  if (!principal) return 'unauthenticated';
  if (!policy.areas.includes(areaOf(principal))) return 'forbidden';
  if (policy.levels && areaOf(principal) === 'client' && !policy.levels.includes(principal.level)) return 'forbidden';
  if (policy.deny?.some((rule) => denied(rule, principal))) return 'forbidden';
  return 'allow';
}

// Building blocks for the tables (spec §6).
export const PUBLIC: TPolicy = { access: 'public' };
export const GUEST: TPolicy = { access: 'guest' };
export const BASIC_AUTH: TPolicy = { access: 'basic_auth' };
const CLIENT = ['client'] as const;
export const ANY_CLIENT: TPolicy = { access: 'auth', areas: CLIENT };
export const ANY_LOGGED_IN: TPolicy = { access: 'auth', areas: ['client', 'partner', 'operator'] };
export const OWNER_ONLY: TPolicy = { access: 'auth', areas: CLIENT, levels: [3] };
export const OWNER_OR_ADMIN: TPolicy = { access: 'auth', areas: CLIENT, levels: [3, 6] };
/**
 * Changing the client's security settings (IP list, MFA, support-login permission): owner or
 * admin, never a support login (a partner must not grant itself access or admit its own address).
 */
export const SECURITY_SETTINGS_CHANGE: TPolicy = { access: 'auth', areas: CLIENT, levels: [3, 6], deny: ['proxy'] };
/** Billing, payment and billing list: levels 3/6, not under a reseller, not a partner in the client area. */
export const BILLING: TPolicy = { access: 'auth', areas: CLIENT, levels: [3, 6], deny: ['reseller_contract', 'partner_in_client_area'] };
/** Plan list: any client level, not under a reseller, not a partner in the client area. */
export const PLAN_VIEW: TPolicy = { access: 'auth', areas: CLIENT, deny: ['reseller_contract', 'partner_in_client_area'] };
/**
 * Plan change pages: as PLAN_VIEW, owners and admins only ("users cannot change plans"), and not a
 * support login into a client with a contract.
 */
export const PLAN_CHANGE: TPolicy = { access: 'auth', areas: CLIENT, levels: [3, 6], deny: ['reseller_contract', 'partner_in_client_area', 'proxy_with_contract'] };
export const PLAN_CONFIRM: TPolicy = { access: 'auth', areas: CLIENT, levels: [3], deny: ['reseller_contract', 'partner_in_client_area', 'proxy_with_contract'] };
export const PROFILE: TPolicy = { access: 'auth', areas: ['client', 'partner', 'operator'], deny: ['proxy'] };
export const OPERATOR_ONLY: TPolicy = { access: 'auth', areas: ['operator'] };
export const PARTNER_ONLY: TPolicy = { access: 'auth', areas: ['partner'] };
export const PARTNER_OR_OPERATOR: TPolicy = { access: 'auth', areas: ['partner', 'operator'] };

/** Issue 10, slice A: owners only, and not from a support login (starting services, product link). */
/** Issue 25: an account agrees to new terms for itself: never a support login on its behalf. */
export const AGREEMENT_GIVE: TPolicy = { access: 'auth', areas: CLIENT, deny: ['proxy'] };
export const OWNER_NOT_SUPPORT: TPolicy = { access: 'auth', areas: ['client'], levels: [3], deny: ['proxy'] };
// Issue 11, slice A (f11-payment)
/**
 * Payment method and card calls (spec §6): the same principals as BILLING (levels 3/6, not under
 * a reseller, not a partner in the client area), named apart so the policy table says "payment".
 */
export const PAYMENT: TPolicy = { access: 'auth', areas: CLIENT, levels: [3, 6], deny: ['reseller_contract', 'partner_in_client_area'] };
// ---- Issue 12, slice B: notices ----
/** Reading notices: clients and partners (operators write them; they receive none). */
export const NOTICE_READER: TPolicy = { access: 'auth', areas: ['client', 'partner'] };
// ---- end of issue 12, slice B ----
// ---- Issue 13, slice B: usage dashboards ----
/** A product's usage dashboard: any client account; the service then refuses (404) an account without authority for the product. */
export const USAGE_DASHBOARD: TPolicy = { access: 'auth', areas: ['client'] };
// ---- end of issue 13, slice B ----
// ---- Issue 14, slice B: partners ----
/** Registering sub-partners: primary partners only (spec §1, §4). */
export const PRIMARY_PARTNER_ONLY: TPolicy = { access: 'auth', areas: ['partner'], deny: ['not_primary_partner'] };
// ---- end of issue 14, slice B ----
// ---- Issue 14, slice C: migration, client registration, embedded form ----
/** Migration of existing clients and any partner's embed code: operators. */
export const CLIENT_MIGRATION: TPolicy = { access: 'auth', areas: ['operator'] };
/** A partner's own client registration wizard and embed code (not a support login into a client). */
export const CLIENT_REGISTRATION: TPolicy = { access: 'auth', areas: ['partner'] };
/** The embedded form's public calls: no session; the signed form token is the credential and CORS admits only the partner's origins. */
export const EMBED_FORM_PUBLIC: TPolicy = { access: 'public' };
// ---- end of issue 14, slice C ----
