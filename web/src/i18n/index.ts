import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TLanguage } from '@portal/proto';
import { currentLanguage, rememberLanguage } from '../lib/locale';
import { loadServerMessages } from '../lib/server-messages';

type Catalogue = Record<string, unknown>;

/**
 * One lazy chunk per language: only the visitor's language is fetched. The English fallback is
 * fetched only when a key is missing (every catalogue has every key, web/src/i18n/locales.spec.ts,
 * so normally never): a first visit to /login in Japanese no longer carries 28 KB of English.
 */
const loaders = import.meta.glob<Catalogue>('../locales/*.json', { import: 'default' });

export const FALLBACK_LANGUAGE: TLanguage = 'en-us';

async function loadCatalogue(language: TLanguage): Promise<Catalogue> {
  const load = loaders[`../locales/${language}.json`];
  if (!load) throw new Error(`no catalogue for ${language}`);
  return load();
}

const loading = new Map<TLanguage, Promise<void>>();

/** The SPA's catalogue and the server's messages (lib/server-messages.ts) of one language, once. */
function ensureLoaded(language: TLanguage): Promise<void> {
  let done = loading.get(language);
  if (!done) {
    done = loadLanguage(language);
    loading.set(language, done);
    done.catch(() => loading.delete(language));
  }
  return done;
}

async function loadLanguage(language: TLanguage): Promise<void> {
  const server = loadServerMessages(language);
  if (!i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', await loadCatalogue(language), true, true);
  }
  await server;
}

export async function initI18n(language: TLanguage = currentLanguage()): Promise<I18n> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      lowerCaseLng: true,
      supportedLngs: false,
      resources: {},
      interpolation: { escapeValue: false },
      returnNull: false,
      // A key the language lacks: fetch the fallback; react-i18next re-renders when it is added.
      saveMissing: true,
      missingKeyHandler: () => { void ensureLoaded(FALLBACK_LANGUAGE).catch(() => undefined); },
      react: { useSuspense: false, bindI18nStore: 'added' },
    });
  }
  await ensureLoaded(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  return i18next;
}

export async function switchLanguage(language: TLanguage): Promise<void> {
  await ensureLoaded(language);
  rememberLanguage(language);
  await i18next.changeLanguage(language);
}

export { i18next };
