import { formatMessage, type MessageSource, type TLanguage, type TMessageCatalogue, type TMessageKey } from '@portal/proto';

/**
 * The server's message catalogue (proto/src/locales), for the texts the SPA renders from message
 * keys itself: client-side validation, link states, operation-log details. Loaded per language on
 * demand beside the SPA's own catalogue (i18n/index.ts), so the first load carries the visitor's
 * language only (docs/decisions.md, "Hardening: static assets"; English arrives when a key is
 * missing, which proto/src/messages.spec.ts keeps from happening).
 */
const LOADERS: Record<TLanguage, () => Promise<TMessageCatalogue>> = {
  'en-us': () => import('@portal/proto/locales/en-us').then((m) => m.en),
  'ja-jp': () => import('@portal/proto/locales/ja-jp').then((m) => m.ja),
  'ms-my': () => import('@portal/proto/locales/ms-my').then((m) => m.ms),
  'zh-cn': () => import('@portal/proto/locales/zh-cn').then((m) => m.zhCn),
  'zh-tw': () => import('@portal/proto/locales/zh-tw').then((m) => m.zhTw),
  'vi-vn': () => import('@portal/proto/locales/vi-vn').then((m) => m.vi),
  'th-th': () => import('@portal/proto/locales/th-th').then((m) => m.th),
};

const REFERENCE: TLanguage = 'en-us';
const loaded = new Map<TLanguage, TMessageCatalogue>();

export async function loadServerMessages(language: TLanguage): Promise<void> {
  if (loaded.has(language)) return;
  const load = LOADERS[language];
  if (!load) throw new Error(`no server messages for ${language}`);
  loaded.set(language, await load());
}

/** English when it is loaded, else the first catalogue loaded (the visitor's language). */
function reference(): TMessageCatalogue {
  const catalogue = loaded.get(REFERENCE) ?? loaded.values().next().value;
  // i18n's start-up loads the visitor's language before the first render; reaching here without it is a bug.
  if (!catalogue) throw new Error('server messages used before i18n started');
  return catalogue;
}

/** proto's renderMessage, from the loaded catalogues: the language's, else English. */
export function renderMessage(language: TLanguage, key: string, params: Record<string, string | number> = {}): string {
  return formatMessage(language, loaded.get(language) ?? reference(), reference(), key, params);
}

export function isMessageKey(key: string): key is TMessageKey {
  for (const catalogue of loaded.values()) if (Object.prototype.hasOwnProperty.call(catalogue, key)) return true;
  return false;
}

/** The words for proto's describeDetail (operation-log details) in `language`. */
export function messageSource(language: TLanguage): MessageSource {
  return { render: (key, params) => renderMessage(language, key, params), has: isMessageKey };
}
