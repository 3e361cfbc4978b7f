import { z } from 'zod';
import { ZSurvey } from './survey.js';
import { ZContractType, ZLanguage, ZProductId, ZRegion } from './enums.js';
import { Events } from './subjects.js';
import { ZUsageEventBatch } from './usage-events.js';
import { ZOperationActor, ZTargetType } from './audit-actor.js';

/**
 * Durable event payloads (DESIGN §6), one schema per subject. Producers build them typed by these
 * (`enqueueEvent` parses before the outbox row is written); consumers get them parsed (`@OnEvent`
 * looks the schema up by subject). A consumer never defines its own.
 */

/** Mail templates the notification service knows; subject and body keys are `mail.<template>.*`. */
/** Slice C of issue 10: a plan application received, allowed, rejected; issue 22: withdrawn by the client. */
const PLAN_MAIL_TEMPLATES = ['plan_application_received', 'plan_application_allowed', 'plan_application_rejected', 'plan_application_withdrawn'] as const;
export const MAIL_TEMPLATES = ['temporary_register', 'mfa_code', 'password_reset', 'welcome', 'invitation', 'csv_errors', 'email_code', 'mail_update', 'account_locked', 'account_exists',
  // Issue 25, point 5: an operator unlocked the account, or reset its MFA (remembered browsers).
  'account_unlocked', 'account_mfa_reset',
  // Issue 25, point 5: an operator changed the company or billing info on the client's behalf (to its owners).
  'changed_on_behalf',
  // Issue 10, slice A: a service started (free or trial), a trial's reminder and its last day.
  'service_started', 'trial_started', 'trial_ending', 'trial_last_day',
  ...PLAN_MAIL_TEMPLATES,
  // Issue 11, slice B: a payment-method request received (to the requester), a method registered (to the client).
  'payment_request_received', 'payment_method_registered',
  // Issue 12, slice B: an inquiry's acknowledgement to its sender, and its copy to a partner's receivers.
  'inquiry_received', 'inquiry_forwarded',
  // Issue 11, slice C2: a card charge failed for good; the web invoice to the billing email.
  'invoice_charge_failed', 'invoice_issued',
  // Issue 23: every status change of an invoice is mailed: overdue (failed, unpaid past its date) and paid.
  'invoice_overdue', 'invoice_paid',
  // Issue 23 item 7: the card on file enters its last 30 days.
  'card_expiring',
  // Issue 14, slice A: the owner of a client an operator (or partner) created is invited.
  'client_invitation',
  // Issue 14, slice B: a partner's first account is invited (operator wizard, or a sub-partner allowed).
  'partner_invitation',
  // Issue 21: what a support session did, to the client's owners when it ends.
  'support_session_summary',
  // Issue 25 point 2: a client's payment method changed (any path), to its owners.
  'payment_method_changed',
] as const;
export const ZMailTemplate = z.enum(MAIL_TEMPLATES);

/** events.notification.mail.requested: put in a service's outbox; notification sends it once. */
export const ZMailRequested = z.object({
  to: z.email(),
  template: ZMailTemplate,
  language: ZLanguage,
  params: z.record(z.string(), z.string()).default({}),
  /** The addressee's name, written in their region's order (formatPersonName): the mail greets them by it. */
  recipient: z.string().max(120).optional(),
});
export type TMailRequested = z.infer<typeof ZMailRequested>;

/** events.identity.client.registered: a company and its owner registered; licence creates the client. */
export const ZClientRegistered = z.object({
  client_uuid: z.uuid(),
  owner_uuid: z.uuid(),
  company_name: z.string(),
  phone: z.string(),
  region: ZRegion,
  /** The stored 160x160 logo as a data URL, or none. */
  logo: z.string().nullable(),
  registered_at: z.iso.datetime(),
  /** Issue 22: the registration survey (absent in events of an earlier version). */
  survey: ZSurvey.optional(),
  /** Issue 22: the registrant answered that the company is not subject to the EU data-protection rule (outside Japan). */
  eu_declared: z.boolean().default(false),
});
export type TClientRegistered = z.infer<typeof ZClientRegistered>;

/** events.licence.client.updated: the company name changed; identity keeps its tenant view in step. */
export const ZClientUpdated = z.object({ client_uuid: z.uuid(), company_name: z.string() });
export type TClientUpdated = z.infer<typeof ZClientUpdated>;

/** events.usage-log.operation.recorded: one operation-log entry (spec §3), stored in its region. */
export const ZOperationRecorded = z.object({
  client_uuid: z.string().nullable(),
  account_uuid: z.string().nullable(),
  operation: z.string().max(100),
  detail: z.record(z.string(), z.unknown()).default({}),
  occurred_at: z.iso.datetime(),
  /**
   * Issue 21: the support session the entry was made in (the first 16 characters of its id, as the
   * session lists show it), so that its summary can be built when it ends; absent outside one.
   */
  support_session: z.string().max(64).nullable().optional(),
  /** Issue 25: who did it (from the request's principal; absent in events written before). */
  actor: ZOperationActor.optional(),
  target_type: ZTargetType.nullable().optional(),
  target_id: z.string().max(100).nullable().optional(),
});
export type TOperationRecorded = z.infer<typeof ZOperationRecorded>;

/**
 * events.identity.directory.changed (f9-ident, issue 9 item 9): the account `account_uuid` of
 * region `region` has the address `email` (or, `removed`, no longer has it).
 */
