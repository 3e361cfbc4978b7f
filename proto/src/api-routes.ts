import { z } from 'zod';
import {
  ANY_CLIENT, ANY_LOGGED_IN, BASIC_AUTH, GUEST, OPERATOR_ONLY, OWNER_ONLY, OWNER_OR_ADMIN, PARTNER_OR_OPERATOR, PLAN_CHANGE, PLAN_CONFIRM, PLAN_VIEW, PROFILE, PUBLIC, SECURITY_SETTINGS_CHANGE,
  type TPolicy,
} from './policy.js';
import { Subjects } from './subjects.js';
import type { ContractReply, ContractRequest } from './contracts.js';
import { ZCompany, ZCompanyUpdate } from './company.js';
import { ZClientList, ZClientListQuery } from './clients.js';
import { ZClientProducts, ZProductList } from './products.js';
// Issue 10, slice A (catalogue, services list, trials, licences, domains)
import { ZCatalogue, ZCatalogueProduct, ZCatalogueUpdate, ZClientDomains, ZDomainLink, ZDomainUnlink, ZServiceList, ZServiceStart, ZServiceStarted } from './licences.js';
import { ZPersonName } from './names.js';
import {
  ZApplyPreview, ZApplyRequest, ZApplyResult, ZBillingPaymentState, ZCancelRequest, ZClientContracts, ZContractInfo, ZContractInfoChecked,
  ZContractInfoView, ZContractView, ZCorporateSearchRequest, ZCorporateSearchResult, ZModifyCheck, ZPlanApplicationList, ZPlanApplicationQuery,
  ZPlanApplicationRef, ZPlanApplicationReject, ZPlanApplicationRow, ZPlanChoice,
} from './plan-application.js';
import { ZEmail, ZFormBoolean } from './common.js';
import { ZAccountAction, ZAccountStatus, ZAuthority, ZLanguage, ZProductId } from './enums.js';
import {
  ZAuthInfo, ZInviteAccept, ZInviteCheck, ZInviteInfo, ZIpSetting, ZJwks, ZLoginRequest, ZLoginResponse, ZMfaSetting,
  ZPasswordResetCheck, ZPasswordResetConfirm, ZPasswordResetStatus, ZPasswordResetRequest, ZProxyLoginIssue, ZProxyLoginIssued, ZProxyLoginRequest,
  ZProxyLoginSetting, ZSessionEnd, ZSessionList, ZSignupCheck, ZSignupInfo, ZSignupRegister, ZSsoClaims, ZSsoConsume, ZSsoIssued,
  ZSsoRequest, ZSystemSettings, ZPassword, ZAuthCode, keyed,
} from './identity.js';
import { ZLoginHandoffRequest } from './identity.js';
// Slice B (issue 10): plan master, terms, agreements.
import {
  ZBaseList, ZBaseListQuery, ZOptionList, ZOptionListQuery, ZPlanCreate, ZPlanDetail, ZPlanList, ZPlanListQuery, ZPlanOrder, ZPlanOrdered, ZPlanRef, ZPlanUpdate,
} from './plan-master.js';
import {
  ZAgreementInfo, ZPublicTerms, ZPublicTermsQuery, ZTermsCreate, ZTermsDetail, ZTermsList, ZTermsListQuery, ZTermsRef, ZTermsUpdate, ZTermsUrlCreate,
  ZTermsUrlList, ZTermsUrlSaved, ZTermsUrlUpdate,
} from './terms.js';


export { type ApiRoute, type THttpMethod, UPLOAD_MAX_BYTES, JSON_BODY_MAX_BYTES } from './routes/route.js';
import { route, type ApiRoute, UPLOAD_MAX_BYTES } from './routes/route.js';
import { BILLING_ROUTES } from './routes/billing.js';
import { NOTIFICATION_ROUTES } from './routes/notification.js';

/** Issue 10, slice A: owners only, and not from a support login (starting services, product link). */
const OWNER_NOT_SUPPORT: TPolicy = { access: 'auth', areas: ['client'], levels: [3], deny: ['proxy'] };

export const ZMaintenanceWindow = z.object({ starts_at: z.iso.datetime(), ends_at: z.iso.datetime() });
export const ZMaintenanceStatus = z.object({
  maintenance: z.boolean(),
  window: ZMaintenanceWindow.nullable().optional(),
});
export type TMaintenanceStatus = z.infer<typeof ZMaintenanceStatus>;

