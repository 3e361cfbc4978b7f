import { z } from 'zod';
import { ZLanguage } from './enums.js';

// Slice B (issue 10): terms of use, terms-and-conditions URLs and agreements (spec §3, §5, §7).

/** What an account agrees to. */
export const AGREEMENT_KINDS = ['terms', 'privacy'] as const;
export const ZAgreementKind = z.enum(AGREEMENT_KINDS);
export type TAgreementKind = z.infer<typeof ZAgreementKind>;
/** Where the agreement was given. */
/** `update`: an account agreed to a new version on its own (issue 25: after login, or before a start). */
export const AGREEMENT_OCCASIONS = ['signup', 'invitation', 'free_start', 'plan_application', 'update'] as const;
export const ZAgreementOccasion = z.enum(AGREEMENT_OCCASIONS);
export type TAgreementOccasion = z.infer<typeof ZAgreementOccasion>;

/** The largest terms text accepted (HTML, before sanitising). */
export const TERMS_HTML_MAX = 200_000;
/** Rich-text editor height (spec §9). */
export const RICH_TEXT_EDITOR_HEIGHT = 715;

/**
 * Issue 25: a published version is never rewritten. Editing makes a draft of the next version;
 * publishing makes it current, marked as a major change (every account is asked again at its next
 * login) or a minor one (asked at the next plan application or trial/free start). The privacy
 * policy's text is versioned the same way (kind `privacy`).
 */
export const TERMS_CHANGES = ['major', 'minor'] as const;
export const ZTermsChange = z.enum(TERMS_CHANGES);
export type TTermsChange = z.infer<typeof ZTermsChange>;
export const TERMS_STATUSES = ['draft', 'published'] as const;

export const ZTermsSummary = z.object({
  id: z.string(),
  kind: ZAgreementKind,
  language: ZLanguage,
  version: z.number().int(),
  status: z.enum(TERMS_STATUSES),
  /** The newest published version of its kind and language: the one clients agree to. */
  current: z.boolean(),
  /** major | minor; null for an initial or earlier version (nobody is asked again about it). */
  change: ZTermsChange.nullable(),
  published_at: z.iso.datetime().nullable(),
  /** The operator who published it (null for versions published before this was recorded). */
  published_by_name: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type TTermsSummary = z.infer<typeof ZTermsSummary>;
export const ZTermsList = z.object({ terms: z.array(ZTermsSummary) });
export const ZTermsListQuery = z.object({ kind: ZAgreementKind.optional(), language: ZLanguage.optional() });
/** One version with its HTML, and the previous published version's HTML (for the diff; null for the first). */
export const ZTermsDetail = z.object({
  terms: ZTermsSummary.extend({ content_html: z.string() }),
  previous: z.object({ id: z.string(), version: z.number().int(), content_html: z.string() }).nullable(),
});
export const ZTermsRef = z.object({ id: z.uuid() });
/** Start a draft of the next version of a kind and language (one draft at a time). */
export const ZTermsCreate = z.object({ kind: ZAgreementKind.default('terms'), language: ZLanguage, content_html: z.string().trim().min(1).max(TERMS_HTML_MAX) });
/** Edit a draft's text (a published version is refused: edit a new draft instead). */
export const ZTermsUpdate = z.object({ id: z.uuid(), content_html: z.string().trim().min(1).max(TERMS_HTML_MAX) });
/** Publish a draft: it becomes the current version; the first version of a kind and language has no change. */
export const ZTermsPublish = z.object({ id: z.uuid(), change: ZTermsChange });

export const ZTermsUrl = z.object({ id: z.string(), title: z.string(), url: z.string(), updated_at: z.iso.datetime() });
export const ZTermsUrlList = z.object({ terms_urls: z.array(ZTermsUrl) });
const ZHttpUrl = z.url({ protocol: /^https?$/ }).max(2000);
export const ZTermsUrlCreate = z.object({ title: z.string().trim().min(1).max(200), url: ZHttpUrl });
export const ZTermsUrlUpdate = ZTermsUrlCreate.extend({ id: z.uuid() });
export const ZTermsUrlSaved = z.object({ terms_url: ZTermsUrl });

/** GET /v1/terms (public): the current terms of a language (the visitor's by default), and the privacy policy's address. */
export const ZPublicTermsQuery = z.object({ language: ZLanguage.optional() });
export const ZPublicTerms = z.object({
  terms: z.object({ language: ZLanguage, version: z.number().int(), content_html: z.string(), updated_at: z.iso.datetime() }).nullable(),
  privacy_url: z.string().nullable(),
});

/** GET /v1/client/agreement_info: what the caller must agree to now, and whether it already has. */
export const ZAgreementInfo = z.object({
  terms: z.object({
    language: ZLanguage, version: z.number().int(), updated_at: z.iso.datetime(), agreed: z.boolean(),
    /** Issue 25: the strongest change published since the caller's agreement (null: nothing to agree to again). */
    pending: ZTermsChange.nullable(),
  }).nullable(),
  privacy: z.object({
    title: z.string(), url: z.string(), version: z.number().int(), agreed: z.boolean(), pending: ZTermsChange.nullable(),
    /** Issue 25: the privacy policy has a versioned text (GET /v1/client/agreement_document shows it). */
    has_text: z.boolean(),
  }).nullable(),
  /** True when something above is not agreed yet. */
  required: z.boolean(),
  /** Issue 25: a major change is pending: the SPA asks for agreement before anything else after login. */
  login_required: z.boolean(),
});
export type TAgreementInfo = z.infer<typeof ZAgreementInfo>;

/**
 * The privacy policy is the terms-and-conditions URL with this id (seeded; operators edit its title
 * and address). Its version for agreements is the date of its last update (yyyymmdd, UTC).
 */
export const PRIVACY_POLICY_URL_ID = '0b9f3c5e-7a1d-4c2e-9f00-00000000b001';
/**
 * Issue 22: the terms-and-conditions URL of the notice the Act on Specified Commercial Transactions
 * requires (特定商取引法に基づく表記), seeded with this id; GET /v1/user-auth answers its address as
 * `sidebar_law_url` and the side menu links it.
 */
export const LAW_PAGE_URL_ID = '0b9f3c5e-7a1d-4c2e-9f00-00000000b002';
/** Internal (identity → licence): the law page's address ('' when the entry is gone). */
export const ZLawUrl = z.object({ url: z.string() });

/** GET /v1/client/agreement_document: the current text of a kind, and the text the caller last agreed to (for the diff). */
export const ZAgreementDocumentQuery = z.object({ kind: ZAgreementKind });
export const ZAgreementDocument = z.object({
  current: z.object({
    id: z.string(), kind: ZAgreementKind, language: ZLanguage, version: z.number().int(), change: ZTermsChange.nullable(),
    published_at: z.iso.datetime().nullable(), content_html: z.string(),
  }).nullable(),
  agreed: z.object({ version: z.number().int(), content_html: z.string() }).nullable(),
});
/**
 * POST /v1/client/agreement: the caller agrees to the current versions it was shown (a version
 * that is no longer current is refused, `terms.version_changed`).
 */
export const ZAgreementGive = z.object({
  terms_version: z.number().int().positive().optional(),
  privacy_version: z.number().int().positive().optional(),
});
/**
 * Issue 25: the versions a plan application or a trial/free start agrees to. When a change is
 * pending for the account, the request must name the current version (else `terms.agreement_required`).
 */
export const ZAgreedVersions = {
  terms_version: z.number().int().positive().optional(),
  privacy_version: z.number().int().positive().optional(),
};
