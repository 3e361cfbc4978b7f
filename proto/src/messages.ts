import type { TLanguage } from './enums.js';
import { en } from './locales/en-us.js';
import { ja } from './locales/ja-jp.js';
import { ms } from './locales/ms-my.js';
import { zhCn } from './locales/zh-cn.js';
import { zhTw } from './locales/zh-tw.js';
import { vi } from './locales/vi-vn.js';
import { th } from './locales/th-th.js';

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

/**
 * A counted phrase: `{{seconds, plural, one {# second} other {# seconds}}}` picks the form of the
 * language's plural rules for the parameter (`#` is the number). Only languages whose words agree
 * with a number need it (English); the others write the number plainly.
 */
const PLURAL_BLOCK = /\{\{(\w+), plural,((?:\s*\w+\s*\{[^{}]*\})+)\s*\}\}/g;
const PLURAL_FORM = /(\w+)\s*\{([^{}]*)\}/g;

function plural(language: TLanguage, value: unknown, forms: string): string {
  const n = Number(value);
  const choices = new Map([...forms.matchAll(PLURAL_FORM)].map((m) => [m[1]!, m[2]!]));
  const form = choices.get(new Intl.PluralRules(language).select(n)) ?? choices.get('other') ?? '';
  return form.replace(/#/g, String(value ?? ''));
}

/** Renders a key with `{{name}}` parameters (and plural blocks); unknown keys fall back to the server-error text. */
export function renderMessage(language: TLanguage, key: string, params: Record<string, string | number> = {}): string {
  const catalogue = MESSAGES[language] ?? en;
  // A key missing in a language (never in a release: a test checks) falls back to English.
  const template = isMessageKey(key) ? catalogue[key] ?? en[key] : catalogue['status.server_error'];
  return template
    .replace(PLURAL_BLOCK, (_, name: string, forms: string) => plural(language, params[name], forms))
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) return '';
      // A parameter that names a field is itself a key (field.email) and is translated too.
      return typeof value === 'string' && isMessageKey(value) ? catalogue[value] ?? en[value] : String(value);
    });
}
