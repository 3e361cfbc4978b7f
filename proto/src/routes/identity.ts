import { z } from 'zod';
import { ANY_CLIENT, BASIC_AUTH, GUEST, OPERATOR_ONLY, OWNER_ONLY, OWNER_OR_ADMIN, PARTNER_OR_OPERATOR, PROFILE, PUBLIC, SECURITY_SETTINGS_CHANGE } from '../policy.js';
import { Subjects } from '../subjects.js';
import { ZInviteAccept, ZInviteCheck, ZInviteInfo, ZIpSetting, ZJwks, ZLoginRequest, ZLoginResponse, ZMfaSetting, ZPasswordResetCheck, ZPasswordResetConfirm, ZPasswordResetStatus, ZPasswordResetRequest, ZPartnerProxyLoginIssue, ZProxyLoginIssue, ZProxyLoginIssued, ZProxyLoginRequest, ZProxyLoginSetting, ZSessionEnd, ZSessionList, ZSignupCheck, ZSignupInfo, ZSignupRegister, ZSsoClaims, ZSsoConsume, ZSsoIssued, ZSsoRequest, ZSystemSettings } from '../identity.js';
import { ZLoginHandoffRequest } from '../identity.js';
import { ZAccountDetail, ZAccountRef, ZAccountStatusChange, ZAccountUpdate, ZCodeSent, ZExportFile, ZExportRequest, ZInviteCsv, ZInviteCsvResult, ZInviteRequest, ZInvited, ZMailUpdateConfirm, ZOperationLogPage, ZOperationLogQuery, ZProfile, ZProfileUpdate, ZSendCode, ZTemporaryRegister, ZTemporaryRegistered, ZUserList, ZUserListQuery } from '../identity-api.js';
import { ZMaintenanceSet, ZMaintenanceStatus } from '../maintenance.js';
import { route } from './route.js';

/** The identity service's /v1 calls: sign-up, login, invitations, accounts, settings, sessions, the operation log, profile, SSO. */
export const IDENTITY_ROUTES = {
  maintenanceSet: route({
    method: 'PUT', path: '/operator/maintenance', policy: OPERATOR_ONLY,
    subject: Subjects.notification.maintenanceSet,
    request: ZMaintenanceSet, response: ZMaintenanceStatus,
    summary: 'Operator: switch maintenance mode on or off.',
  }),
  temporaryRegister: route({
    method: 'POST', path: '/client', policy: PUBLIC,
    subject: Subjects.identity.temporaryRegister,
    request: ZTemporaryRegister, response: ZTemporaryRegistered,
    aliases: [{ method: 'POST', path: '/signup/temporary' }],
    summary: 'Temporary registration (spec §7 POST /client): records the address in the host region and mails a full-registration link. Outside Japan `eu_subject` is required: true (the company is established in the EU/EEA or offers its services to people there) refuses the registration with 40011 and keeps nothing.',
  }),
  internalTemporaryRegister: route({
    method: 'POST', path: '/signup/internal', policy: BASIC_AUTH,
    subject: Subjects.identity.temporaryRegister,
    request: ZTemporaryRegister, response: ZTemporaryRegistered,
    summary: 'Internal signup (behind basic auth): temporary registration by the provider\'s staff.',
  }),
  signupCheck: route({
    method: 'GET', path: '/client/info', policy: PUBLIC, subject: Subjects.identity.signupCheck,
    request: ZSignupCheck, response: ZSignupInfo,
    aliases: [{ method: 'GET', path: '/signup' }],
    summary: 'The temporary registration behind a full-registration link (spec §7 GET /client/info), and whether the EU data-protection question is still to be asked. A link that cannot be used answers 40011 with `state`: used (the company is registered: log in), expired or invalid, each with its own message.',
  }),
  signupRegister: route({
    method: 'POST', path: '/client/register', policy: PUBLIC, subject: Subjects.identity.signupRegister,
    request: ZSignupRegister, response: ZLoginResponse, session: 'create', withCredentials: true,
    summary: 'Full registration: creates the client company (with the registration survey of spec §3, every question answered from the region\'s lists) and its owner in the host region, and logs the owner in.',
  }),
  login: route({
    method: 'POST', path: '/login', policy: GUEST, subject: Subjects.identity.login,
    request: ZLoginRequest, response: ZLoginResponse, session: 'create', withCredentials: true,
    summary: 'Log in with email and password (and the mailed code when the client requires MFA).',
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
  operatorPartnerProxyLogin: route({
    method: 'POST', path: '/operator/partners/proxy_login', policy: OPERATOR_ONLY, subject: Subjects.identity.partnerProxyIssue, withCredentials: true,
    request: ZPartnerProxyLoginIssue, response: ZProxyLoginIssued,
    summary: 'Operator: a single-use support-login link (60 s) into an active partner\'s area, where in-house is set on the partner\'s clients.',
  }),
  proxyLogin: route({
    method: 'POST', path: '/proxy_login', policy: PUBLIC, subject: Subjects.identity.proxyLogin,
    request: ZProxyLoginRequest, response: ZLoginResponse, session: 'create', withCredentials: true,
    summary: 'Open a client\'s portal with a support-login token.',
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
    method: 'POST', path: '/user/account_mail', policy: PUBLIC, subject: Subjects.identity.mailUpdateConfirm,
    request: ZMailUpdateConfirm, response: z.object({ email: z.string() }),
    aliases: [{ method: 'PUT', path: '/account_mail_update' }],
    summary: 'Apply an email change from the mailed link (spec §7 POST /user/account_mail; the page /account_mail_update/{user_uuid}/{access_token} calls it). A link that cannot be used answers 40011 with `state`: used (already applied: log in with the new address), expired, replaced (a newer change was requested) or invalid.',
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
} as const;
