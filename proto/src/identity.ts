import { z } from 'zod';
import { ZSurvey } from './survey.js';
import { ZEuAnswer } from './eu-rule.js';
import {
  ZLanguage, ZMfaValidity, ZProductId, ZRegion,
} from './enums.js';
import { ZEmail } from './common.js';
import { ZPrincipal } from './policy.js';
import { ZLinkState } from './links.js';
import { ZPersonName } from './names.js';

/** A zod refinement failure that carries its message key (rendered by the gateway). */
export const keyed = (key: string) => ({ message: key, params: { key } });

const HALF_WIDTH = /^[\x21-\x7e]*$/;
const KINDS = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];

/** Password rule of spec §5: 8–32 half-width characters, at least two kinds of four. One schema, API and SPA. */
export const ZPassword = z.string()
  .min(1)
  .refine((v) => HALF_WIDTH.test(v), keyed('validation.password_half_width'))
  .refine((v) => v.length >= 8 && v.length <= 32, keyed('validation.password_length'))
  .refine((v) => KINDS.filter((k) => k.test(v)).length >= 2, keyed('validation.password_kinds'));

export function passwordKinds(value: string): number {
  return KINDS.filter((k) => k.test(value)).length;
}

/** A new password and its confirmation (message: the passwords do not match). */
export const ZNewPassword = z.object({ password: ZPassword, password_confirm: z.string().min(1) })
  .refine((v) => v.password === v.password_confirm, { ...keyed('validation.password_mismatch'), path: ['password_confirm'] });

/** Characters of the random password generator: no look-alikes (0 O o 1 l I | ` ' " etc.). */
export const PASSWORD_ALPHABET = {
  lower: 'abcdefghijkmnpqrstuvwxyz',
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  digits: '23456789',
  symbols: '#$%&+-=?@^_~',
} as const;

export const ZAuthCode = z.string().regex(/^\d{6}$/, keyed('validation.auth_code'));

// ---- Login (DESIGN §3 fixed points) ----

/**
 * The login fields with the spec's own messages (§5, §8): an empty email is "please enter your
 * email address", a malformed one "please enter a valid email address"; an empty password is
 * "please enter your password". The SPA validates with this schema too.
 */
export const ZLoginEmail = z.string().trim().max(254)
  .refine((v) => v !== '', keyed('login.email_required'))
  .refine((v) => v === '' || ZEmail.safeParse(v).success, keyed('validation.email'));
export const ZLoginPassword = z.string().max(128).refine((v) => v !== '', keyed('login.password_required'));

