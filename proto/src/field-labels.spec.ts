import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ROUTE_LIST, ZInviteRequest } from './api-routes.js';
import { LANGUAGES } from './enums.js';
import { MESSAGES, isMessageKey, renderMessage } from './messages.js';
import { schemaFieldNames } from './schema-fields.js';
import { fieldMessages } from './validation.js';

/**
 * Validation messages name the field with its `field.<name>` label. A field without one would
 * read "field.nameを入力してください。" in the CSV row errors, the CSV error mail and every form.
 */
describe('field labels of the /v1 contracts', () => {
  const names = new Set<string>();
  for (const route of API_ROUTE_LIST) schemaFieldNames(route.request, names);

  it('finds the fields of nested, optional and union schemas', () => {
    const probe = z.object({
      a: z.array(z.object({ b: z.string().optional() })).default([]),
      c: z.discriminatedUnion('kind', [z.object({ kind: z.literal('x'), d: z.number() }), z.object({ kind: z.literal('y'), e: z.string().nullable() })]),
      f: z.object({ g: z.string() }).refine(() => true).pipe(z.object({ g: z.string() })),
    });
    expect([...schemaFieldNames(probe)].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'kind']);
    expect(names.has('users') && names.has('products') && names.has('crop') && names.has('x')).toBe(true);
  });

  it('has a label for every field of every route, in every language', () => {
    const missing = [...names].filter((name) => !isMessageKey(`field.${name}`));
    expect(missing, 'add `field.<name>` to proto/src/locales/*.ts').toEqual([]);
    for (const language of LANGUAGES) {
      for (const name of names) expect(MESSAGES[language][`field.${name}` as keyof (typeof MESSAGES)['en-us']], `${language} field.${name}`).toBeTruthy();
    }
  });

  it('renders no raw key for any route\'s empty or wrong-typed payload', () => {
    for (const language of LANGUAGES) {
      for (const route of API_ROUTE_LIST) {
        for (const payload of [{}, { users: [{}], products: [1], crop: {}, logo: { content: 1, crop: { x: 'a' } }, action: 'update' }]) {
          const parsed = route.request.safeParse(payload);
          if (parsed.success) continue;
          for (const refs of Object.values(fieldMessages(parsed.error.issues))) {
            for (const ref of refs) expect(renderMessage(language, ref.key, ref.params), `${route.path} ${language}`).not.toMatch(/field\.|\{\{/);
          }
        }
      }
    }
  });

  it('gives size refusals a message the catalogues know', () => {
    for (const route of API_ROUTE_LIST) if (route.tooLarge) expect(isMessageKey(route.tooLarge.key), route.path).toBe(true);
    expect(isMessageKey('http.too_large')).toBe(true);
  });

  it('labels an invitation row\'s errors by their field (the CSV rows and the invite form)', () => {
    const parsed = ZInviteRequest.safeParse({ users: [{ email: 'a@example.com', family_name: '山田', given_name: ' ', authority: 'user', products: ['nope'] }] });
    expect(parsed.success).toBe(false);
    const fields = fieldMessages(parsed.error!.issues);
    expect(Object.keys(fields).sort()).toEqual(['users.0.given_name', 'users.0.products.0']);
    expect(renderMessage('ja-jp', fields['users.0.given_name']![0]!.key, fields['users.0.given_name']![0]!.params)).toBe('名を入力してください。');
    expect(renderMessage('en-us', fields['users.0.given_name']![0]!.key, fields['users.0.given_name']![0]!.params)).toBe('Please enter given name.');
    expect(renderMessage('en-us', fields['users.0.products.0']![0]!.key, fields['users.0.products.0']![0]!.params)).toBe('services is not valid.');
  });
});
