import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { API_ROUTE_LIST, OPERATION_CATEGORIES, OPERATIONS } from './api-routes.js';
import { SUPPORT_LOGIN_REFUSALS } from './clients.js';
import { LANGUAGES } from './enums.js';
import { MAIL_TEMPLATES } from './events.js';
import { MESSAGES, renderMessage } from './messages.js';

describe('server messages in seven languages', () => {
  const english = MESSAGES['en-us'];
  it.each(LANGUAGES.filter((l) => l !== 'en-us'))('%s has every key, translated', (language) => {
    const catalogue = MESSAGES[language];
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
    for (const [key, value] of Object.entries(catalogue)) {
      expect(value.trim(), key).not.toBe('');
      expect(value, `${language} ${key} is still English`).not.toBe(english[key as keyof typeof english]);
      // Placeholders survive translation.
      const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(placeholders(value), key).toEqual(placeholders(english[key as keyof typeof english]));
    }
  });

  it('renders parameters, translating a field key', () => {
    expect(renderMessage('ja-jp', 'validation.required', { field: 'field.email' })).toBe('メールアドレスを入力してください。');
    expect(renderMessage('en-us', 'validation.too_long', { field: 'field.email', max: 254 })).toBe('email address must be at most 254 characters.');
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
