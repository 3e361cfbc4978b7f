import { z } from 'zod';
import { LANGUAGES, ZLanguage, type TLanguage } from './enums.js';

// Issue 12, slice A: editable system mail templates, their common parts and the mail log.

/** Who a system mail goes to (shown with each template). */
export const MAIL_TARGETS = ['client', 'partner', 'admin', 'all'] as const;
export const ZMailTarget = z.enum(MAIL_TARGETS);
export type TMailTarget = z.infer<typeof ZMailTarget>;

/** Common parts a template includes by reference: `[[header]]`, `[[footer]]`, `[[signature]]`. */
export const MAIL_PARTS = ['header', 'footer', 'signature'] as const;
export const ZMailPart = z.enum(MAIL_PARTS);
export type TMailPart = z.infer<typeof ZMailPart>;

/** What the mail log records for each mail: queued (waiting for SMTP or its retry), sent, failed (gave up), bounced (SMTP refused it for good). */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'bounced'] as const;
export const ZMailStatus = z.enum(MAIL_STATUSES);
export type TMailStatus = z.infer<typeof ZMailStatus>;

/**
 * The one catalogue of system mails: who each goes to, and codes beyond those its texts in code
 * use. A template missing here (a mail added later as a name in MAIL_TEMPLATES and texts in the
 * locales) still works: its target is `all`, its codes those its texts in code use, its trigger the
 * generic description (docs/decisions.md, "Issue 12, slice A").
 */
export const MAIL_CATALOGUE: Readonly<Record<string, { target: TMailTarget; codes?: readonly string[] }>> = {
  temporary_register: { target: 'client' },
  mfa_code: { target: 'all' },
  password_reset: { target: 'all' },
  welcome: { target: 'client' },
  invitation: { target: 'all' },
  csv_errors: { target: 'admin' },
  email_code: { target: 'all' },
  mail_update: { target: 'all' },
  account_locked: { target: 'all' },
  account_exists: { target: 'all' },
  // Issue 25, point 5: an operator's unlock and MFA reset, to the account.
  account_unlocked: { target: 'all' },
  account_mfa_reset: { target: 'all' },
  // Issue 25, point 5: the company or billing info changed on the client's behalf, to its owners.
  changed_on_behalf: { target: 'client' },
  service_started: { target: 'admin' },
  trial_started: { target: 'admin' },
  trial_ending: { target: 'admin' },
  trial_last_day: { target: 'admin' },
  plan_application_received: { target: 'admin' },
  plan_application_allowed: { target: 'admin' },
  plan_application_rejected: { target: 'admin' },
  // Issue 22: the client withdrew its application under review.
  plan_application_withdrawn: { target: 'admin' },
  // Issue 11: payment-method requests (slice B), invoices and card charges (slice C2).
  payment_request_received: { target: 'admin' },
  payment_method_registered: { target: 'admin' },
  invoice_issued: { target: 'client' },
  invoice_charge_failed: { target: 'client' },
  // Issue 23: an invoice unpaid past its payment date; an invoice paid.
  invoice_overdue: { target: 'client' },
  invoice_paid: { target: 'client' },
  // Issue 23 item 7: the card on file expires within 30 days.
  card_expiring: { target: 'client' },
  // Issue 12, slice B: inquiries.
  inquiry_received: { target: 'all' },
  inquiry_forwarded: { target: 'partner' },
  // Issue 14, slice A: the owner of a client created by an operator or partner.
  client_invitation: { target: 'client' },
  // Issue 14, slice B: a partner's first account invited.
  partner_invitation: { target: 'partner' },
  // Issue 21: a support session ended; its summary to the client's owners.
  support_session_summary: { target: 'client' },
  // Issue 25 point 2: a client's payment method changed, to its owners.
  payment_method_changed: { target: 'client' },
};

/** Codes every template may use besides its own: the addressee's name (empty when the producer gave none). */
export const COMMON_MAIL_CODES = ['recipient'] as const;

/** `{{name}}` and `{{name, plural, ...}}` codes of a text, in order of first use. */
export function mailCodesOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*(?:,|\}\})/g)].map((m) => m[1]!))];
}
/** `[[part]]` references of a text. */
export function mailPartsOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\[\[\s*(\w+)\s*\]\]/g)].map((m) => m[1]!))];
}

