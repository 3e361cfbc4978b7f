import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor wait for what will happen, not for how fast: the default 1 s failed specs when
// the machine was busy (two cores shared with other test runs). A wrong page still fails, later.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads these; happy-dom leaves some out.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => undefined, removeListener: () => undefined,
    addEventListener: () => undefined, removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
}
window.scrollTo = () => undefined;
// Mantine's autosize Textarea listens for web fonts loading.
if (!('fonts' in document) || !document.fonts) {
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.localStorage.clear();
  window.sessionStorage.clear();
  // A spec's host region (test/render.tsx) ends with it.
  delete window.__PORTAL_LOCALE__;
});
