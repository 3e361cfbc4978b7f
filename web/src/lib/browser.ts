/**
 * Full-page navigations, in one place so tests can observe them (vi.spyOn(browser, 'hardNavigate')).
 */
export const browser = {
  hardNavigate(url: string): void {
    window.location.assign(url);
  },
  /** Path, query and hash of the page the visitor is on. */
  currentUrl(): string {
    const { pathname, search } = window.location;
    return `${pathname}${search}`;
  },
};

/** Opens a URL in a new tab; false when the browser blocked it. The tab gets no handle on this one. */
export function openInNewTab(url: string): boolean {
  const tab = window.open(url, '_blank');
  if (!tab) return false;
  tab.opener = null;
  return true;
}

/** /login?targetUrl=<encoded original path+search> (spec §2). */
export function loginUrl(target: string): string {
  const safe = safeTarget(target);
  return safe && safe !== '/' && !safe.startsWith('/login') ? `/login?targetUrl=${encodeURIComponent(safe)}` : '/login';
}

/**
 * Only same-origin paths are followed after login (no open redirect): a path, or an absolute
 * URL of this origin reduced to its path. Protocol-relative (//host), backslash and control
 * characters are refused.
 */
export function safeTarget(target: string | null | undefined): string | null {
  if (!target || /[\u0000-\u001f\\]/.test(target)) return null;
  if (/^https?:\/\//i.test(target)) {
    try {
      const url = new URL(target);
      return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
    } catch {
      return null;
    }
  }
  if (!target.startsWith('/') || target.startsWith('//')) return null;
  return target;
}