/** The language a mail in `language` is written in: its own version, else the region's default, else English, else any. */
export function pickMailLanguage<T>(versions: Partial<Record<TLanguage, T>>, language: TLanguage, regionDefault: TLanguage): TLanguage | undefined {
  for (const candidate of [language, regionDefault, 'en-us' as const, ...LANGUAGES]) if (versions[candidate] !== undefined) return candidate;
  return undefined;
}

// ---- /v1 contracts ----

const keyed = (key: string) => ({ message: key, params: { key } });
export const MAIL_SUBJECT_MAX = 200;
export const MAIL_BODY_MAX = 10_000;
export const MAIL_PART_MAX = 2_000;
const ZAddressList = z.string().trim().max(1000).refine(
  (v) => v === '' || v.split(',').every((a) => z.email().safeParse(a.trim()).success), keyed('mail_template.address_invalid'));

export const ZMailTemplateName = z.string().trim().min(1).max(64).regex(/^[a-z0-9_]+$/);

export const ZMailTemplateSummary = z.object({
  template: z.string(),
  target: ZMailTarget,
  /** The trigger is described in the catalogue (else the SPA shows the generic description). */
  described: z.boolean(),
  /** The subject in the operator's language (the name of a template the SPA has no name for). */
  subject: z.string(),
  /** Languages whose version an operator changed. */
  edited: z.array(ZLanguage),
  updated_at: z.iso.datetime().nullable(),
});
export const ZMailTemplateList = z.object({ templates: z.array(ZMailTemplateSummary) });

export const ZMailVersion = z.object({
  subject: z.string(),
  body: z.string(),
  /** Not used: mails in this language use the region's default language. */
  disabled: z.boolean(),
  edited: z.boolean(),
});
export const ZMailTemplateDetail = z.object({
  template: ZMailTemplateSummary.extend({
    sender_address: z.string(),
    sender_name: z.string(),
    to: z.string(),
    bcc: z.string(),
    /** Insertion codes valid for this template's trigger (the palette). */
    codes: z.array(z.string()),
    parts: z.array(ZMailPart),
    versions: z.partialRecord(ZLanguage, ZMailVersion),
  }),
});
export const ZMailTemplateRef = z.object({ template: ZMailTemplateName });

const ZVersionInput = z.object({
  subject: z.string().trim().min(1).max(MAIL_SUBJECT_MAX),
  body: z.string().trim().min(1).max(MAIL_BODY_MAX),
  /** A refusal of this switch is labelled 'field.disabled'. */
  disabled: z.boolean().default(false),
});
export const ZMailTemplateUpdate = z.object({
  template: ZMailTemplateName,
  /** Empty: the portal's sender (MAIL_FROM). */
  sender_address: z.union([z.literal(''), z.email().max(254)]),
  sender_name: z.string().trim().max(100),
  /** Extra addressees besides the mail's own (comma separated). */
  to: ZAddressList,
  bcc: ZAddressList,
  versions: z.partialRecord(ZLanguage, ZVersionInput),
});

/** A draft of one language's version, rendered with sample data (preview) or sent to the operator (test send). */
export const ZMailDraft = z.object({
  template: ZMailTemplateName,
  language: ZLanguage,
  subject: z.string().trim().min(1).max(MAIL_SUBJECT_MAX),
  body: z.string().trim().min(1).max(MAIL_BODY_MAX),
});
export const ZMailPreview = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export const ZMailTestSend = ZMailDraft.extend({ to: z.email().max(254) });
export const ZMailTestSent = z.object({ queued: z.boolean() });

export const ZMailPartsView = z.object({ parts: z.record(ZMailPart, z.partialRecord(ZLanguage, z.string())) });
export const ZMailPartUpdate = z.object({ part: ZMailPart, language: ZLanguage, text: z.string().max(MAIL_PART_MAX) });

export const ZMailLogQuery = z.object({
  recipient: z.string().trim().max(254).optional(),
  status: ZMailStatus.optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export const MAIL_LOG_PAGE_SIZE = 50;
export const ZMailLogEntry = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  language: ZLanguage,
  status: ZMailStatus,
  attempts: z.number().int(),
  /** The last SMTP error or refusal (for failed, bounced and retried mails). */
  error: z.string().nullable(),
  created_at: z.iso.datetime(),
  sent_at: z.iso.datetime().nullable(),
});
export const ZMailLog = z.object({ mails: z.array(ZMailLogEntry), has_more: z.boolean() });