export const ZDirectoryChanged = z.object({ email: z.string().max(254), region: ZRegion, account_uuid: z.uuid(), removed: z.boolean() });
export type TDirectoryChanged = z.infer<typeof ZDirectoryChanged>;
/** Issue 10, slice A. events.licence.service.started: identity gives the starting owner's account the product. */
export const ZServiceStartedEvent = z.object({ client_uuid: z.uuid(), account_uuid: z.uuid(), product: ZProductId });
export type TServiceStartedEvent = z.infer<typeof ZServiceStartedEvent>;
/** Slice B (issue 10): events.identity.agreement.given: an account agreed (signup, invitation); licence records the versions. */
export const ZAgreementGiven = z.object({
  client_uuid: z.uuid(),
  account_uuid: z.uuid(),
  language: ZLanguage,
  kinds: z.array(z.enum(['terms', 'privacy'])).min(1),
  occasion: z.enum(['signup', 'invitation']),
  agreed_at: z.iso.datetime(),
});
export type TAgreementGiven = z.infer<typeof ZAgreementGiven>;

/**
 * Issue 14, slice A. events.licence.client.changed: licence owns a client's contract type, licence
 * type, status and partner; identity applies the whole state to its `tenants` copy (published in
 * the client's region, header x-region) and ends the client's sessions when it is inactive.
 */
export const ZClientChanged = z.object({
  client_uuid: z.uuid(),
  contract_type: ZContractType,
  licence_type: z.string().max(40),
  status: z.enum(['active', 'inactive']),
  partner_uuid: z.uuid().nullable(),
  /** Issue 22: marked as subject to the EU data-protection rule (identity refuses its support logins). */
  eu_restricted: z.boolean().default(false),
  changed_at: z.iso.datetime(),
});
export type TClientChanged = z.infer<typeof ZClientChanged>;

/**
 * Issue 14, slice B. events.licence.partner.changed: the partner's state as licence holds it (sent
 * with the partner's region in the headers). Identity applies it to its tenant (active only when
 * active and approved; a suspension ends the tenant's sessions) and, once the tenant is active,
 * creates and invites the first account named in `owner` if it has none.
 */
export const ZPartnerChanged = z.object({
  partner_uuid: z.uuid(),
  region: ZRegion,
  name: z.string(),
  status: z.enum(['active', 'suspended']),
  review_state: z.enum(['approved', 'pending', 'rejected']),
  is_primary: z.boolean(),
  parent_partner_uuid: z.uuid().nullable(),
  owner: z.object({ email: z.email(), family_name: z.string(), given_name: z.string(), language: ZLanguage }).nullable(),
});
export type TPartnerChanged = z.infer<typeof ZPartnerChanged>;

/**
 * Why a support session ended (issue 21): logged out, expired (idle or absolute, seen by a request
 * or by the sweep), replaced by a new login in the same browser, ended by the client's owner,
 * support-login permission withdrawn, or access lost otherwise (the actor or the client no longer
 * active, the client's IP restriction, a password reset of the actor).
 */
export const SUPPORT_END_REASONS = ['logout', 'expired', 'replaced', 'ended_by_owner', 'permission_withdrawn', 'access_lost'] as const;
export const ZSupportEndReason = z.enum(SUPPORT_END_REASONS);
export type TSupportEndReason = z.infer<typeof ZSupportEndReason>;

/**
 * Issue 21. events.identity.support-session.ended: a support session into a client ended (sent
 * with the client's region in the headers). The operation log (usage-log) holds what was done in
 * it, tagged with `session`; it mails the client's owners named here a summary.
 */
export const ZSupportSessionEnded = z.object({
  session: z.string().max(64),
  client_uuid: z.uuid(),
  company: z.string(),
  actor: z.string(),
  actor_kind: z.enum(['partner', 'operator']),
  started_at: z.iso.datetime(),
  ended_at: z.iso.datetime(),
  reason: ZSupportEndReason,
  owners: z.array(z.object({ email: z.email(), language: ZLanguage, name: z.string().max(120) })),
});
export type TSupportSessionEnded = z.infer<typeof ZSupportSessionEnded>;

/** Every event subject that carries a payload, with its schema. */
export const EVENT_PAYLOADS = {
  [Events.identity.clientRegistered]: ZClientRegistered,
  [Events.licence.clientUpdated]: ZClientUpdated,
  [Events.usageLog.operationRecorded]: ZOperationRecorded,
  [Events.notification.mailRequested]: ZMailRequested,
  [Events.identity.directoryChanged]: ZDirectoryChanged,
  // Issue 10, slice A
  [Events.licence.serviceStarted]: ZServiceStartedEvent,
  // Slice B (issue 10)
  [Events.identity.agreementGiven]: ZAgreementGiven,
  // Issue 13, slice A
  [Events.usage.eventsBatch]: ZUsageEventBatch,
  // Issue 14, slice A
  [Events.licence.clientChanged]: ZClientChanged,
  // Issue 14, slice B
  [Events.licence.partnerChanged]: ZPartnerChanged,
  // Issue 21
  [Events.identity.supportSessionEnded]: ZSupportSessionEnded,
} as const;
export type TEventSubject = keyof typeof EVENT_PAYLOADS;
/** What a producer passes (defaults may be left out). */
export type TEventInput<S extends TEventSubject> = z.input<(typeof EVENT_PAYLOADS)[S]>;
/** What a consumer receives. */
export type TEventPayload<S extends TEventSubject> = z.output<(typeof EVENT_PAYLOADS)[S]>;

export function eventSchema(subject: string): z.ZodType | undefined {
  return (EVENT_PAYLOADS as Record<string, z.ZodType>)[subject];
}

/**
 * A service's health answer. `maintenance`: the service runs but refuses work on purpose
 * (SERVICE_MAINTENANCE=on, e.g. during a restore of its database); its routes answer 50001.
 */
export const ZHealth = z.object({ service: z.string(), database: z.enum(['ok', 'down']), maintenance: z.boolean().optional() });
export type THealth = z.infer<typeof ZHealth>;
