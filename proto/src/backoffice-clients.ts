import { z } from 'zod';
import { ZClientListQuery, ZClientRow, ZClientStatus, ZLicenceType } from './clients.js';
import { ZEmail, ZIdempotencyKey } from './common.js';
import { ZContractType, ZLanguage, ZProductId, ZRegion } from './enums.js';
import { keyed } from './identity.js';
import { ZPersonName } from './names.js';
import { EU_PROBLEM_MESSAGES, ZEuAnswer, euRegistrationProblem } from './eu-rule.js';

/**
 * Issue 14, slice A: the operator's and partner's clients (spec §2 operator and partner screens,
 * §4 client create, §6 scopes). Routes: proto/src/routes/backoffice-clients.ts.
 */

/** The list: the client list's paging, search and sort, and the filters of issue 14. */
export const ZBackofficeClientQuery = ZClientListQuery.extend({
  status: ZClientStatus.optional(),
  licence_type: ZLicenceType.optional(),
  contract_type: ZContractType.optional(),
  region: ZRegion.optional(),
  product: ZProductId.optional(),
  /** A plan-master id (a live contract on it). */
  plan: z.string().trim().min(1).max(64).optional(),
});
export type TBackofficeClientQuery = z.infer<typeof ZBackofficeClientQuery>;
/** The CSV takes the list's filters (every matching row, up to the list's depth). */
export const ZBackofficeClientCsvQuery = ZBackofficeClientQuery.omit({ page: true, per_page: true });
export type TBackofficeClientCsvQuery = z.infer<typeof ZBackofficeClientCsvQuery>;
/** The CSV's columns (labels `client_csv.<column>` in the caller's language). */
export const CLIENT_CSV_COLUMNS = ['uuid', 'company_name', 'region', 'contract_type', 'licence_type', 'status', 'partner', 'created_at'] as const;
/** Why a licence-type change is refused (`client_licence.<refusal>`; rules in licence's client-licence.rules.ts). */
export const LICENCE_TYPE_REFUSALS = ['review_state', 'in_house_from_list', 'in_house_needs_support_login', 'in_house_needs_partner_proxy', 'demo_in_house', 'not_own_partner', 'support_login_in_house_only'] as const;
export type TLicenceTypeRefusal = (typeof LICENCE_TYPE_REFUSALS)[number];
/** Regions by their country (ISO 3166), named in the reader's language by Intl; `other` has none (`client_csv.region_other`). */
export const REGION_COUNTRY = {
  jpn: 'JP', usa: 'US', mys: 'MY', chn: 'CN', twn: 'TW', vnm: 'VN', tha: 'TH', phl: 'PH', sgp: 'SG', idn: 'ID', other: null,
} as const;
/** Rows in one CSV download at most (beyond it, narrow the filters). */
export const CLIENT_CSV_MAX_ROWS = 10_000;

/** The back office's row: the client list's row (support login included) with its agency. */
export const ZBackofficeClientRow = ZClientRow.extend({
  /** The agency's name (none: a direct contract). */
  partner_name: z.string().nullable(),
  /** A primary partner's view of its sub-partners' clients: read-only. */
  read_only: z.boolean(),
});
export type TBackofficeClientRow = z.infer<typeof ZBackofficeClientRow>;
export const ZBackofficeClientList = z.object({
  clients: z.array(ZBackofficeClientRow),
  total: z.number().int(),
  /** Issue 25: the search named one client exactly (its UUID or an invoice number): the SPA goes straight to it. */
  exact: z.object({ region: ZRegion, uuid: z.string() }).nullable(),
  /** Issue 25: accounts matched more clients than one search answers (SEARCH_MATCH_LIMIT): narrow the term. */
  search_truncated: z.boolean(),
});
export type TBackofficeClientList = z.infer<typeof ZBackofficeClientList>;

export const ZClientCsvFile = z.object({ file_name: z.string(), content_type: z.string(), content: z.string(), rows: z.number().int() });
export type TClientCsvFile = z.infer<typeof ZClientCsvFile>;

/** One client, by its region and id (a client lives in its region's shard). */
export const ZClientRef = z.object({ region: ZRegion, uuid: z.uuid() });
export type TClientRef = z.infer<typeof ZClientRef>;

/** Client info: the company, the licence fields, the billing info and payment method (from billing). */
export const ZClientInfo = z.object({
  uuid: z.string(),
  region: ZRegion,
  company_name: z.string(),
  phone: z.string(),
  address: z.string(),
  /** The prefecture, state or province (the company form's second address field). */
  location: z.string(),
  representative: z.string(),
  corporate_number: z.string(),
  contract_type: ZContractType,
  licence_type: ZLicenceType.nullable(),
  status: ZClientStatus,
  partner_name: z.string().nullable(),
  created_at: z.iso.datetime(),
  products: z.array(ZProductId),
  read_only: z.boolean(),
  /** The licence types the caller may set now (the rules of client-licence.rules.ts). */
  licence_types_settable: z.array(ZLicenceType),
  billing: z.object({
    company_name: z.string(), email: z.string(), phone: z.string(), address: z.string(),
  }).nullable(),
  /** card | bank_transfer | direct_debit, or none registered. */
  payment_method: z.object({ method: z.string(), label: z.string() }).nullable(),
  /** Issue 22: marked by an operator as subject to the EU data-protection rule (spec §1): its products are refused. */
  eu_restricted: z.boolean(),
  /** Issue 22: when the registrant answered that the company is not subject to the rule (null: not asked, as in Japan). */
  eu_declared_at: z.iso.datetime().nullable(),
});
export type TClientInfo = z.infer<typeof ZClientInfo>;
/** Issue 22: mark a client as subject to the EU data-protection rule, or lift the mark. */
export const ZEuRuleChange = ZClientRef.extend({ eu_restricted: z.boolean() });
export const ZClientStatusChange = ZClientRef;
export const ZClientStatusChanged = z.object({ status: ZClientStatus });

