import { z } from 'zod';
import { ZEuAnswer } from './eu-rule.js';
import { ZPersonName } from './names.js';
import { ZEmail, ZFormBoolean } from './common.js';
import { ZAccountAction, ZAccountStatus, ZAuthority, ZLanguage, ZProductId } from './enums.js';
import { ZPassword, ZAuthCode, keyed } from './identity.js';
import { UPLOAD_MAX_BYTES } from './routes/route.js';
import { ZOperationActor } from './audit-actor.js';

export const ZTemporaryRegister = z.object({
  email: ZEmail,
  terms_agreed: z.literal(true),
  /** Issue 22: outside Japan, whether the company is subject to the EU's data-protection rules (eu-rule.ts). */
  eu_subject: ZEuAnswer,
});
export type TTemporaryRegister = z.infer<typeof ZTemporaryRegister>;
export const ZTemporaryRegistered = z.object({ region: z.string(), language: z.string() });

/**
 * Sort keys of the user list. `id` sorts by the account id shown in the first column; `name`
 * sorts by the parts of the name in the order of the company's region (family then given name in
 * Japan). Services are not a sort key: a set of products has no order of its own (the search
 * finds the accounts that have a product instead; docs/decisions.md).
 */
export const USER_LIST_SORTS = ['id', 'name', 'email', 'authority', 'status', 'created_at'] as const;
export type TUserListSort = (typeof USER_LIST_SORTS)[number];
export const ZUserListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  /** Matches the email or a part of the name, or a product id exactly (bownow, actibook, ...). */
  q: z.string().trim().max(100).optional(),
  status: ZAccountStatus.optional(),
  sort: z.enum(USER_LIST_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TUserListQuery = z.infer<typeof ZUserListQuery>;
/**
 * Issue 21: the mark a support session leaves on an account it created or changed: the support
 * actor's name (partner or operator, with the partner's company) and when it last changed it.
 */
export const SUPPORT_MARK_FIELDS = {
  support_created_by: z.string().nullable().default(null),
  support_changed_by: z.string().nullable().default(null),
  support_changed_at: z.iso.datetime().nullable().default(null),
};
export const ZUserRow = z.object({
  uuid: z.string(), name: z.string(), email: z.string(), authority: z.string().nullable(),
  services: z.array(z.string()), status: ZAccountStatus,
  /** The address an email change waits for (status modifymail), else null. */
  pending_email: z.string().nullable(),
  language: ZLanguage,
  /**
   * The actions the caller may take on this row now: its status's, less ban, resume and delete on
   * the caller's own account, on the company's last active owner and on an account of the
   * contracted marketing-automation product (the rules the actions themselves check).
   */
  actions: z.array(ZAccountAction),
  ...SUPPORT_MARK_FIELDS,
});
/** A page of the list; `status_counts` counts the company's accounts by status (search applied, status filter not). */
export const ZUserList = z.object({
  users: z.array(ZUserRow), total: z.number().int(),
  status_counts: z.record(ZAccountStatus, z.number().int()),
});
export const INVITE_SCREEN_MAX = 10;
/** One person to invite (screen and CSV): email, family and given name (both required), authority, products. */
export const ZInviteRow = z.object({
  email: ZEmail,
  ...ZPersonName.shape,
  authority: ZAuthority,
  products: z.array(ZProductId).max(20).default([]),
  /** The invitee's language: the invitation mail and their portal use it (default: the inviter's). */
  language: ZLanguage.optional(),
});
export const ZInviteRequest = z.object({
  users: z.array(ZInviteRow).min(1).max(INVITE_SCREEN_MAX),
});
export type TInviteRequest = z.infer<typeof ZInviteRequest>;
export const ZInvited = z.object({ invited: z.array(z.object({ uuid: z.string(), email: z.string() })) });
export const ZAccountRef = z.object({ uuid: z.uuid() });
export const ZAccountStatusChange = z.object({ uuid: z.uuid(), status: z.enum(['active', 'inactive']) });

/** /user/update (spec §2, §4): one account of the company, for editing. */
export const ZAccountDetail = z.object({
  uuid: z.string(), email: z.string(), family_name: z.string(), given_name: z.string(),
  authority: ZAuthority.nullable(), products: z.array(z.string()), status: z.string(),
  pending_email: z.string().nullable(), language: ZLanguage,
  ...SUPPORT_MARK_FIELDS,
});
export const ZAccountUpdate = z.object({
  uuid: z.uuid(),
  ...ZPersonName.shape,
  authority: ZAuthority,
  products: z.array(ZProductId).max(20),
  /** A different address starts an email change: a link valid 24 hours goes to it (status modifymail). */
  email: ZEmail,
});
export type TAccountUpdate = z.infer<typeof ZAccountUpdate>;
/** /account_mail_update/{user_uuid}/{access_token}: applies a pending email change. */
export const ZMailUpdateConfirm = z.object({ user_uuid: z.uuid(), access_token: z.string().min(16).max(200) });

/** Operations the portal records (spec §3 event types); labels are messages `operation.<op>`. */
export const OPERATIONS = [
  'login', 'logout', 'login_failed', 'lockout', 'mfa_code_sent', 'password_reset', 'signup', 'invitation_accepted', 'proxy_login',
  'session_ended', 'support_session_ended', 'product_login', 'profile_changed', 'password_changed', 'email_changed',
  'ip_setting_changed', 'mfa_setting_changed', 'proxy_login_setting_changed', 'account_invited', 'account_reinvited',
  'accounts_imported', 'account_name_changed', 'authority_changed', 'services_changed', 'email_change_requested',
  'email_change_applied', 'account_stopped', 'account_resumed', 'account_deleted', 'company_changed',
  // Issue 10, slice A
  'service_started', 'trial_started', 'trial_ended', 'domain_linked', 'domain_unlinked',
  // slice C (issue 10)
  'plan_change_applied', 'plan_change_changed', 'plan_cancelled', 'plan_application_allowed', 'plan_application_rejected',
  // Issue 22: the client withdrew its application under review.
  'plan_application_withdrawn',
  // Issue 11: billing info and payment methods (slices A and B)
  'billing_info_changed', 'payment_method_changed', 'payment_method_requested', 'payment_method_registered',
  // Issue 14, slice A: an operator or partner created, suspended, resumed the client, or changed its licence type.
  'client_created', 'client_suspended', 'client_resumed', 'client_licence_changed',
  // Issue 14, slice B: partners (in the partner's own log) and a client moved to direct contract (in the client's).
  'partner_created', 'partner_suspended', 'partner_resumed', 'partner_contracts_changed', 'partner_review_allowed', 'partner_review_rejected',
  'partner_clients_moved', 'partner_settings_changed', 'contract_moved_direct',
  // Issue 14 (f14-regswitch): the operator switched a partner's client registration or changed its form origins.
  'partner_registration_changed',
  // Issue 22: an operator marked the client as subject to the EU data-protection rule, or lifted the mark.
  'eu_rule_changed',
  // Issue 23 (receipts): an operator recorded an invoice paid (a bank transfer received, a direct debit's result).
  'invoice_payment_recorded',
  // Issue 25, point 5: an operator unlocked an account locked by failed logins, or reset its MFA (remembered browsers).
  'account_unlocked', 'account_mfa_reset',
  // Issue 25: an operator published a new version of the terms or the privacy policy (global, no client).
  'terms.version_published',
  // Issue 25: the legal pages' addresses (terms URLs), and a support-login link issued (its use is `proxy_login`).
  'terms_url_created', 'terms_url_changed', 'proxy_link_issued', 'client_migration_registered',
  // Issue 25: back-office writes that reach the audit log.
  'notice_created', 'notice_updated', 'notice_duplicated', 'notice_published', 'notice_archived', 'notice_previewed',
  'plan_created', 'plan_updated', 'plans_reordered', 'products_updated',
  'tax_rate_added', 'tax_rate_deleted', 'fx_rate_added', 'fx_rate_deleted',
  'mail_template_updated', 'mail_part_updated', 'mail_test_sent',
  'payment_request_rejected', 'billing_run_started', 'product_key_created',
  'inquiry_status_changed', 'inquiry_receiver_added', 'inquiry_receiver_removed', 'maintenance_changed', 'embed_form_changed',
  // Issue 25, point 5: an operator changed the company or billing info on the client's behalf.
  'company_changed_on_behalf', 'billing_info_changed_on_behalf',
] as const;
export type TOperation = (typeof OPERATIONS)[number];

/**
 * The "target operation" of spec §3, which the log lists and filters by; the event is the detail.
 * Labels are messages `operation_category.<category>`.
 */
export const OPERATION_CATEGORIES = [
  'login', 'service_use', 'profile', 'accounts', 'plan_change', 'company_info', 'billing_info', 'system_settings',
  // Issue 25: operator and partner staff's work on the portal itself (notices, plans, rates, templates…).
  'back_office',
] as const;
export type TOperationCategory = (typeof OPERATION_CATEGORIES)[number];
export const OPERATION_CATEGORY: Record<TOperation, TOperationCategory> = {
  login: 'login', logout: 'login', login_failed: 'login', lockout: 'login', mfa_code_sent: 'login', password_reset: 'login',
  proxy_login: 'login', session_ended: 'login', support_session_ended: 'login',
  product_login: 'service_use',
  profile_changed: 'profile', password_changed: 'profile', email_changed: 'profile',
  signup: 'accounts', invitation_accepted: 'accounts', account_invited: 'accounts', account_reinvited: 'accounts',
  accounts_imported: 'accounts', account_name_changed: 'accounts', authority_changed: 'accounts', services_changed: 'accounts',
  email_change_requested: 'accounts', email_change_applied: 'accounts', account_stopped: 'accounts', account_resumed: 'accounts',
  account_deleted: 'accounts',
  company_changed: 'company_info',
  ip_setting_changed: 'system_settings', mfa_setting_changed: 'system_settings', proxy_login_setting_changed: 'system_settings',
  // Issue 10, slice A
  service_started: 'service_use', trial_started: 'service_use', trial_ended: 'service_use', domain_linked: 'service_use', domain_unlinked: 'service_use',
  // slice C (issue 10)
  plan_change_applied: 'plan_change', plan_change_changed: 'plan_change', plan_cancelled: 'plan_change',
  plan_application_allowed: 'plan_change', plan_application_rejected: 'plan_change', plan_application_withdrawn: 'plan_change',
  // Issue 11: billing info and payment methods (slices A and B)
  billing_info_changed: 'billing_info', payment_method_changed: 'billing_info', payment_method_requested: 'billing_info', payment_method_registered: 'billing_info',
  // Issue 14, slice A
  client_created: 'company_info', client_suspended: 'company_info', client_resumed: 'company_info', client_licence_changed: 'company_info',
  // Issue 14, slice B
  partner_created: 'company_info', partner_suspended: 'company_info', partner_resumed: 'company_info', partner_contracts_changed: 'company_info',
  partner_review_allowed: 'company_info', partner_review_rejected: 'company_info', partner_clients_moved: 'company_info',
  partner_settings_changed: 'system_settings', contract_moved_direct: 'company_info',
  partner_registration_changed: 'system_settings',
  eu_rule_changed: 'company_info',
  invoice_payment_recorded: 'billing_info',
  account_unlocked: 'accounts', account_mfa_reset: 'accounts',
  'terms.version_published': 'system_settings',
  terms_url_created: 'system_settings', terms_url_changed: 'system_settings', proxy_link_issued: 'back_office', client_migration_registered: 'back_office',
  // Issue 25
  notice_created: 'back_office', notice_updated: 'back_office', notice_duplicated: 'back_office', notice_published: 'back_office', notice_archived: 'back_office', notice_previewed: 'back_office',
  plan_created: 'back_office', plan_updated: 'back_office', plans_reordered: 'back_office', products_updated: 'back_office',
  tax_rate_added: 'back_office', tax_rate_deleted: 'back_office', fx_rate_added: 'back_office', fx_rate_deleted: 'back_office',
  mail_template_updated: 'back_office', mail_part_updated: 'back_office', mail_test_sent: 'back_office',
  payment_request_rejected: 'billing_info', billing_run_started: 'back_office', product_key_created: 'back_office',
  inquiry_status_changed: 'back_office', inquiry_receiver_added: 'back_office', inquiry_receiver_removed: 'back_office',
  maintenance_changed: 'back_office', embed_form_changed: 'system_settings',
  company_changed_on_behalf: 'company_info', billing_info_changed_on_behalf: 'billing_info',
};
/** The category of a recorded operation (null for one this version does not know). */
export function operationCategory(operation: string): TOperationCategory | null {
  return (OPERATION_CATEGORY as Record<string, TOperationCategory | undefined>)[operation] ?? null;
}
/** The operations of a category (for filtering the log). */
export function operationsOf(category: TOperationCategory): TOperation[] {
  return OPERATIONS.filter((op) => OPERATION_CATEGORY[op] === category);
}

/** An operation-log cursor: the last entry of a page, `<occurred_at ms>~<id>`. */
export const OPERATION_LOG_CURSOR = /^\d{1,15}~[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The log counts its matching entries up to this many; beyond, `total_capped` says "at least". */
export const OPERATION_LOG_COUNT_MAX = 10_000;
export const ZOperationLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  account_uuid: z.uuid().optional(),
  category: z.enum(OPERATION_CATEGORIES).optional(),
  operation: z.string().max(100).optional(),
  /** Keyset paging: the `next_cursor` of the previous page; when given, `page` is not used to skip. */
  cursor: z.string().regex(OPERATION_LOG_CURSOR).optional(),
});

