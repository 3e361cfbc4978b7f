import { z } from 'zod';
import { ZEuAnswer } from './eu-rule.js';
import { ZEmail, ZIdempotencyKey } from './common.js';
import { ZProductId } from './enums.js';
import { keyed } from './identity.js';
import { PARTNER_FORM_ORIGINS_MAX, ZFormOrigin } from './partners.js';

/**
 * Issue 14, slice C: the migration of existing clients (operator), the partner's client
 * registration wizard, and the embeddable registration form (spec §2, §4). Wizards keep their
 * steps in the SPA; each step is checked by the server with the same schema (…/check: 40011 per
 * field, nothing written) and only confirm writes, once per idempotency key.
 */
const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => text(max).min(1);
const phone = () => text(20).regex(/^[0-9+\-() ]*$/, keyed('validation.phone')).min(1);

/** Licence types a migration may give (in-house is set by a support login; reviewing/rejected come from review). */
export const MIGRATION_LICENCE_TYPES = ['normal', 'test', 'demo', 'special'] as const;
export const MIGRATION_CONTRACT_TYPES = ['none', 'referral', 'reseller'] as const;

/** Slice A's rule: a referral or reseller contract names its partner, a direct one none. */
function contractPartnerRule(v: { contract_type: string; partner_uuid: string | null }, ctx: z.core.$RefinementCtx): void {
  if (v.contract_type !== 'none' && !v.partner_uuid) ctx.addIssue({ code: 'custom', path: ['partner_uuid'], ...keyed('client_create.partner_required') });
  if (v.contract_type === 'none' && v.partner_uuid) ctx.addIssue({ code: 'custom', path: ['partner_uuid'], ...keyed('client_create.partner_without_contract') });
}
const migrationLicenceShape = {
  licence_type: z.enum(MIGRATION_LICENCE_TYPES),
  contract_type: z.enum(MIGRATION_CONTRACT_TYPES),
  /** The agency of a referral or reseller contract (slice A's rule: required with one, none without). */
  partner_uuid: z.uuid().nullable().default(null),
};
export const ZMigrationLicenceStep = z.object(migrationLicenceShape).superRefine(contractPartnerRule);
export const ZClientInfoStep = z.object({
  company_name: required(100),
  phone: phone(),
  family_name: required(50),
  given_name: required(50),
  email: ZEmail,
});
export const ZMigrationBillingStep = z.object({
  billing_person: required(100),
  billing_email: ZEmail,
  billing_address: required(200),
});
/** One product to link: its id and the client's account (contract) id in that product. */
export const ZProductLink = z.object({ product: ZProductId, external_id: required(64).regex(/^[A-Za-z0-9._-]+$/, keyed('migration.external_id_format')) });
export const ZMigrationProductStep = z.object({
  products: z.array(ZProductLink).min(1).max(15)
    .refine((links) => new Set(links.map((l) => l.product)).size === links.length, keyed('migration.product_twice')),
});
/** The variant for clients that already have a portal account: which client, and its owner's email. */
export const ZMigrationAccountStep = z.object({ client_uuid: z.uuid(), email: ZEmail });

export const MIGRATION_STEPS = ['licence', 'client', 'billing', 'products', 'account'] as const;
export const ZMigrationCheck = z.discriminatedUnion('step', [
  z.object({ step: z.literal('licence'), ...migrationLicenceShape }).superRefine(contractPartnerRule),
  ZClientInfoStep.extend({ step: z.literal('client') }),
  ZMigrationBillingStep.extend({ step: z.literal('billing') }),
  ZMigrationProductStep.extend({ step: z.literal('products') }),
  ZMigrationAccountStep.extend({ step: z.literal('account') }),
]);
export type TMigrationCheck = z.infer<typeof ZMigrationCheck>;

/** The connection check of each product (products step): all must be `ok` to go on. */
export const ZConnectionResult = z.object({ product: ZProductId, ok: z.boolean() });
export const ZMigrationStepChecked = z.object({ ok: z.literal(true), connections: z.array(ZConnectionResult) });
export type TMigrationStepChecked = z.infer<typeof ZMigrationStepChecked>;

export const ZMigrationConfirm = z.discriminatedUnion('variant', [
  z.object({
    variant: z.literal('new'), idempotency_key: ZIdempotencyKey,
    licence: ZMigrationLicenceStep, client: ZClientInfoStep, billing: ZMigrationBillingStep, products: ZMigrationProductStep,
  }),
  z.object({ variant: z.literal('existing'), idempotency_key: ZIdempotencyKey, account: ZMigrationAccountStep, products: ZMigrationProductStep }),
]);
export type TMigrationConfirm = z.infer<typeof ZMigrationConfirm>;

/** recorded: confirmed and stored, the client is being created; created: the client exists (client_uuid). */
export const ZMigrationStatus = z.enum(['recorded', 'created']);
export const ZMigration = z.object({
  uuid: z.uuid(),
  variant: z.enum(['new', 'existing']),
  company_name: z.string(),
  products: z.array(ZProductId),
  status: ZMigrationStatus,
  client_uuid: z.uuid().nullable(),
  created_at: z.string(),
});
export type TMigration = z.infer<typeof ZMigration>;
export const ZMigrationList = z.object({ migrations: z.array(ZMigration) });
/** The existing clients the variant can pick from, by company name. */
export const ZMigrationClientQuery = z.object({ q: text(100).default('') });
export const ZMigrationClients = z.object({ clients: z.array(z.object({ uuid: z.uuid(), company_name: z.string() })) });

