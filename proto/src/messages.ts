import type { TLanguage } from './enums.js';
import { en } from './locales/en-us.js';
import { ja } from './locales/ja-jp.js';
import { ms } from './locales/ms-my.js';
import { zhCn } from './locales/zh-cn.js';
import { zhTw } from './locales/zh-tw.js';
import { vi } from './locales/vi-vn.js';
import { th } from './locales/th-th.js';
import { formatMessage } from './message-format.js';

/**
 * Server messages (access_status messages, field errors, mails), rendered by the gateway and the
 * notification service in the request's language. English is the reference: every other language
 * must have exactly its keys (the type says so, and a test checks the values are translated).
 */
export type TMessageKey = keyof typeof en;
export type TMessageCatalogue = Record<TMessageKey, string>;

export const MESSAGES: Record<TLanguage, TMessageCatalogue> = {
  'en-us': en, 'ja-jp': ja, 'ms-my': ms, 'zh-cn': zhCn, 'zh-tw': zhTw, 'vi-vn': vi, 'th-th': th,
};

export function isMessageKey(key: string): key is TMessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** Renders a key with `{{name}}` parameters (and plural blocks); unknown keys fall back to the server-error text. */
export function renderMessage(language: TLanguage, key: string, params: Record<string, string | number> = {}): string {
  // A key missing in a language (never in a release: a test checks) falls back to English.
  return formatMessage(language, MESSAGES[language] ?? en, en, key, params);
}