/** Internal (identity.account.names): who the accounts of the caller's company are. */
export const ZAccountNamesQuery = z.object({ uuids: z.array(z.uuid()).max(1000) });
export const ZAccountName = z.object({ uuid: z.string(), name: z.string(), email: z.string() });
export const ZAccountNames = z.object({ accounts: z.array(ZAccountName) });

/** POST /v1/export (spec §7 Common): a CSV built on the server, at most EXPORT_MAX_ROWS rows. */
export const EXPORT_MAX_ROWS = 10_000;
export const ZExportRequest = z.object({
  type: z.literal('operation_log'),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  account_uuid: z.uuid().optional(),
  category: z.enum(OPERATION_CATEGORIES).optional(),
  operation: z.string().max(100).optional(),
});
export const ZExportFile = z.object({ file_name: z.string(), content_type: z.string(), content: z.string(), rows: z.number().int() });

export const ZOperationLogEntry = z.object({
  id: z.string(), occurred_at: z.iso.datetime(), account_uuid: z.string().nullable(),
  category: z.enum(OPERATION_CATEGORIES).nullable(),
  operation: z.string(), detail: z.record(z.string(), z.unknown()),
  /**
   * Set when a partner or an operator did it in a support (proxy) login: their display name
   * ("Partner Hanako (Demo Agency)"). `account_uuid` is then theirs, not one of the company's.
   */
  support_actor: z.string().nullable(),
  /** Issue 25: who did it (an account of the company, operator or partner staff, a support login, the system). */
  actor: ZOperationActor,
});
/** A page of the log, with the accounts that appear in the company's log (for names and the account filter). */
export const ZOperationLogPage = z.object({
  logs: z.array(ZOperationLogEntry), total: z.number().int(), accounts: z.array(ZAccountName),
  /** The cursor of the next (older) page, or null on the last page. */
  next_cursor: z.string().nullable().optional(),
  /** More than OPERATION_LOG_COUNT_MAX entries match: `total` is that cap, not the exact count. */
  total_capped: z.boolean().optional(),
});

