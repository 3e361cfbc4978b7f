import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { API_ROUTE_LIST, OPERATION_CATEGORIES, OPERATIONS } from './api-routes.js';
import { SUPPORT_LOGIN_REFUSALS } from './clients.js';
import { AUTHORITIES, INVOICE_STATUSES, LANGUAGES, MFA_VALIDITIES } from './enums.js';
import { MAIL_TEMPLATES, SUPPORT_END_REASONS } from './events.js';
import { LICENCE_KINDS, LICENCE_REFUSALS } from './licences.js';
import { ACTOR_KINDS, TARGET_TYPES } from './audit-actor.js';
import { INVOICE_CSV_COLUMNS, INVOICE_PDF_TEXTS } from './invoices.js';
import { MESSAGES, renderMessage } from './messages.js';
import { CLIENT_CSV_COLUMNS, LICENCE_TYPE_REFUSALS } from './backoffice-clients.js';
import { CLIENT_STATUSES, LICENCE_TYPES } from './clients.js';
import { CONTRACT_TYPES } from './enums.js';
import { OPERATION_DETAIL_FIELDS, OPERATION_DETAIL_REASONS } from './operation-detail.js';
// Issue 11, slice A (f11-payment)
import { PAYMENT_METHODS } from './payment.js';
import { AGREEMENT_KINDS, TERMS_CHANGES } from './terms.js';

describe('server messages in seven languages', () => {
  const english = MESSAGES['en-us'];
  it.each(LANGUAGES.filter((l) => l !== 'en-us'))('%s has every key, translated', (language) => {
    const catalogue = MESSAGES[language];
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
    for (const [key, value] of Object.entries(catalogue)) {
      expect(value.trim(), key).not.toBe('');
      expect(value, `${language} ${key} is still English`).not.toBe(english[key as keyof typeof english]);
      // Placeholders survive translation.
      const placeholders = (s: string) => [...new Set([...s.matchAll(/\{\{(\w+)(?:\}\}|, plural,)/g)].map((m) => m[1]))].sort();
      expect(placeholders(value), key).toEqual(placeholders(english[key as keyof typeof english]));
    }
  });

  it('renders parameters, translating a field key', () => {
    expect(renderMessage('ja-jp', 'validation.required', { field: 'field.email' })).toBe('メールアドレスを入力してください。');
    expect(renderMessage('en-us', 'validation.too_long', { field: 'field.email', max: 254 })).toBe('email address must be at most 254 characters.');
  });

  it('agrees a counted phrase with its number where the language does (English), and leaves Thai alone', () => {
    expect(renderMessage('en-us', 'login.mfa_resend_wait', { seconds: 1 })).toBe('A code was sent just now. You can request a new one in 1 second.');
    expect(renderMessage('en-us', 'login.mfa_resend_wait', { seconds: 30 })).toBe('A code was sent just now. You can request a new one in 30 seconds.');
    expect(renderMessage('en-us', 'mail.csv_errors.subject', { errors: 1 })).toBe('CSV invitation: 1 row could not be imported');
    expect(renderMessage('en-us', 'mail.csv_errors.subject', { errors: 3 })).toBe('CSV invitation: 3 rows could not be imported');
    expect(renderMessage('th-th', 'login.mfa_send_limit', { minutes: 1 })).toBe('ขอรหัสมากเกินไป กรุณาลองใหม่ในอีก 1 นาที');
    expect(renderMessage('en-us', 'ip.more_invalid', { count: 1 })).toBe('1 more line is not valid either.');
    expect(renderMessage('en-us', 'ip.more_invalid', { count: 4 })).toBe('4 more lines are not valid either.');
  });

  it('has the plural forms each language needs in every counted phrase', () => {
    for (const language of LANGUAGES) {
      const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [key, value] of Object.entries(MESSAGES[language])) {
        for (const block of value.matchAll(/\{\{\w+, plural,((?:\s*\w+\s*\{[^{}]*\})+)\s*\}\}/g)) {
          const forms = [...block[1]!.matchAll(/(\w+)\s*\{/g)].map((m) => m[1]);
          expect(forms.sort(), `${language} ${key}`).toEqual([...needed].sort());
        }
      }
    }
  });

  it('writes American English (en-us): license, synchronize', () => {
    expect(Object.entries(english).filter(([, v]) => /licence|recognis|synchronis|organis|colour|catalogue|cancelled|centre\b/i.test(v)).map(([k]) => k)).toEqual([]);
  });

  it('counts where English words agree with a number', () => {
    // A count in a sentence is a plural block: "1 seconds" and "1 rows" are wrong English.
    const counted = Object.entries(english).filter(([, v]) => /\{\{(seconds|minutes|failures|errors|registered|count)\}\}/.test(v));
    expect(counted.map(([k]) => k)).toEqual([]);
  });

  it('falls back to the server-error text for an unknown key', () => {
    expect(renderMessage('th-th', 'no.such.key')).toBe(MESSAGES['th-th']['status.server_error']);
  });
});

