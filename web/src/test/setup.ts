import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notificationsStore } from '@mantine/notifications';
import { i18next, FALLBACK_LANGUAGE } from '../i18n';
import { resetApiStateForTests } from '../lib/api';
import { resetLanguageForTests } from '../lib/locale';
import { dropPendingToastsForTests } from '../lib/toast';

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

/**
 * The web project runs its files without isolation (docs/decisions.md, "Web specs without
 * isolation"): the files of a worker share one window and one module graph. Everything a test may
 * change that outlives it is put back here, after each test, to what a fresh file starts with.
 */
const happyDOM = (window as unknown as { happyDOM: { setURL(url: string): void; setWindowSize(size: { width: number; height: number }): void } }).happyDOM;
const START = {
  url: window.location.href,
  width: window.innerWidth,
  height: window.innerHeight,
  title: document.title,
  lang: document.documentElement.lang,
  head: new Set(document.head.childNodes),
  urlStatics: { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL },
};

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.localStorage.clear();
  window.sessionStorage.clear();
  // A spec's host region (test/render.tsx) ends with it.
  delete window.__PORTAL_LOCALE__;
  delete window.dataLayer;
  delete window.Multipayment;
  // A download link clicked (a blob: URL) or a full-page navigation (lib/browser.ts) moves the
  // window; relative /v1 requests of the next file would fail there.
  if (window.location.href !== START.url) happyDOM.setURL(START.url);
  if (window.innerWidth !== START.width || window.innerHeight !== START.height) happyDOM.setWindowSize({ width: START.width, height: START.height });
  Object.assign(URL, START.urlStatics);
  // Portals and nodes a spec appended itself; <base>, <meta> or <script> it put in the head.
  document.body.replaceChildren();
  for (const node of [...document.head.childNodes]) if (!START.head.has(node)) node.remove();
  document.title = START.title;
  // Toasts shown or queued stay in Mantine's store, which the next <Notifications> would show;
  // one asked for shows 500 ms later, in whichever test runs then.
  dropPendingToastsForTests();
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  resetApiStateForTests();
  resetLanguageForTests();
  if (i18next.isInitialized && i18next.language !== FALLBACK_LANGUAGE) await i18next.changeLanguage(FALLBACK_LANGUAGE);
  document.documentElement.lang = START.lang;
});
