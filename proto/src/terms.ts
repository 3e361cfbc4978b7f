import { z } from 'zod';
import { ZLanguage } from './enums.js';

// Slice B (issue 10): terms of use, terms-and-conditions URLs and agreements (spec §3, §5, §7).

/** What an account agrees to. */
export const AGREEMENT_KINDS = ['terms', 'privacy'] as const;
export const ZAgreementKind = z.enum(AGREEMENT_KINDS);
export type TAgreementKind = z.infer<typeof ZAgreementKind>;
/** Where the agreement was given. */
export const AGREEMENT_OCCASIONS = ['signup', 'invitation', 'free_start', 'plan_application'] as const;
export const ZAgreementOccasion = z.enum(AGREEMENT_OCCASIONS);
export type TAgreementOccasion = z.infer<typeof ZAgreementOccasion>;

/** The largest terms text accepted (HTML, before sanitising). */
export const TERMS_HTML_MAX = 200_000;
/** Rich-text editor height (spec §9). */
export const RICH_TEXT_EDITOR_HEIGHT = 715;

export const ZTermsSummary = z.object({
  id: z.string(),
  language: ZLanguage,
  version: z.number().int(),
  /** The newest version of its language: the one clients agree to. */
  current: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export const ZTermsList = z.object({ terms: z.array(ZTermsSummary) });
export const ZTermsListQuery = z.object({ language: ZLanguage.optional() });
export const ZTermsDetail = z.object({ terms: ZTermsSummary.extend({ content_html: z.string() }) });
export const ZTermsRef = z.object({ id: z.uuid() });
/** Publish a new version of a language's terms (version + 1). */
export const ZTermsCreate = z.object({ language: ZLanguage, content_html: z.string().trim().min(1).max(TERMS_HTML_MAX) });
/** Correct a version's text in place (its version and created date stay). */
export const ZTermsUpdate = z.object({ id: z.uuid(), content_html: z.string().trim().min(1).max(TERMS_HTML_MAX) });

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
  terms: z.object({ language: ZLanguage, version: z.number().int(), updated_at: z.iso.datetime(), agreed: z.boolean() }).nullable(),
  privacy: z.object({ title: z.string(), url: z.string(), version: z.number().int(), agreed: z.boolean() }).nullable(),
  /** True when something above is not agreed yet. */
  required: z.boolean(),
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