/** CSV invite (spec §5, §9): CSV only, at most 100 records, every account gets authority user. */
export const INVITE_CSV_MAX = 100;
export const INVITE_CSV_MAX_BYTES = 1024 * 1024;
/**
 * The columns of an invitation CSV, named in its first line (any order, case-insensitive; other
 * columns are refused). The names are the contract's field names in every language: a file is
 * read the same whichever host or language it is uploaded from (docs/decisions.md).
 */
export const INVITE_CSV_COLUMNS = ['email', 'family_name', 'given_name'] as const;
export type TInviteCsvColumn = (typeof INVITE_CSV_COLUMNS)[number];
export const ZInviteCsv = z.object({
  file_name: z.string().max(255),
  /**
   * The file, base64 (the gateway turns the multipart upload into this). Bounded by the upload
   * limit only: the service checks INVITE_CSV_MAX_BYTES on the decoded bytes, so that a file over
   * it gets csv.too_large on `file` rather than a generic length error on `content`.
   */
  content: z.string().max(Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 8),
  dry_run: ZFormBoolean.default(false),
});
export const ZInviteCsvResult = z.object({
  dry_run: z.boolean(),
  registered: z.number().int(),
  error_count: z.number().int(),
  /** Rows that failed (`errors` is the envelope's field-error object; DESIGN §3). */
  error_rows: z.array(z.object({ line: z.number().int(), email: z.string(), messages: z.array(z.string()) })),
});
export type TInviteCsvResult = z.infer<typeof ZInviteCsvResult>;

export const ZProfile = z.object({
  uuid: z.string(), email: z.string(), family_name: z.string(), given_name: z.string(),
  language: ZLanguage, pending_email: z.string().nullable(),
  /**
   * Who started the pending change: `profile` (a code was mailed; enter it here) or
   * `administrator` (an owner's edit; a link was mailed to the new address). Null without one.
   */
  pending_email_by: z.enum(['profile', 'administrator']).nullable().default(null),
});
export const ZProfileUpdate = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), ...ZPersonName.shape, language: ZLanguage }),
  z.object({ action: z.literal('password'), current_password: z.string().min(1).max(128), password: ZPassword, password_confirm: z.string().min(1) })
    .refine((v) => v.password === v.password_confirm, { ...keyed('validation.password_mismatch'), path: ['password_confirm'] }),
  z.object({ action: z.literal('email'), auth_code: ZAuthCode }),
]);
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;
/** PUT /v1/send-code: re-authenticate, then a 6-digit code (30 minutes) goes to the new address. */
export const ZSendCode = z.object({ email: ZEmail, current_password: z.string().min(1).max(128) });
export const ZCodeSent = z.object({ expires_at: z.iso.datetime() });
