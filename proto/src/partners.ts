import { z } from 'zod';
import { ZEmail, ZIdempotencyKey } from './common.js';
import { ZRegion } from './enums.js';
import { keyed } from './identity.js';
import { ZPersonNamePart } from './names.js';

// Issue 14, slice B: partners and sub-partners (spec §2 operator partner screens, §3 Partner, §4
// partner create wizard and sub-partner review, §5 "Partner", §6 scopes).

/** Which client contracts a partner may hold (spec §3 "client_contracts grantable"). */
export const GRANTABLE_CONTRACTS = ['reseller', 'referral', 'both'] as const;
export const ZGrantableContracts = z.enum(GRANTABLE_CONTRACTS);
export type TGrantableContracts = z.infer<typeof ZGrantableContracts>;
/** Client and partner status (spec §4): active or suspended by the operator. */
export const PARTNER_STATUSES = ['active', 'suspended'] as const;
export const ZPartnerStatus = z.enum(PARTNER_STATUSES);
export type TPartnerStatus = z.infer<typeof ZPartnerStatus>;
/** A sub-partner registered by a primary partner waits for the operator (spec §4 "Licence review"). */
export const PARTNER_REVIEW_STATES = ['approved', 'pending', 'rejected'] as const;
export const ZPartnerReviewState = z.enum(PARTNER_REVIEW_STATES);
export type TPartnerReviewState = z.infer<typeof ZPartnerReviewState>;
/** How the provider bills the partner (spec §3 Payment method, without "not set"). */
export const PARTNER_PAYMENT_METHODS = ['bank_transfer', 'direct_debit', 'credit_card'] as const;
export const ZPartnerPaymentMethod = z.enum(PARTNER_PAYMENT_METHODS);
/** The partner wizard's steps (spec §2): licence info, partner info, billing/payment info, client registration, confirm. */
export const PARTNER_WIZARD_STEPS = ['licence', 'partner', 'billing', 'registration'] as const;
export type TPartnerWizardStep = (typeof PARTNER_WIZARD_STEPS)[number];
/** At most this many origins may embed the partner's client registration form. */
export const PARTNER_FORM_ORIGINS_MAX = 5;
export const PARTNER_LIST_MAX_DEPTH = 10_000;
/** Issue 25: the partner list's sorts. */
export const PARTNER_LIST_SORTS = ['created_at', 'company_name'] as const;

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => text(max).min(1);
const ZPhone = text(20).regex(/^[0-9+\-() ]*$/, keyed('validation.phone')).min(1);

/** An origin of a third-party page (scheme, host, optional port; nothing else): `https://www.example.com`. */
export const ZFormOrigin = z.string().trim().max(200)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === v.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, keyed('partner.origin_invalid'))
  .transform((v) => v.replace(/\/$/, ''));

/** Step 1, licence info: the contracts it may grant its clients, and whether it may register sub-partners. */
export const ZPartnerLicenceStep = z.object({
  grantable_contracts: ZGrantableContracts,
  /** Primary (may register sub-partners) only when asked for: an omitted flag makes an ordinary partner (issue 25 item 7). */
  is_primary: z.boolean().default(false),
});
/** Step 2, partner info: the company, and its first account (invited by mail on confirm). */
export const ZPartnerInfoStep = z.object({
  company_name: required(100),
  representative: required(100),
  phone: ZPhone,
  address: required(200),
  email: ZEmail,
  family_name: ZPersonNamePart,
  given_name: ZPersonNamePart,
});
/** Step 3, billing/payment info: how the provider bills the partner. */
export const ZPartnerBillingStep = z.object({
  billing_name: required(100),
  billing_email: ZEmail,
  billing_phone: ZPhone,
  billing_address: required(200),
  payment_method: ZPartnerPaymentMethod,
});
/** Step 4, client registration: whether it registers clients itself, and the pages that may embed its form. */
export const ZPartnerRegistrationStep = z.object({
  client_registration: z.boolean(),
  form_origins: z.array(ZFormOrigin).max(PARTNER_FORM_ORIGINS_MAX).default([]),
});
/** Confirm: every step again (the server validates all of them) and the key the wizard made when it opened. */
export const ZPartnerCreate = ZPartnerLicenceStep.extend(ZPartnerInfoStep.shape).extend(ZPartnerBillingStep.shape)
  .extend(ZPartnerRegistrationStep.shape).extend({ idempotency_key: ZIdempotencyKey });
export type TPartnerCreate = z.output<typeof ZPartnerCreate>;
export const ZPartnerStepChecked = z.object({ valid: z.literal(true) });

/** A primary partner registers a sub-partner (pending until the operator allows it). */
export const ZSubPartnerCreate = ZPartnerInfoStep.extend({ idempotency_key: ZIdempotencyKey });
export type TSubPartnerCreate = z.output<typeof ZSubPartnerCreate>;

