import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  TERMS_CHANGES,
  ACCOUNT_STATUSES, AUTHORITIES, BUDGET_BANDS_HOURS, BUDGET_BANDS_YEN, CLIENT_STATUSES, DOMESTIC_INDUSTRIES, LANGUAGES,
  LICENCE_TYPES, MENU_GROUPS, OVERSEAS_INDUSTRIES, OVERSEAS_INDUSTRY_TREE, POSITIONS, DIVISIONS, PRODUCT_KINDS, PRODUCT_PLANS, SPA_ROUTES,
  PRODUCT_TAGS, REGIONS,
  // Issue 25, point 5
  CHARGE_DECLINE_REASONS, LICENCE_KINDS,
  MAIL_CATALOGUE, MAIL_PARTS,
  // Issue 11, slice C2
  BILLING_RUN_STATUSES, INVOICE_STATUSES,
  // Issue 11, slice A (f11-payment)
  PAYMENT_BANK_FIELDS, PAYMENT_METHODS,
  // Issue 13, slice B
  KNOWN_DIMENSION_VALUES, QUICK_RANGES, USAGE_DIMENSIONS, USAGE_MESSAGES, USAGE_METRICS, USAGE_TERMS, USAGE_UNITS,
} from '@portal/proto';

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

/**
 * Counted texts are i18next plural keys (`accounts.total_one`, `accounts.total_other`): each
 * language has exactly the forms its plural rules distinguish (English one and other; Japanese,
 * Chinese, Thai, Vietnamese and Malay only other), and the code asks for the base key with a count.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
// English has both forms of each counted text (a plain key may end in `_other`: clients.region_other).
const pluralBases = new Set(Object.keys(english).filter((k) => k.endsWith('_one') && `${k.slice(0, -4)}_other` in english).map((k) => k.slice(0, -4)));
const baseOf = (key: string) => (PLURAL.test(key) && pluralBases.has(key.replace(PLURAL, '')) ? key.replace(PLURAL, '') : key);
const pluralForms = (language: string) => new Intl.PluralRules(language).resolvedOptions().pluralCategories;
/** What a catalogue must hold: every key of English, with the plural forms of its own language. */
function expectedKeys(language: string): string[] {
  const bases = [...new Set(Object.keys(english).map(baseOf))];
  return bases.flatMap((b) => (pluralBases.has(b) ? pluralForms(language).map((f) => `${b}_${f}`) : [b])).sort();
}
/** Brand names, e-mail placeholders and the like may read the same; more means untranslated. */
const MAX_SAME_AS_ENGLISH = 5;

/**
 * Keys the code builds at run time, by the static head of the template literal that builds them
 * (`` t(`route.${name}`) ``), each with the enum its variable part comes from. Only these keys
 * count as used through that template: a key under the prefix whose suffix is not in the enum is
 * unused. A new dynamic key needs its entry here; the test says so.
 */
const DYNAMIC_KEYS: Record<string, readonly string[]> = {
  'route.': SPA_ROUTES.map((r) => r.name),
  'menu.': MENU_GROUPS,
  'accounts.authority_': AUTHORITIES,
  // Issue 25, point 5: the client picture's account actions, licence kinds and charge decline reasons.
  'client_picture.done_': ['reinvite', 'unlock', 'mfa_reset'],
  'client_picture.kind_': LICENCE_KINDS,
  'client_picture.decline_': CHARGE_DECLINE_REASONS,
  'accounts.status_': ACCOUNT_STATUSES,
  'industry.': [...Object.keys(DOMESTIC_INDUSTRIES), ...Object.values(DOMESTIC_INDUSTRIES).flat(), ...OVERSEAS_INDUSTRIES, ...Object.values(OVERSEAS_INDUSTRY_TREE).flat()],
  // Issue 22: the registration survey's position and division.
  'company.position_': POSITIONS,
  'company.division_': DIVISIONS,
  'budget.': [...BUDGET_BANDS_YEN, ...BUDGET_BANDS_HOURS],
  // The client list: its help line per area, and the client's contract, licence and status.
  'clients.': (['partner', 'operator'] as const).map((area) => `${area}_help`),
  'clients.licence_': LICENCE_TYPES,
  'clients.status_': CLIENT_STATUSES,
  'products.kind_': PRODUCT_KINDS,
  'products.plan_': PRODUCT_PLANS,
  // Issue 10, slice A: the services list's suggestion tabs and the catalogue's regions.
  'services.tab_': PRODUCT_TAGS,
  'catalogue.region_': REGIONS,
  // Issue 12, slice A: system mails the catalogue describes, and the common parts.
  'mail_templates.name.': Object.keys(MAIL_CATALOGUE),
  'mail_templates.trigger.': Object.keys(MAIL_CATALOGUE),
  'mail_templates.part_name.': MAIL_PARTS,
  // Issue 11, slice C2: invoice and billing-run statuses.
  'invoices.status_': INVOICE_STATUSES,
  'billing_runs.status_': BILLING_RUN_STATUSES,
  // Issue 11, slice A (f11-payment): payment methods and the bank fields of a registered method.
  'payment_method.method.': [...PAYMENT_METHODS, 'none'],
  'payment_method.method_help.': PAYMENT_METHODS,
  'payment_method.bank.': PAYMENT_BANK_FIELDS,
  // Issue 13, slice B: the usage dashboards' terms, quick ranges, units, metrics, dimensions and §8 messages.
  'usage.terms.': USAGE_TERMS,
  'usage.quick.': QUICK_RANGES,
  'usage.units.': USAGE_UNITS,
  'usage.metric.': USAGE_METRICS,
  'usage.dimension.': USAGE_DIMENSIONS,
  'usage.message.': USAGE_MESSAGES.flatMap((m) => [`${m}.title`, `${m}.body`]),
  'usage.value.': Object.entries(KNOWN_DIMENSION_VALUES).flatMap(([dimension, values]) => values.map((v) => `${dimension}.${v}`)),
  // Issue 14, slice A: payment methods on the client info, the client-create wizard's steps.
  'bo_clients.method_': [...PAYMENT_METHODS, 'other'],
  'bo_clients.step_': ['licence', 'client', 'products', 'confirm'],
  // Issue 14, slice B: the partner wizard's steps (WizardSteps labels).
  'partners.step_': ['licence', 'partner', 'billing', 'registration', 'confirm'],
  // Issue 25: a terms version's change.
  'terms.change_': TERMS_CHANGES,
};