/** The field names a schema can report an issue for (issueToMessage's `field.<name>`). */
function fieldNames(schema: z.ZodType, out = new Set<string>()): Set<string> {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (s: unknown) => { if (s) fieldNames(s as z.ZodType, out); };
  switch (def.type) {
    case 'object':
      for (const [name, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        out.add(name);
        walk(child);
      }
      break;
    case 'array': walk(def.element); break;
    case 'union': for (const o of def.options as z.ZodType[]) walk(o); break;
    case 'intersection': walk(def.left); walk(def.right); break;
    case 'pipe': walk(def.in); walk(def.out); break;
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional': walk(def.innerType); break;
    default: break;
  }
  return out;
}

/**
 * Keys the code builds at run time, by the static head of the template literal that builds them
 * (`` `operation.${op}` ``), each with the enum its variable part comes from. Only these keys count
 * as used through that template. A new dynamic key needs its entry here; the test says so.
 */
const DYNAMIC_KEYS: Record<string, readonly string[]> = {
  // validation.ts names the field of an issue: every field of every /v1 request.
  // The multipart routes' upload field `file` besides (the gateway reads it into `content`).
  'field.': [...new Set([...API_ROUTE_LIST.flatMap((r) => [...fieldNames(r.request)]), ...(API_ROUTE_LIST.some((r) => r.multipart) ? ['file'] : [])])],
  'mail.': MAIL_TEMPLATES.flatMap((t) => [`${t}.subject`, `${t}.body`]),
  'operation.': OPERATIONS,
  'operation_category.': OPERATION_CATEGORIES,
  // Support-login refusals: identity refuses with, and the client list shows, `proxy.<refusal>`.
  'proxy.': SUPPORT_LOGIN_REFUSALS,
  // The operation log's details (operation-detail.ts): the labels of the fields the services
  // record, and the values that are words.
  'detail.field.': [...OPERATION_DETAIL_FIELDS],
  'detail.authority_value.': AUTHORITIES,
  'detail.validity.': MFA_VALIDITIES,
  'detail.reason_value.': OPERATION_DETAIL_REASONS,
  'detail.actor_kind.': ['partner', 'operator'],
  // Issue 25: the audit log's actor kinds and target types in words.
  'actor_kind.': ACTOR_KINDS,
  'target_type.': TARGET_TYPES,
  // Issue 11, slice A (f11-payment): payment methods in words.
  'detail.payment_method_value.': PAYMENT_METHODS,
  // Issue 10, slice A: licence kinds in the log, and the licence check's refusals (identity's SSO).
  'detail.licence_kind_value.': LICENCE_KINDS,
  'licence.': LICENCE_REFUSALS,
  // Issue 11, slice C2: the invoice PDF's texts (services/billing/src/invoices/invoice-pdf.ts).
  'invoice.pdf.': INVOICE_PDF_TEXTS,
  // Issue 23: the invoice CSV's columns and statuses in words.
  'invoice.csv.': INVOICE_CSV_COLUMNS,
  'invoice.status.': INVOICE_STATUSES,
  // Issue 14, slice A: the client CSV's columns and values, licence-type refusals.
  'client_csv.': CLIENT_CSV_COLUMNS,
  'contract.': CONTRACT_TYPES,
  'licence_type.': LICENCE_TYPES,
  'client_status.': CLIENT_STATUSES,
  'client_licence.': LICENCE_TYPE_REFUSALS,
  // Issue 21: why a support session ended, in its summary mail (services/usage-log support-summary).
  'support_summary.reason.': SUPPORT_END_REASONS,
  // Issue 25: a published terms version's document and change in words.
  'detail.document.': AGREEMENT_KINDS,
  'detail.change_value.': TERMS_CHANGES,
};

/** Everything that renders or returns server messages: services, gateway, proto, and the SPA. */
function sources(): string {
  const repo = resolve(import.meta.dirname, '../..');
  const roots = ['proto/src', 'gateway/src', 'web/src', ...readdirSync(resolve(repo, 'services')).map((s) => `services/${s}/src`)];
  return roots.flatMap((root) => {
    const dir = resolve(repo, root);
    if (!existsSync(dir)) return [];
    return (readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f) && !/\.spec\.tsx?$/.test(f) && !/^(test|locales|generated)\//.test(f))
      .map((f) => readFileSync(resolve(dir, f), 'utf8'));
  }).join('\n');
}

describe('every server message is used by the code', () => {
  const code = sources();
  const literals = new Set([...code.matchAll(/(['"`])([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)\1/g)].map((m) => m[2]!));
  const dynamic = new Set(Object.entries(DYNAMIC_KEYS).flatMap(([prefix, suffixes]) => suffixes.map((s) => prefix + s)));

  it('builds each dynamic key in the code with a listed prefix', () => {
    const unbuilt = Object.keys(DYNAMIC_KEYS).filter((prefix) => !code.includes(`\`${prefix}\${`));
    expect(unbuilt, 'listed prefixes no template literal builds: remove them from DYNAMIC_KEYS').toEqual([]);
  });

  it('has no key that nothing uses', () => {
    const unused = Object.keys(MESSAGES['en-us']).filter((key) => !literals.has(key) && !dynamic.has(key));
    expect(unused, 'unused keys: remove them, or list a dynamic prefix in DYNAMIC_KEYS').toEqual([]);
  });
});