export const ZPartnerListQuery = z.object({
  page: z.coerce.number().int().min(1).max(PARTNER_LIST_MAX_DEPTH).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  /**
   * Issue 25: one search: part of the company name, a staff account's email or name (either order),
   * the owner's email or name, or the partner's UUID.
   */
  q: z.string().trim().max(100).optional(),
  status: ZPartnerStatus.optional(),
  review_state: ZPartnerReviewState.optional(),
  /** Issue 25: the list's order (newest first unless asked). */
  sort: z.enum(PARTNER_LIST_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type TPartnerListQuery = z.output<typeof ZPartnerListQuery>;
export const ZPartnerCsvQuery = ZPartnerListQuery.omit({ page: true, per_page: true });

export const ZPartnerRow = z.object({
  uuid: z.string(),
  company_name: z.string(),
  region: ZRegion,
  is_primary: z.boolean(),
  /** A sub-partner's primary partner. */
  parent_name: z.string().nullable(),
  grantable_contracts: ZGrantableContracts,
  status: ZPartnerStatus,
  review_state: ZPartnerReviewState,
  created_at: z.string(),
});
export type TPartnerRow = z.infer<typeof ZPartnerRow>;
export const ZPartnerList = z.object({
  partners: z.array(ZPartnerRow), total: z.number().int(), pending: z.number().int(),
  /** Issue 25: the search was a partner's UUID (the SPA goes straight to it). */
  exact: z.string().nullable(),
  /** Issue 25: staff accounts matched more partners than one search answers. */
  search_truncated: z.boolean(),
});
export type TPartnerList = z.infer<typeof ZPartnerList>;
export const ZPartnerCsvFile = z.object({ file_name: z.string(), content_type: z.string(), content: z.string(), rows: z.number().int() });

export const ZPartnerRef = z.object({ partner_uuid: z.uuid() });
export const ZPartnerClient = z.object({
  uuid: z.string(),
  company_name: z.string(),
  region: ZRegion,
  contract_type: z.string(),
  status: z.string(),
});
export const ZPartnerDetail = ZPartnerRow.extend({
  representative: z.string(),
  phone: z.string(),
  address: z.string(),
  owner_email: z.string(),
  owner_name: z.string(),
  billing_name: z.string(),
  billing_email: z.string(),
  billing_phone: z.string(),
  billing_address: z.string(),
  payment_method: ZPartnerPaymentMethod.nullable(),
  client_registration: z.boolean(),
  form_origins: z.array(z.string()),
  sub_partners: z.array(ZPartnerRow),
  /** The clients whose agency it is (this host's region). */
  clients: z.array(ZPartnerClient),
});
export type TPartnerDetail = z.infer<typeof ZPartnerDetail>;

export const ZPartnerContractsChange = z.object({ partner_uuid: z.uuid(), grantable_contracts: ZGrantableContracts });
/** The operator switches a partner's client registration and its form origins after creation (the wizard's step 4, on an existing partner). */
export const ZPartnerRegistrationChange = ZPartnerRegistrationStep.extend({ partner_uuid: z.uuid() });
export type TPartnerRegistrationChange = z.output<typeof ZPartnerRegistrationChange>;
export const ZPartnerStatusChange = z.object({ partner_uuid: z.uuid(), status: ZPartnerStatus });
export const ZPartnerReview = z.object({ partner_uuid: z.uuid(), decision: z.enum(['allow', 'reject']) });
/** Clients taken out of the partner's scope: they become direct contracts (contract type none, no agency). */
export const ZPartnerDirectContract = z.object({
  partner_uuid: z.uuid(),
  client_uuids: z.array(z.uuid()).min(1, keyed('partner.no_clients_chosen')).max(100),
});
export const ZPartnerDirectContractDone = z.object({ moved: z.number().int() });

export const ZSubPartnerList = z.object({ partners: z.array(ZPartnerRow), can_register: z.boolean() });

/** Partner system settings: what a partner keeps about itself (company and contact) and its notifications. */
export const ZPartnerSettings = z.object({
  company_name: z.string(),
  representative: z.string(),
  phone: z.string(),
  address: z.string(),
  /** Where client registrations through its form are announced; empty: to no one. */
  notification_email: z.string(),
  client_registration: z.boolean(),
  form_origins: z.array(z.string()),
  is_primary: z.boolean(),
  grantable_contracts: ZGrantableContracts,
});
export const ZPartnerSettingsUpdate = z.object({
  company_name: required(100),
  representative: required(100),
  phone: ZPhone,
  address: required(200),
  notification_email: z.union([z.literal(''), ZEmail]).default(''),
  form_origins: z.array(ZFormOrigin).max(PARTNER_FORM_ORIGINS_MAX).default([]),
});
export type TPartnerSettingsUpdate = z.output<typeof ZPartnerSettingsUpdate>;


/** The operator's view of a partner's inquiry receivers (notification keeps them in the partner's region). */
export const ZPartnerReceiversQuery = z.object({ partner_uuid: z.uuid(), region: ZRegion });
export const ZPartnerReceiverAdd = ZPartnerReceiversQuery.extend({ email: ZEmail, name: z.string().trim().max(100).default('') });
export const ZPartnerReceiverRemove = ZPartnerReceiversQuery.extend({ email: ZEmail });

/** A partner may log in only while active and approved (a pending or rejected sub-partner may not): identity's tenant status and notification's first receiver follow it. */
export function partnerMayLogIn(p: { status: TPartnerStatus; review_state: TPartnerReviewState }): boolean {
  return p.status === 'active' && p.review_state === 'approved';
}