export const ZMaintenanceSet = z.object({
  maintenance: z.boolean(),
  starts_at: z.iso.datetime().optional(),
  ends_at: z.iso.datetime().optional(),
});
export type TMaintenanceSet = z.infer<typeof ZMaintenanceSet>;

export const ZTemporaryRegister = z.object({
  email: ZEmail,
  terms_agreed: z.literal(true),
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
  // Issue 11, slice A (f11-payment)
  'billing_info_changed', 'payment_method_changed', 'payment_method_registered',
] as const;
export type TOperation = (typeof OPERATIONS)[number];

/**
 * The "target operation" of spec §3, which the log lists and filters by; the event is the detail.
 * Labels are messages `operation_category.<category>`.
 */
export const OPERATION_CATEGORIES = [
  'login', 'service_use', 'profile', 'accounts', 'plan_change', 'company_info', 'billing_info', 'system_settings',
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
  plan_application_allowed: 'plan_change', plan_application_rejected: 'plan_change',
  // Issue 11, slice A (f11-payment)
  billing_info_changed: 'billing_info', payment_method_changed: 'billing_info', payment_method_registered: 'billing_info',
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


export const API_ROUTES = {
  maintenanceStatus: route({
    method: 'GET', path: '/maintenance/status', policy: PUBLIC,
    subject: Subjects.notification.maintenanceStatus, coalesce: true,
    request: z.object({}), response: ZMaintenanceStatus,
    summary: 'Whether the portal is in maintenance, with the planned window (50001 while on).',
  }),
  maintenanceSet: route({
    method: 'PUT', path: '/operator/maintenance', policy: OPERATOR_ONLY,
    subject: Subjects.notification.maintenanceSet,
    request: ZMaintenanceSet, response: ZMaintenanceStatus,
    summary: 'Operator: switch maintenance mode on or off.',
  }),
  temporaryRegister: route({
    method: 'POST', path: '/signup/temporary', policy: PUBLIC,
    subject: Subjects.identity.temporaryRegister,
    request: ZTemporaryRegister, response: ZTemporaryRegistered,
    summary: 'Temporary registration: records the address in the host region and mails a full-registration link.',
  }),
  internalTemporaryRegister: route({
    method: 'POST', path: '/signup/internal', policy: BASIC_AUTH,
    subject: Subjects.identity.temporaryRegister,
    request: ZTemporaryRegister, response: ZTemporaryRegistered,
    summary: 'Internal signup (behind basic auth): temporary registration by the provider\'s staff.',
  }),
  signupCheck: route({
    method: 'GET', path: '/signup', policy: PUBLIC, subject: Subjects.identity.signupCheck,
    request: ZSignupCheck, response: ZSignupInfo,
    summary: 'The temporary registration behind a full-registration link. A link that cannot be used answers 40011 with `state`: used (the company is registered: log in), expired or invalid, each with its own message.',
  }),
  signupRegister: route({
    method: 'POST', path: '/client/register', policy: PUBLIC, subject: Subjects.identity.signupRegister,
    request: ZSignupRegister, response: ZLoginResponse, session: 'create', withCredentials: true,
    summary: 'Full registration: creates the client company and its owner in the host region, and logs the owner in.',
  }),
  login: route({
    method: 'POST', path: '/login', policy: GUEST, subject: Subjects.identity.login,
    request: ZLoginRequest, response: ZLoginResponse, session: 'create', withCredentials: true,
    summary: 'Log in with email and password (and the mailed code when the client requires MFA).',
  }),
  logout: route({
    method: 'POST', path: '/logout', policy: PUBLIC, subject: Subjects.identity.logout,
    request: z.object({}), response: z.object({}), session: 'destroy', withCredentials: true,
    summary: 'End the current session.',
  }),
  userAuth: route({
    method: 'GET', path: '/user-auth', policy: ANY_LOGGED_IN, subject: Subjects.identity.authInfo,
    request: z.object({}), response: ZAuthInfo,
    summary: 'The logged-in user, authority and counters (spec §3 auth info).',
  }),
  passwordResetRequest: route({
    method: 'POST', path: '/password_reset', policy: PUBLIC, subject: Subjects.identity.passwordResetRequest,
    request: ZPasswordResetRequest, response: z.object({}),
    summary: 'Mail a password-reset link (answers the same whether or not the address is known).',
  }),
  passwordResetCheck: route({
    method: 'GET', path: '/password_reset', policy: PUBLIC, subject: Subjects.identity.passwordResetCheck,
    request: ZPasswordResetCheck, response: ZPasswordResetStatus,
    summary: 'Whether a password-reset link is still valid, and if not why: `state` is valid, used, expired, replaced (a newer link was sent) or invalid.',
  }),
  passwordResetConfirm: route({
    method: 'PUT', path: '/password_reset', policy: PUBLIC, subject: Subjects.identity.passwordResetConfirm,
    request: ZPasswordResetConfirm, response: z.object({}),
    summary: 'Set a new password with a reset link; ends the account\'s other sessions. A link that cannot be used answers 40011 with `state` (used, expired, replaced, invalid) and its message.',
  }),
  inviteCheck: route({
    method: 'GET', path: '/user/invite', policy: PUBLIC, subject: Subjects.identity.inviteCheck,
    request: ZInviteCheck, response: ZInviteInfo,
    summary: 'The invitation behind an invitation link. A link that cannot be used answers 40011 with `state`: used (already accepted: log in), expired (ask for a new invitation), replaced (a newer invitation was sent) or invalid, each with its own message.',
  }),
  inviteAccept: route({
    method: 'POST', path: '/user', policy: PUBLIC, subject: Subjects.identity.inviteAccept,
    request: ZInviteAccept, response: ZLoginResponse, session: 'create', withCredentials: true,
    summary: 'Accept an invitation: set the password with the agreements, and log in.',
  }),
  sessionList: route({
    method: 'GET', path: '/profile/sessions', policy: PROFILE, subject: Subjects.identity.sessionList,
    request: z.object({}), response: ZSessionList, withCredentials: true,
    summary: 'The user\'s active sessions (device, address, last use).',
  }),
  sessionEnd: route({
    method: 'DELETE', path: '/profile/sessions', policy: PROFILE, subject: Subjects.identity.sessionEnd,
    request: ZSessionEnd, response: z.object({}), withCredentials: true,
    summary: 'End one of the user\'s sessions.',
  }),
  supportSessionList: route({
    method: 'GET', path: '/support_sessions', policy: OWNER_ONLY, subject: Subjects.identity.supportSessionList,
    request: z.object({}), response: ZSessionList,
    summary: 'Owner: active support (proxy) sessions in the company.',
  }),
  supportSessionEnd: route({
    method: 'DELETE', path: '/support_sessions', policy: OWNER_ONLY, subject: Subjects.identity.supportSessionEnd,
    request: ZSessionEnd, response: z.object({}),
    summary: 'Owner: end a support session.',
  }),
  systemSetting: route({
    method: 'GET', path: '/systemSetting', policy: OWNER_OR_ADMIN, subject: Subjects.identity.settingsGet, withCredentials: true,
    request: z.object({}), response: ZSystemSettings, summary: 'IP restriction, MFA and support-login settings of the client.',
  }),
  ipSetting: route({
    method: 'PUT', path: '/ipSetting', policy: SECURITY_SETTINGS_CHANGE, subject: Subjects.identity.settingsIp, withCredentials: true,
    request: ZIpSetting, response: ZSystemSettings, summary: 'Save the IP allow-list (the saver\'s address must stay allowed).',
  }),
  mfaSetting: route({
    method: 'PUT', path: '/mfaSetting', policy: SECURITY_SETTINGS_CHANGE, subject: Subjects.identity.settingsMfa, withCredentials: true,
    request: ZMfaSetting, response: ZSystemSettings, summary: 'Turn email MFA on or off and choose how long a browser is remembered.',
  }),
  proxyLoginSetting: route({
    method: 'PUT', path: '/proxyLoginSetting', policy: SECURITY_SETTINGS_CHANGE, subject: Subjects.identity.settingsProxy, withCredentials: true,
    request: ZProxyLoginSetting, response: ZSystemSettings, summary: 'Permit or refuse support login by the agency and by operators.',
  }),
  proxyLoginIssue: route({
    method: 'POST', path: '/proxy_login/issue', policy: PARTNER_OR_OPERATOR, subject: Subjects.identity.proxyIssue, withCredentials: true,
    request: ZProxyLoginIssue, response: ZProxyLoginIssued, summary: 'Partner or operator: a single-use support-login link into a client\'s portal.',
  }),
  proxyLogin: route({
    method: 'POST', path: '/proxy_login', policy: PUBLIC, subject: Subjects.identity.proxyLogin,
    request: ZProxyLoginRequest, response: ZLoginResponse, session: 'create', withCredentials: true,
    summary: 'Open a client\'s portal with a support-login token.',
  }),
  clientList: route({
    method: 'GET', path: '/client/list', policy: PARTNER_OR_OPERATOR, subject: Subjects.licence.clientList,
    request: ZClientListQuery, response: ZClientList,
    summary: 'Partner: its own clients; operator: the clients of every region, merged. Paged, searchable by company name, sortable; each row says whether the caller could support-login now, and why not.',
  }),
  productList: route({
    method: 'GET', path: '/product/list', policy: ANY_CLIENT, subject: Subjects.licence.productList,
    request: z.object({}), response: ZProductList,
    summary: 'The products the account may open (its available products; the owner\'s during a support login), in the master\'s order, at most 12, with the licence each is used under.',
  }),
  ssoLogin: route({
    method: 'POST', path: '/product/sso_login', policy: ANY_CLIENT, subject: Subjects.identity.ssoIssue, withCredentials: true,
    request: ZSsoRequest, response: ZSsoIssued, summary: 'A single-use, audience-bound token (60 s) to log in to a product.',
  }),
  ssoProxyLogin: route({
    method: 'POST', path: '/product/proxy_login', policy: ANY_CLIENT, subject: Subjects.identity.ssoProxyIssue, withCredentials: true,
    request: ZSsoRequest, response: ZSsoIssued, summary: 'From a support login: a product token for the client (refused by some products).',
  }),
  ssoFreeProxyLogin: route({
    method: 'POST', path: '/product/free_proxy_login', policy: ANY_CLIENT, subject: Subjects.identity.ssoFreeProxyIssue, withCredentials: true,
    request: ZSsoRequest, response: ZSsoIssued, summary: 'From a support login: a product token for a free licence (refused by some products).',
  }),
  ssoConsume: route({
    method: 'POST', path: '/product/sso_consume', policy: PUBLIC, subject: Subjects.identity.ssoConsume,
    request: ZSsoConsume, response: ZSsoClaims, summary: 'Product side: redeem a token once (a replay is refused).',
  }),
  userList: route({
    method: 'GET', path: '/user/list', policy: OWNER_ONLY, subject: Subjects.identity.userList,
    request: ZUserListQuery, response: ZUserList,
    summary: 'The company\'s accounts: ID, username, email, authority, services, status and the actions the caller may take on each (`actions`: edit, ban, resume, delete, reinvite); paged, searchable, sortable.',
  }),
  userInvite: route({
    method: 'POST', path: '/user/invite', policy: OWNER_ONLY, subject: Subjects.identity.userInvite,
    request: ZInviteRequest, response: ZInvited,
    summary: 'Invite up to 10 people (email, family and given name, authority, products the company holds); each gets a mail in their language.',
  }),
  userInviteCsv: route({
    method: 'POST', path: '/user/invite_csv', policy: OWNER_ONLY, subject: Subjects.identity.userInviteCsv, multipart: true,
    tooLarge: { field: 'file', key: 'csv.too_large' },
    request: ZInviteCsv, response: ZInviteCsvResult,
    summary: 'Invite by CSV (multipart field `file`, optional `dry_run`): a first line naming the columns email, family_name and given_name (any order), then at most 100 rows; UTF-8 (with or without BOM) or Shift_JIS; every account is a user.',
  }),
  userStatus: route({
    method: 'PUT', path: '/user/status', policy: OWNER_ONLY, subject: Subjects.identity.userStatus,
    request: ZAccountStatusChange, response: z.object({ uuid: z.string(), status: z.string() }),
    summary: 'Ban (inactive) or resume (active) an account.',
  }),
  userDelete: route({
    method: 'DELETE', path: '/user', policy: OWNER_ONLY, subject: Subjects.identity.userDelete,
    request: ZAccountRef, response: z.object({}),
    summary: 'Delete an account (not the last owner; not an account of the contracted marketing-automation product).',
  }),
  userReinvite: route({
    method: 'POST', path: '/user/reinvite', policy: OWNER_ONLY, subject: Subjects.identity.userReinvite,
    request: ZAccountRef, response: z.object({ uuid: z.string(), status: z.string() }),
    summary: 'Send a new invitation to an invited or expired account.',
  }),
  userGet: route({
    method: 'GET', path: '/user', policy: OWNER_ONLY, subject: Subjects.identity.userGet,
    request: ZAccountRef, response: ZAccountDetail,
    summary: 'One account of the company, for /user/update.',
  }),
  userUpdate: route({
    method: 'PUT', path: '/user', policy: OWNER_ONLY, subject: Subjects.identity.userUpdate,
    request: ZAccountUpdate, response: ZAccountDetail,
    summary: 'Edit an account: name, authority (not the last owner), products (a product it does not have yet must be one the company holds), and email (a verification link valid 24 hours; the account is modifymail meanwhile). A save that changes nothing writes and logs nothing.',
  }),
  mailUpdateConfirm: route({
    method: 'PUT', path: '/account_mail_update', policy: PUBLIC, subject: Subjects.identity.mailUpdateConfirm,
    request: ZMailUpdateConfirm, response: z.object({ email: z.string() }),
    summary: 'Apply an email change from the mailed link. A link that cannot be used answers 40011 with `state`: used (already applied: log in with the new address), expired, replaced (a newer change was requested) or invalid.',
  }),
  operationLog: route({
    method: 'GET', path: '/client_activity_log/list', policy: ANY_CLIENT, subject: Subjects.usageLog.operationLogList,
    request: ZOperationLogQuery, response: ZOperationLogPage,
    summary: 'The company\'s operation log, newest first, filtered by period (dates in the time zone of the host\'s region), account, target operation (category) and event.',
  }),
  exportCsv: route({
    method: 'POST', path: '/export', policy: ANY_CLIENT, subject: Subjects.usageLog.exportCsv,
    request: ZExportRequest, response: ZExportFile,
    summary: 'Export as CSV (UTF-8 with BOM): the operation log with the list\'s filters, at most 10,000 rows, in the requester\'s language, times in the host region\'s time zone.',
  }),
  profileGet: route({
    method: 'GET', path: '/profile', policy: PROFILE, subject: Subjects.identity.profileGet,
    request: z.object({}), response: ZProfile, summary: 'The logged-in user\'s profile.',
  }),
  profileUpdate: route({
    method: 'PUT', path: '/profile', policy: PROFILE, subject: Subjects.identity.profileUpdate, withCredentials: true,
    request: ZProfileUpdate, response: ZProfile,
    summary: 'Update name and language (`action: update`), change the password with the current one (`password`), or confirm an email change with the mailed code (`email`).',
  }),
  profileSendCode: route({
    method: 'PUT', path: '/send-code', policy: PROFILE, subject: Subjects.identity.profileSendCode,
    request: ZSendCode, response: ZCodeSent,
    summary: 'Start an email change: with the current password, mail a 6-digit code (valid 30 minutes) to the new address.',
  }),
  companyGet: route({
    method: 'GET', path: '/client/company', policy: OWNER_OR_ADMIN, subject: Subjects.licence.companyGet,
    request: z.object({}), response: ZCompany,
    summary: 'The company information of the client (locked while the licence is under review).',
  }),
  companyUpdate: route({
    method: 'PUT', path: '/client/company', policy: OWNER_OR_ADMIN, subject: Subjects.licence.companyUpdate,
    tooLarge: { field: 'logo', key: 'logo.volume' },
    request: ZCompanyUpdate, response: ZCompany,
    summary: 'Change the company information; a logo (JPG or PNG, 160–1200 px, 2 MB) is cropped to 160×160 on the server.',
  }),
  clientProducts: route({
    method: 'GET', path: '/client/products', policy: OWNER_ONLY, subject: Subjects.licence.clientProducts,
    request: z.object({}), response: ZClientProducts,
    summary: 'The products the company holds (offered in its region, in the product master\'s order): what the product pickers of invite and account edit offer.',
  }),
  planClientList: route({
    method: 'GET', path: '/plan/client-list', policy: PLAN_VIEW, subject: Subjects.licence.planClientList,
    request: z.object({}), response: ZClientContracts,
    summary: 'The client\'s contracts (plan, options, amounts, business dates in Asia/Tokyo, and what cancelling now would mean), its review state and whether it may apply.',
  }),
  // ---- slice C (issue 10): plan application, corporate-number search, review, contracts ----
  planModifyCheck: route({
    method: 'GET', path: '/plan/modify_check', policy: PLAN_VIEW, subject: Subjects.licence.planModifyCheck,
    request: z.object({}), response: ZModifyCheck,
    summary: 'Whether the caller may apply for a plan now (`reason`: user_level, under_review, rejected).',
  }),
  planCorporateSearch: route({
    method: 'POST', path: '/plan/corporateNumberSearch', policy: PLAN_CHANGE, subject: Subjects.licence.planCorporateSearch,
    request: ZCorporateSearchRequest, response: ZCorporateSearchResult,
    summary: 'Search the corporate-number directory by name (partial match). No result and too many candidates (over 20) answer 40011 on `corporate_name` with their messages.',
  }),
  planContractInfo: route({
    method: 'GET', path: '/plan/contractinfo', policy: PLAN_CHANGE, subject: Subjects.licence.planContractInfo,
    request: z.object({}), response: ZContractInfoView,
    summary: 'The contract info the application form starts from (the company information).',
  }),
  planCheckContractInfo: route({
    method: 'GET', path: '/plan/check_plan_contractinfo', policy: PLAN_CHANGE, subject: Subjects.licence.planCheckContractInfo,
    request: ZContractInfo, response: ZContractInfoChecked,
    summary: 'Check the contract info step: a corporation needs a search of this client and one of its candidates (name, number and location are taken from it); the representative is required.',
  }),
  planApplyInfo: route({
    method: 'POST', path: '/plan/apply_info', policy: PLAN_CHANGE, subject: Subjects.licence.planApplyInfo,
    request: ZPlanChoice, response: ZApplyPreview,
    summary: 'Preview of an application: items and amounts in the client\'s currency, the month it takes effect, the end of the minimum term and any penalty (business dates in Asia/Tokyo). Unknown plans and options that cannot be combined answer 40011.',
  }),
  planApply: route({
    method: 'POST', path: '/plan/apply', policy: PLAN_CONFIRM, subject: Subjects.licence.planApply,
    request: ZApplyRequest, response: ZApplyResult,
    summary: 'Apply for a plan with contract info and the terms and privacy agreements. A paid plan puts the client under review; a free one applies at once.',
  }),
  planBillingPayment: route({
    method: 'GET', path: '/plan/billingPayment', policy: PLAN_CHANGE, subject: Subjects.licence.planBillingPayment,
    request: z.object({}), response: ZBillingPaymentState,
    summary: 'Whether the application needs payment info (not until billing exists: the step is skipped).',
  }),
  planCancel: route({
    method: 'POST', path: '/plan/cancel', policy: PLAN_CONFIRM, subject: Subjects.licence.planCancel,
    request: ZCancelRequest, response: ZContractView,
    summary: 'Cancel a contract: filed by the 25th it ends on the last day of next month, else of the month after next; inside the 12-month minimum term the remaining months are a penalty.',
  }),
  planApplicationList: route({
    method: 'GET', path: '/operator/plan_applications', policy: OPERATOR_ONLY, subject: Subjects.licence.planApplicationList,
    request: ZPlanApplicationQuery, response: ZPlanApplicationList,
    summary: 'Operator: plan applications of every region (pending by default), oldest first.',
  }),
  planApplicationAllow: route({
    method: 'POST', path: '/operator/plan_applications/allow', policy: OPERATOR_ONLY, subject: Subjects.licence.planApplicationAllow,
    request: ZPlanApplicationRef, response: ZPlanApplicationRow,
    summary: 'Operator: allow a pending application; the contract is scheduled, the client leaves review and is mailed.',
  }),
  planApplicationReject: route({
    method: 'POST', path: '/operator/plan_applications/reject', policy: OPERATOR_ONLY, subject: Subjects.licence.planApplicationReject,
    request: ZPlanApplicationReject, response: ZPlanApplicationRow,
    summary: 'Operator: reject a pending application with a reason; the client becomes rejected (no paid plan) and is mailed the reason.',
  }),
  // ---- end of slice C ----
  // ---- Slice B (issue 10): plan master, terms of use, terms-and-conditions URLs, agreements ----
  planMasterList: route({
    method: 'GET', path: '/operator/plans', policy: OPERATOR_ONLY, subject: Subjects.licence.planMasterList,
    request: ZPlanListQuery, response: ZPlanList,
    summary: 'Operator: the plan master (plans, options, initial costs), filtered by product, type and status, in display order, with links, number in use and last update.',
  }),
  planMasterGet: route({
    method: 'GET', path: '/operator/plans/detail', policy: OPERATOR_ONLY, subject: Subjects.licence.planMasterGet,
    request: ZPlanRef, response: ZPlanDetail, summary: 'Operator: one plan-master row, for its edit form.',
  }),
  planMasterCreate: route({
    method: 'POST', path: '/operator/plans', policy: OPERATOR_ONLY, subject: Subjects.licence.planMasterCreate,
    request: ZPlanCreate, response: ZPlanDetail,
    summary: 'Operator: create a plan, option or initial cost (at the end of its product\'s order). Waiting for setup may leave amounts and units empty; every other status needs them.',
  }),
  planMasterUpdate: route({
    method: 'PUT', path: '/operator/plans', policy: OPERATOR_ONLY, subject: Subjects.licence.planMasterUpdate,
    request: ZPlanUpdate, response: ZPlanDetail,
    summary: 'Operator: edit every field of a plan-master row and its contractable and exclusive links (stored both ways).',
  }),
  planMasterOrder: route({
    method: 'PUT', path: '/operator/plans/order', policy: OPERATOR_ONLY, subject: Subjects.licence.planMasterOrder,
    request: ZPlanOrder, response: ZPlanOrdered, summary: 'Operator: the display order of one product\'s rows (drag and drop): every id of the product, in order.',
  }),
  planBaseList: route({
    method: 'GET', path: '/plan/base-list', policy: PLAN_VIEW, subject: Subjects.licence.planBaseList,
    request: ZBaseListQuery, response: ZBaseList,
    summary: 'The plans of a product a client can choose, in its region\'s currency (minor units, excluding tax), with the initial cost.',
  }),
  planOptionList: route({
    method: 'GET', path: '/plan/option-list', policy: PLAN_VIEW, subject: Subjects.licence.planOptionList,
    request: ZOptionListQuery, response: ZOptionList,
    summary: 'The options contractable with a plan, in the client\'s currency, each with the options it cannot be combined with.',
  }),
  termsList: route({
    method: 'GET', path: '/operator/terms', policy: OPERATOR_ONLY, subject: Subjects.licence.termsList,
    request: ZTermsListQuery, response: ZTermsList, summary: 'Operator: the versions of the terms of use per language, newest first, with created and modified dates.',
  }),
  termsGet: route({
    method: 'GET', path: '/operator/terms/detail', policy: OPERATOR_ONLY, subject: Subjects.licence.termsGet,
    request: ZTermsRef, response: ZTermsDetail, summary: 'Operator: one version of the terms with its HTML.',
  }),
  termsCreate: route({
    method: 'POST', path: '/operator/terms', policy: OPERATOR_ONLY, subject: Subjects.licence.termsCreate,
    request: ZTermsCreate, response: ZTermsDetail,
    summary: 'Operator: publish a new version of a language\'s terms (version + 1); the HTML is sanitised on the server.',
  }),
  termsUpdate: route({
    method: 'PUT', path: '/operator/terms', policy: OPERATOR_ONLY, subject: Subjects.licence.termsUpdate,
    request: ZTermsUpdate, response: ZTermsDetail,
    summary: 'Operator: correct a version\'s text in place (version and created date kept, modified date set); sanitised on the server.',
  }),
  termsPublic: route({
    method: 'GET', path: '/terms', policy: PUBLIC, subject: Subjects.licence.termsPublic, coalesce: true,
    request: ZPublicTermsQuery, response: ZPublicTerms,
    summary: 'The current terms of use of a language (the request\'s by default, else Japanese) and the privacy policy\'s address: the public terms page.',
  }),
  termsUrlList: route({
    method: 'GET', path: '/operator/terms_urls', policy: OPERATOR_ONLY, subject: Subjects.licence.termsUrlList,
    request: z.object({}), response: ZTermsUrlList, summary: 'Operator: the terms-and-conditions URLs: title, installed URL, last update.',
  }),
  termsUrlCreate: route({
    method: 'POST', path: '/operator/terms_urls', policy: OPERATOR_ONLY, subject: Subjects.licence.termsUrlCreate,
    request: ZTermsUrlCreate, response: ZTermsUrlSaved, summary: 'Operator: add a terms-and-conditions URL.',
  }),
  termsUrlUpdate: route({
    method: 'PUT', path: '/operator/terms_urls', policy: OPERATOR_ONLY, subject: Subjects.licence.termsUrlUpdate,
    request: ZTermsUrlUpdate, response: ZTermsUrlSaved, summary: 'Operator: edit a terms-and-conditions URL\'s title or address.',
  }),
  agreementInfo: route({
    method: 'GET', path: '/client/agreement_info', policy: ANY_CLIENT, subject: Subjects.licence.agreementInfo,
    request: z.object({}), response: ZAgreementInfo,
    summary: 'What the caller must agree to now (the current terms of its language and the privacy policy, with versions) and whether it already has.',
  }),
  // ---- end of slice B ----
  jwks: route({
    method: 'GET', path: '/jwks.json', policy: PUBLIC, subject: Subjects.identity.jwks,
    request: z.object({}), response: ZJwks, summary: 'Public keys that verify product SSO tokens.',
  }),
  // f9-ident (issue 9 item 9): login from any region's host.
  loginHandoff: route({
    method: 'POST', path: '/login/handoff', policy: PUBLIC, subject: Subjects.identity.loginHandoff,
    request: ZLoginHandoffRequest, response: ZLoginResponse, session: 'create', withCredentials: true,
    summary: 'Complete a login that another region\'s host verified: its one-time token (single use, 60 s) becomes a session on the account\'s home host.',
  }),

  // Issue 10, slice A: services list, trials and free licences, operator catalogue, product link and domains.
  productNewList: route({
    method: 'GET', path: '/product/new_list', policy: ANY_CLIENT, subject: Subjects.licence.serviceNewList,
    request: z.object({}), response: ZServiceList,
    summary: 'Japan\'s services page: services in use and available in the client\'s region (at most 12 together), with descriptions, suggestion tags, trial and start-free offers.',
  }),
  productServices: route({
    method: 'GET', path: '/product', policy: ANY_CLIENT, subject: Subjects.licence.serviceList,
    request: z.object({}), response: ZServiceList,
    summary: 'The older services page (regions other than Japan): the same services in use and available, without the suggestion tabs.',
  }),
  productStart: route({
    method: 'POST', path: '/product/start', policy: OWNER_NOT_SUPPORT, subject: Subjects.licence.serviceStart,
    request: ZServiceStart, response: ZServiceStarted,
    summary: 'Owner: start a product\'s trial or its free licence (the free plan); the current terms must be agreed. The owner\'s account gets the product.',
  }),
  operatorProducts: route({
    method: 'GET', path: '/operator/products', policy: OPERATOR_ONLY, subject: Subjects.licence.catalogueList,
    request: z.object({}), response: ZCatalogue,
    summary: 'Operator: the product catalogue (kind, regions offered, trial length, descriptions per language).',
  }),
  operatorProductUpdate: route({
    method: 'PUT', path: '/operator/products', policy: OPERATOR_ONLY, subject: Subjects.licence.catalogueUpdate,
    request: ZCatalogueUpdate, response: ZCatalogueProduct,
    summary: 'Operator: change a product\'s trial length, the regions offering it and its descriptions.',
  }),
  productDomains: route({
    method: 'GET', path: '/product/domains', policy: OWNER_ONLY, subject: Subjects.licence.domainList,
    request: z.object({}), response: ZClientDomains,
    summary: 'The client\'s domains and the products linked with each.',
  }),
  productLink: route({
    method: 'POST', path: '/product/link', policy: OWNER_NOT_SUPPORT, subject: Subjects.licence.domainLink,
    request: ZDomainLink, response: ZClientDomains,
    summary: 'Link products the client holds with a domain; the domain must exist (it must resolve in DNS).',
  }),
  productUnlink: route({
    method: 'DELETE', path: '/product/link', policy: OWNER_NOT_SUPPORT, subject: Subjects.licence.domainUnlink,
    request: ZDomainUnlink, response: ZClientDomains,
    summary: 'Unlink a domain: its entries are removed; the products chosen in `keep` stay on the free plan, the others\' licences end.',
  }),
  // Area modules (routes/*.ts): the SPA imports these, never the whole table, so each feature's
  // contracts load with its pages instead of in the entry bundle.
  ...BILLING_ROUTES,
  ...NOTIFICATION_ROUTES,
} as const;

export const API_ROUTE_LIST: readonly ApiRoute[] = Object.values(API_ROUTES);

export type TApiRouteName = keyof typeof API_ROUTES;
/** What the handler of a /v1 route receives (`ApiRequest<'userList'>`). */
export type ApiRequest<N extends TApiRouteName> = ContractRequest<(typeof API_ROUTES)[N]>;
/** What the handler of a /v1 route answers. */
export type ApiReply<N extends TApiRouteName> = ContractReply<(typeof API_ROUTES)[N]>;
