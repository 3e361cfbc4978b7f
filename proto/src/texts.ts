import { LANGUAGES, type TLanguage, type TRegion } from './enums.js';

/**
 * Issue 22: texts kept per language (plan, option and initial-cost names and explanations,
 * product descriptions, terms) and the one rule for a language a text lacks. Every service and
 * the SPA ask here; none writes its own `?? texts['ja-jp']`.
 *
 * The customer's language first, then English. Outside Japan a missing language never falls back to
 * Japanese: a Thai customer who cannot read "スタンダードプラン" can read "Standard plan". In Japan
 * (the region whose customers read Japanese) Japanese comes last, after English.
 */
export function textLanguages(language: string, region: TRegion | string): TLanguage[] {
  const chain: string[] = region === 'jpn' ? [language, 'en-us', 'ja-jp'] : [language, 'en-us'];
  return [...new Set(chain)].filter((l): l is TLanguage => (LANGUAGES as readonly string[]).includes(l));
}

/** A language map (language -> text) as stored: keys may be any string, values may be blank. */
export type TTexts = Readonly<Partial<Record<string, string>>>;

/**
 * The text of `texts` for a customer reading `language` in `region`, by textLanguages; null when
 * none of those languages has a text (the caller shows an id or a brand name, not Japanese).
 */
export function localizedText(texts: TTexts, language: string, region: TRegion | string): string | null {
  for (const l of textLanguages(language, region)) {
    const text = texts[l]?.trim();
    if (text) return text;
  }
  return null;
}

/**
 * `texts` with every language filled by the rule for `region` (languages without any text left
 * out): what a consumer that picks `texts[language]` by itself (billing's invoice PDF) must be
 * given so that whatever language it picks, it gets the text the rule gives.
 */
export function completeTexts(texts: TTexts, region: TRegion | string): Partial<Record<TLanguage, string>> {
  const out: Partial<Record<TLanguage, string>> = {};
  for (const language of LANGUAGES) {
    const text = localizedText(texts, language, region);
    if (text !== null) out[language] = text;
  }
  return out;
}

/** The languages a plan-master name must have (issue 22): Japanese and English; the others are optional. */
export const REQUIRED_TEXT_LANGUAGES = ['ja-jp', 'en-us'] as const satisfies readonly TLanguage[];