/** Licence types an operator may give from the list and info (spec §6): reviewing/rejected come from review, in-house from a support login to the partner. */
export const LIST_SETTABLE_LICENCE_TYPES = ['normal', 'test', 'demo', 'special'] as const;
export const ZLicenceTypeChange = ZClientRef.extend({ licence_type: ZLicenceType });

// ---- Client create (spec §4: licence info → client info → product link → confirm) ----

/** Licence types a new client may start with. */
export const CREATE_LICENCE_TYPES = LIST_SETTABLE_LICENCE_TYPES;
export const ZClientCreateLicence = z.object({
  region: ZRegion,
  contract_type: ZContractType,
  /** The agency; required with a contract, none without. */
  partner_uuid: z.uuid().nullable().default(null),
  licence_type: z.enum(CREATE_LICENCE_TYPES),
  /** Issue 22: for a client outside Japan, whether it is subject to the EU data-protection rule (yes refuses; eu-rule.ts). */
  eu_subject: ZEuAnswer,
}).superRefine((v, ctx) => {
  if (v.contract_type !== 'none' && !v.partner_uuid) ctx.addIssue({ code: 'custom', path: ['partner_uuid'], ...keyed('client_create.partner_required') });
  if (v.contract_type === 'none' && v.partner_uuid) ctx.addIssue({ code: 'custom', path: ['partner_uuid'], ...keyed('client_create.partner_without_contract') });
  const eu = euRegistrationProblem(v.region, v.eu_subject);
  if (eu) ctx.addIssue({ code: 'custom', path: ['eu_subject'], ...keyed(EU_PROBLEM_MESSAGES[eu].key) });
});
export const ZClientCreateClient = z.object({
  company_name: z.string().trim().min(1).max(100),
  phone: z.string().trim().min(1).max(20).regex(/^[0-9+\-() ]+$/, keyed('validation.phone')),
  address: z.string().trim().max(200).default(''),
  ...ZPersonName.shape,
  email: ZEmail,
  language: ZLanguage,
});
export const ZClientCreateProducts = z.object({
  products: z.array(ZProductId).max(15).default([]).refine((p) => new Set(p).size === p.length, keyed('client_create.products_duplicate')),
});
/** Steps a wizard checks one at a time (nothing is written). */
export const ZClientCreateLicenceCheck = ZClientCreateLicence;
export const ZClientCreateClientCheck = ZClientCreateClient.extend({ region: ZRegion });
export const ZClientCreateProductsCheck = ZClientCreateProducts.extend({ region: ZRegion });
export const ZStepChecked = z.object({ ok: z.literal(true) });

/** Confirm: every step again, and the key the wizard made when it opened (one client per key). */
export const ZClientCreate = z.object({
  licence: ZClientCreateLicence,
  client: ZClientCreateClient,
  products: ZClientCreateProducts,
  idempotency_key: ZIdempotencyKey,
});
export type TClientCreate = z.infer<typeof ZClientCreate>;
export const ZClientCreated = z.object({ uuid: z.string(), region: ZRegion, owner_email: z.string(), created: z.boolean() });
export type TClientCreated = z.infer<typeof ZClientCreated>;

/** The partners a new client may be given to (global shard; approved and active). */
export const ZPartnerOptions = z.object({ partners: z.array(z.object({ uuid: z.string(), name: z.string(), grantable_contracts: z.string() })) });

// ---- Internal: identity creates the tenant and its invited owner (licence's create command asks) ----

export const ZIdentityClientCreate = z.object({
  client_uuid: z.uuid(),
  owner_uuid: z.uuid(),
  region: ZRegion,
  company_name: z.string(),
  contract_type: ZContractType,
  licence_type: z.string(),
  partner_uuid: z.uuid().nullable(),
  owner: ZPersonName.extend({ email: ZEmail, language: ZLanguage }),
  /** Check only: is the email free (nothing is written). */
  dry_run: z.boolean().default(false),
});
export type TIdentityClientCreate = z.infer<typeof ZIdentityClientCreate>;
export const ZIdentityClientCreated = z.object({ created: z.boolean() });

// ---- Internal: billing's view of one client, for the operator's and partner's client info ----
export const ZClientBillingQuery = ZClientRef;
export const ZClientBillingSummary = z.object({
  billing: z.object({ company_name: z.string(), email: z.string(), phone: z.string(), address: z.string() }).nullable(),
  /** credit_card | bank_transfer | direct_debit; the card's masked number or the bank's name. */
  payment_method: z.object({ method: z.string(), label: z.string() }).nullable(),
});
