import { LANGUAGES, REGION_PROFILES, pickLanguage, resolveHost, type HostLocale, type TLanguage } from '@portal/proto';

/** localStorage key of the visitor's own language choice. */
export const LANGUAGE_STORAGE_KEY = 'portal.language';

let selected: TLanguage | null = null;

/** The gateway puts the request's region and languages in <meta name="portal-locale"> (no inline script, strict CSP). */
function injectedLocale(): Window['__PORTAL_LOCALE__'] {
  if (window.__PORTAL_LOCALE__) return window.__PORTAL_LOCALE__;
  const content = document.querySelector<HTMLMetaElement>('meta[name="portal-locale"]')?.content;
  if (!content) return undefined;
  try {
    return JSON.parse(content) as Window['__PORTAL_LOCALE__'];
  } catch {
    return undefined;
  }
}

/** Region and languages from the gateway's injection, or from the host name. */
export function hostLocale(): HostLocale {
  const injected = injectedLocale();
  if (injected && REGION_PROFILES[injected.region] && (LANGUAGES as readonly string[]).includes(injected.language)) {
    const languages = (injected.languages ?? REGION_PROFILES[injected.region].languages)
      .filter((l) => (LANGUAGES as readonly string[]).includes(l));
    return { region: injected.region, language: injected.language, languages: languages.length ? languages : [injected.language] };
  }
  return resolveHost(window.location.hostname);
}

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The stored choice wins when the region offers it; otherwise the region's language. */
export function initialLanguage(): TLanguage {
  return pickLanguage(hostLocale(), storedLanguage());
}

export function currentLanguage(): TLanguage {
  return selected ?? initialLanguage();
}

export function currentLocale(): HostLocale {
  const host = hostLocale();
  return { ...host, language: currentLanguage() };
}

export function rememberLanguage(language: TLanguage): void {
  selected = language;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  document.documentElement.lang = language;
}

/** Tests: forget the in-memory choice. */
export function resetLanguageForTests(): void {
  selected = null;
}