export const ZLoginRequest = z.object({
  email: ZLoginEmail,
  password: ZLoginPassword,
  privacy_agreed: z.literal(true),
  auth_code: ZAuthCode.optional(),
  target_url: z.string().max(2000).optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

// The auth info lives in a module of its own: the SPA's entry needs it (SESSION_ROUTES), and
// importing it from here brought every sign-up, survey and EU schema into the first download.
export { ZAuthInfo, ZAuthorityInfo, ZUserInfo, type TAuthInfo } from './auth-info.js';
import { ZAuthInfo } from './auth-info.js';

/**
 * What identity hands the gateway when a session starts; the gateway turns it into cookies and
 * never forwards it to the browser's JSON.
 */
export const ZSessionGrant = z.object({
  token: z.string(),
  expires_at: z.iso.datetime(),
  /** Readable hint cookies of spec §3 (never trusted by the server). */
  hints: z.record(z.string(), z.string()),
  /** Set when the browser is to be remembered for MFA. */
  device: z.object({ token: z.string(), expires_at: z.iso.datetime() }).optional(),
});
export type TSessionGrant = z.infer<typeof ZSessionGrant>;

/**
 * MFA code mails (beyond spec §4 "resend is allowed"): at most one per 30 s and five per 10
 * minutes per account. A refusal is 40011 with `mfa_required` and `resend_after` (seconds).
 */
export const MFA_RESEND_COOLDOWN_SECONDS = 30;
export const MFA_SEND_LIMIT = 5;
export const MFA_SEND_WINDOW_SECONDS = 600;

/** The gateway asks identity for the principal behind a session cookie (identity.session.resolve). */
export const ZSessionResolve = z.object({ token: z.string().max(200) });
export type TSessionResolve = z.infer<typeof ZSessionResolve>;
export const ZSessionResolved = z.object({ principal: ZPrincipal.nullable() });
export type TSessionResolved = z.infer<typeof ZSessionResolved>;

export const ZLoginResponse = z.object({
  mfa_required: z.boolean(),
  /** With mfa_required: seconds until another code may be requested. */
  resend_after: z.number().int().min(0).optional(),
  auth_info: ZAuthInfo.optional(),
  target_url: z.string().optional(),
  /**
   * f9-ident (issue 9 item 9): the account lives in another region; the password (and code) were
   * verified there. The browser goes to this URL on the home region's host, where a one-time
   * token becomes the session (POST /v1/login/handoff).
   */
  handoff_url: z.string().optional(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

// ---- Password reset ----
export const ZPasswordResetRequest = z.object({ email: ZEmail });
export const ZPasswordResetCheck = z.object({ access_token: z.string().min(16).max(128) });
/** `valid` is `state === 'valid'` (kept for existing clients); `state` says why a link cannot be used. */
export const ZPasswordResetStatus = z.object({ valid: z.boolean(), state: ZLinkState });
export const ZPasswordResetConfirm = z.object({ access_token: z.string().min(16).max(128), password: ZPassword, password_confirm: z.string().min(1) })
  .refine((v) => v.password === v.password_confirm, { ...keyed('validation.password_mismatch'), path: ['password_confirm'] });

// ---- Signup ----
export const ZSignupCheck = z.object({ access_token: z.string().min(16).max(128) });
/** The sign-up behind a link (`state` is `valid`; a refusal carries the link's state instead). */
export const ZSignupInfo = z.object({
  state: ZLinkState, email: z.string(), region: ZRegion, name_order: z.enum(['family_first', 'given_first']),
  /** Issue 22: the EU data-protection question is still to be answered (a company outside Japan whose sign-up did not answer it). */
  eu_question: z.boolean(),
});
export type TSignupInfo = z.infer<typeof ZSignupInfo>;
export const ZSignupRegister = z.object({
  access_token: z.string().min(16).max(128),
  company_name: z.string().trim().min(1).max(100),
  phone: z.string().trim().min(1).max(20).regex(/^[0-9+\-() ]+$/, keyed('validation.phone')),
  ...ZPersonName.shape,
  password: ZPassword,
  password_confirm: z.string().min(1),
  terms_agreed: z.literal(true),
  privacy_agreed: z.literal(true),
  /** A data: URL of a JPG or PNG (the company page checks and crops it; issue 4). */
  logo: z.string().max(3_000_000).optional(),
  /** Issue 22: the registration survey (spec §3 Client), every question answered (checked against the region's lists). */
  ...ZSurvey.shape,
  /** Issue 22: asked here only when the sign-up did not answer it (`eu_question` of the link). */
  eu_subject: ZEuAnswer,
}).refine((v) => v.password === v.password_confirm, { ...keyed('validation.password_mismatch'), path: ['password_confirm'] });
export type TSignupRegister = z.infer<typeof ZSignupRegister>;

// ---- Invitation acceptance ----
export const ZInviteCheck = z.object({ access_token: z.string().min(16).max(128) });
/** The invitation behind a link (`state` is `valid`; a refusal carries the link's state instead). */
export const ZInviteInfo = z.object({ state: ZLinkState, email: z.string(), company_name: z.string(), family_name: z.string(), given_name: z.string() });
export const ZInviteAccept = z.object({
  access_token: z.string().min(16).max(128),
  password: ZPassword,
  password_confirm: z.string().min(1),
  privacy_agreed: z.literal(true),
  terms_agreed: z.literal(true),
}).refine((v) => v.password === v.password_confirm, { ...keyed('validation.password_mismatch'), path: ['password_confirm'] });

// ---- Sessions ----
export const ZSessionView = z.object({
  id: z.string(),
  current: z.boolean(),
  device: z.string(),
  ip: z.string(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime(),
  proxy: z.boolean(),
  actor: z.string().nullable(),
});
export const ZSessionList = z.object({ sessions: z.array(ZSessionView) });
export const ZSessionEnd = z.object({ session_id: z.string().min(1).max(100) });

// ---- System settings (spec §2 /user_system_settings) ----
export const ZIpList = z.string().max(20_000);
export const ZSystemSettings = z.object({
  ip_restriction: z.object({ enabled: z.boolean(), addresses: z.array(z.string()) }),
  current_ip: z.string(),
  mfa: z.object({ enabled: z.boolean(), validity: ZMfaValidity }),
  proxy_login: z.object({
    /** Whether a support login by the client's agency (partner) is permitted. */
    partner_allowed: z.boolean(),
    /** Whether the provider's operators may support-login. */
    operator_allowed: z.boolean(),
    partner_name: z.string().nullable(),
    available: z.boolean(),
  }),
});
export type TSystemSettings = z.infer<typeof ZSystemSettings>;
export const ZIpSetting = z.object({ enabled: z.boolean(), addresses: ZIpList });
export const ZMfaSetting = z.object({ enabled: z.boolean(), validity: ZMfaValidity });
export const ZProxyLoginSetting = z.object({ partner_allowed: z.boolean(), operator_allowed: z.boolean() });

// ---- Support (proxy) login ----
export const ZProxyLoginIssue = z.object({ client_uuid: z.uuid(), region: ZRegion.optional() });
export const ZProxyLoginIssued = z.object({ url: z.string(), expires_at: z.iso.datetime() });
/** Issue 14: an operator's support login into a partner's area (the partner's region; the caller's host region when absent). */
export const ZPartnerProxyLoginIssue = z.object({ partner_uuid: z.uuid(), region: ZRegion.optional() });
export const ZProxyLoginRequest = z.object({ access_token: z.string().min(16).max(2000) });
/** f9-ident: the one-time token of a login verified on another region's host. */
export const ZLoginHandoffRequest = z.object({ access_token: z.string().min(16).max(200) });

// ---- Product SSO ----
/**
 * Where the product should land after SSO (the target_uri kept through login, spec §2): a path
 * inside the product (`/x`, not `//host` or `/\host`), or an absolute http(s) URL, which the
 * identity service accepts only on the product's own origin (no open redirect).
 */
export const ZSsoTargetUri = z.string().max(2000)
  .refine((v) => !/[\u0000-\u001f\u007f\\]/.test(v) && (/^\/(?![/])/.test(v) || /^https?:\/\/[^/?#]+(?:[/?#]|$)/i.test(v)), keyed('sso.invalid_target'));
export const ZSsoRequest = z.object({ product: ZProductId, target_uri: ZSsoTargetUri.optional(), channel: z.string().max(100).optional() });
export const ZSsoIssued = z.object({ token: z.string(), redirect_url: z.string(), expires_at: z.iso.datetime() });
export const ZSsoConsume = z.object({ token: z.string().min(16).max(4000), product: ZProductId });
export const ZSsoClaims = z.object({
  sub: z.string(), email: z.string(), client_uuid: z.string().nullable(), product: ZProductId,
  proxy: z.boolean(), region: ZRegion, language: ZLanguage,
  /** Where to land in the product (validated when the token was issued), or null. */
  target_uri: z.string().nullable(),
});
export const ZJwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });
