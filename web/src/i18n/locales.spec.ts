import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, MENU_GROUPS, SPA_ROUTES } from '@portal/proto';

const dir = resolve(import.meta.dirname, '../locales');
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const catalogues = Object.fromEntries(
  LANGUAGES.map((l) => [l, flatten(JSON.parse(readFileSync(resolve(dir, `${l}.json`), 'utf8')) as Tree)]),
) as Record<(typeof LANGUAGES)[number], Record<string, string>>;
const english = catalogues['en-us'];
/** Brand names, e-mail placeholders and the like may read the same; more means untranslated. */
const MAX_SAME_AS_ENGLISH = 5;

describe('locales', () => {
  it('has one file per language and no other', () => {
    expect(readdirSync(dir).sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
  });

  it('names every SPA route and every menu group in English', () => {
    for (const route of SPA_ROUTES) expect(english, route.name).toHaveProperty([`route.${route.name}`]);
    for (const group of MENU_GROUPS) expect(english).toHaveProperty([`menu.${group}`]);
  });

  for (const language of LANGUAGES) {
    it(`${language}: has exactly the English keys, non-empty, and is really translated`, () => {
      const catalogue = catalogues[language];
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      for (const [key, value] of Object.entries(catalogue)) expect(value.trim(), key).not.toBe('');
      if (language === 'en-us') return;
      const same = Object.keys(english).filter((key) => catalogue[key] === english[key]);
      expect(same.length, `untranslated: ${same.join(', ')}`).toBeLessThanOrEqual(MAX_SAME_AS_ENGLISH);
    });
  }
});
