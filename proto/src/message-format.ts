import type { TLanguage } from './enums.js';
import type { TMessageCatalogue, TMessageKey } from './messages.js';

/**
 * Rendering of server messages from catalogues handed in, with no catalogue imported here: the
 * gateway and the services render from all seven (`renderMessage` in messages.ts), the SPA from
 * the one language it has loaded on demand (web/src/lib/server-messages.ts), so its first load does
 * not carry seven catalogues.
 */

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

/**
 * Renders `key` from `catalogue` (a key missing there falls back to `reference`, the English one;
 * an unknown key to the server-error text), with `{{name}}` parameters and plural blocks.
 */
export function formatMessage(
  language: TLanguage,
  catalogue: TMessageCatalogue,
  reference: TMessageCatalogue,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const known = (k: string): k is TMessageKey => Object.prototype.hasOwnProperty.call(reference, k);
  const template = known(key) ? catalogue[key] ?? reference[key] : catalogue['status.server_error'] ?? reference['status.server_error'];
  return template
    .replace(PLURAL_BLOCK, (_, name: string, forms: string) => plural(language, params[name], forms))
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) return '';
      // A parameter that names a field is itself a key (field.email) and is translated too.
      return typeof value === 'string' && known(value) ? catalogue[value] ?? reference[value] : String(value);
    });
}
