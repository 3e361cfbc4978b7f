import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, initialLanguage, hostLocale, resetLanguageForTests } from './locale';

afterEach(() => {
  delete window.__PORTAL_LOCALE__;
  resetLanguageForTests();
});

describe('language selection', () => {
  it('uses the gateway injection when present', () => {
    window.__PORTAL_LOCALE__ = { region: 'tha', language: 'th-th', languages: ['th-th', 'en-us'] };
    expect(hostLocale().region).toBe('tha');
    expect(initialLanguage()).toBe('th-th');
  });

  it('reads the gateway meta tag', () => {
    const meta = document.createElement('meta');
    meta.name = 'portal-locale';
    meta.content = JSON.stringify({ region: 'vnm', language: 'vi-vn', languages: ['vi-vn', 'en-us'] });
    document.head.append(meta);
    try {
      expect(hostLocale()).toEqual({ region: 'vnm', language: 'vi-vn', languages: ['vi-vn', 'en-us'] });
    } finally {
      meta.remove();
    }
  });

  it('falls back to the host map (localhost is jpn / ja-jp)', () => {
    expect(hostLocale()).toMatchObject({ region: 'jpn', languages: ['ja-jp', 'en-us'] });
    expect(initialLanguage()).toBe('ja-jp');
  });

  it('lets a stored choice win only when the region offers it', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en-us');
    expect(initialLanguage()).toBe('en-us');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th-th');
    expect(initialLanguage()).toBe('ja-jp');
  });
});