/** The SPA's sources and proto's (which the SPA imports), without tests and catalogues. */
function sources(): string {
  const roots = [resolve(import.meta.dirname, '..'), resolve(import.meta.dirname, '../../../proto/src')];
  return roots.flatMap((root) => (readdirSync(root, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.spec\.tsx?$/.test(f) && !/^(test|locales)\//.test(f))
    .map((f) => readFileSync(resolve(root, f), 'utf8'))).join('\n');
}

describe('locales', () => {
  it('has one file per language and no other', () => {
    expect(readdirSync(dir).sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
  });

  it('names every SPA route and every menu group in English', () => {
    for (const route of SPA_ROUTES) expect(english, route.name).toHaveProperty([`route.${route.name}`]);
    for (const group of MENU_GROUPS) expect(english).toHaveProperty([`menu.${group}`]);
  });

  it('has the plural forms of English and Thai: one and other, only other', () => {
    expect(pluralForms('en-us')).toEqual(['one', 'other']);
    expect(pluralForms('th-th')).toEqual(['other']);
    expect(pluralBases.has('accounts.total')).toBe(true);
  });

  it('writes American English (en-us): License, recognize, synchronize', () => {
    const british = Object.entries(english).filter(([, v]) => /licence|recognis|synchronis|organis|colour|catalogue|cancelled|centre\b/i.test(v));
    expect(british.map(([k]) => k)).toEqual([]);
  });

  for (const language of LANGUAGES) {
    it(`${language}: has exactly the English keys (its own plural forms), non-empty, and is really translated`, () => {
      const catalogue = catalogues[language];
      expect(Object.keys(catalogue).sort()).toEqual(expectedKeys(language));
      for (const [key, value] of Object.entries(catalogue)) expect(value.trim(), key).not.toBe('');
      if (language === 'en-us') return;
      const same = Object.keys(english).filter((key) => catalogue[key] === english[key]);
      expect(same.length, `untranslated: ${same.join(', ')}`).toBeLessThanOrEqual(MAX_SAME_AS_ENGLISH);
    });
  }

  /**
   * Issue 26 (WCAG 2.5.3, axe's label-content-name-mismatch): a control whose screen-reader name is
   * `x_named` (the visible `x` plus what it acts on) is named so that the name contains the visible
   * text, punctuation aside, in every language: voice control users say what they see.
   */
  for (const language of LANGUAGES) {
    it(`${language}: each "…_named" name contains its control's visible text`, () => {
      const catalogue = catalogues[language];
      const words = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => (name === 'days' ? '15' : 'Example')).toLowerCase().replace(/[\p{P}\p{S}\s]+/gu, ' ').trim();
      const named = Object.keys(catalogue).filter((key) => key.endsWith('_named') && catalogue[key.slice(0, -'_named'.length)] !== undefined);
      expect(named.length).toBeGreaterThanOrEqual(5);
      for (const key of named) expect(words(catalogue[key]!), key).toContain(words(catalogue[key.slice(0, -'_named'.length)]!));
    });
  }

  describe('every key is used by the code', () => {
    const code = sources();
    // Whole keys as string literals: t('login.title'), key lists, props that are keys.
    const literals = new Set([...code.matchAll(/(['"`])([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)\1/g)].map((m) => m[2]!));
    const dynamic = new Set(Object.entries(DYNAMIC_KEYS).flatMap(([prefix, suffixes]) => suffixes.map((s) => prefix + s)));

    it('builds each dynamic key in the code with a listed prefix', () => {
      const unbuilt = Object.keys(DYNAMIC_KEYS).filter((prefix) => !code.includes(`\`${prefix}\${`));
      expect(unbuilt, 'listed prefixes no template literal builds: remove them from DYNAMIC_KEYS').toEqual([]);
    });

    it('has no key that nothing uses', () => {
      const unused = Object.keys(english).filter((key) => !literals.has(baseOf(key)) && !dynamic.has(baseOf(key)));
      expect(unused, 'unused keys: remove them, or list a dynamic prefix in DYNAMIC_KEYS').toEqual([]);
    });
  });
});
