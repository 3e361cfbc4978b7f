import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './enums.js';
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