// ---- Partner's client registration (account info → client info → confirm) ----
export const ZRegistrationAccountStep = z.object({ family_name: required(50), given_name: required(50), email: ZEmail });
export const ZRegistrationClientStep = z.object({
  company_name: required(100), phone: phone(),
  /** Issue 22: in a partner outside Japan, whether the company is subject to the EU data-protection rule (yes refuses; eu-rule.ts). */
  eu_subject: ZEuAnswer,
});
export const ZRegistrationCheck = z.discriminatedUnion('step', [
  ZRegistrationAccountStep.extend({ step: z.literal('account') }),
  ZRegistrationClientStep.extend({ step: z.literal('client') }),
]);
export const ZRegistrationConfirm = z.object({ idempotency_key: ZIdempotencyKey, account: ZRegistrationAccountStep, client: ZRegistrationClientStep });
export type TRegistrationConfirm = z.infer<typeof ZRegistrationConfirm>;
export const ZRegistration = z.object({
  uuid: z.uuid(),
  source: z.enum(['wizard', 'embed']),
  company_name: z.string(),
  family_name: z.string(),
  given_name: z.string(),
  status: ZMigrationStatus,
  client_uuid: z.uuid().nullable(),
  created_at: z.string(),
});
export type TRegistration = z.infer<typeof ZRegistration>;
export const ZRegistrationList = z.object({ registrations: z.array(ZRegistration) });

// ---- The embeddable registration form ----
/** The embed-code screen edits the partner's own `form_origins` (slice B's list and schema). */
export const ZEmbedFormUpdate = z.object({ origins: z.array(ZFormOrigin).max(PARTNER_FORM_ORIGINS_MAX) });
export const ZEmbedFormQuery = z.object({ partner_uuid: z.uuid() });
export const ZEmbedForm = z.object({
  partner_uuid: z.uuid(),
  origins: z.array(z.string()),
  /** The signed form token the snippet carries (null until the partner registers an origin). */
  token: z.string().nullable(),
  /** The HTML to paste into the partner's page. */
  snippet: z.string().nullable(),
  /** Whether the partner registers clients (the operator's switch): off, the embedded form refuses. */
  client_registration: z.boolean(),
});
export type TEmbedForm = z.infer<typeof ZEmbedForm>;
export const ZEmbedFormList = z.object({ forms: z.array(z.object({ partner_uuid: z.uuid(), partner_name: z.string(), origins: z.array(z.string()) })) });

/** The public calls of the embedded form (CORS for the partner's origins; the token is the credential). */
export const ZEmbedToken = z.object({ token: z.string().min(1).max(400) });
export const EMBED_FIELDS = ['company_name', 'phone', 'family_name', 'given_name', 'email'] as const;
export const ZEmbedFormFields = z.object({
  /** The fields in the order to show them (names in the region's order). */
  fields: z.array(z.enum(EMBED_FIELDS)),
  /** Labels, the title, the button and the failure text in the visitor's language. */
  labels: z.record(z.string(), z.string()),
  /**
   * Issue 22: the EU data-protection question (field `eu_subject`, yes/no), asked by a form of a
   * partner outside Japan; its texts are in `labels` (eu_question, eu_help, eu_yes, eu_no). Null: not asked.
   */
  question: z.literal('eu_subject').nullable(),
  /**
   * Issue 25 item 6: the agreements a sign-up requires (spec §5): the current terms of use and the
   * privacy policy, each a checkbox (its label in `labels`) and a link to read it (null: none set).
   */
  agreements: z.array(z.object({ name: z.enum(['terms_agreed', 'privacy_agreed']), url: z.string().nullable() })),
});
export const ZEmbedSubmit = ZEmbedToken.extend({
  idempotency_key: ZIdempotencyKey, ...ZRegistrationAccountStep.shape, ...ZRegistrationClientStep.shape,
  // Issue 25 item 6: as at sign-up, both agreements are required; licence records their versions.
  terms_agreed: z.literal(true),
  privacy_agreed: z.literal(true),
});
export const ZEmbedSubmitted = z.object({ message: z.string() });
export const ZEmbedOrigins = z.object({ origins: z.array(z.string()) });

/** Internal (licence → identity): which tenant an account with this email belongs to, in the request's region. */
export const ZEmailOwnerQuery = z.object({ email: z.string() });
export const ZEmailOwner = z.object({ owner: z.object({ kind: z.string(), tenant_uuid: z.string().nullable(), account_uuid: z.string().nullable() }).nullable() });
/** Internal (licence → identity): the partners of the request's region, by name (the operator's embed-code screen). */
export const ZPartnerDirectory = z.object({ partners: z.array(z.object({ uuid: z.string(), name: z.string() })) });
