/**
 * Spec §2: "The page must be entered from the site root path, otherwise the user is redirected to
 * /404. Basic-auth pages are excepted." Our reading (docs/decisions.md): the SPA runs at the site
 * root only. Its router has no basename and Vite builds it for '/'; if the document says it lives
 * under another base path (a `<base href>` other than '/', as a proxy that mounts the portal at
 * /portal/ would set, or a build for another base), its routes would not line up with the
 * addresses, so every page goes to /404, except the /basicauth/ pages, which the server's basic
 * authentication guards wherever they are entered.
 */
export const SPA_BASE = '/';

/** The base path the document runs under: its `<base href>`, else the build's base. */
export function documentBase(doc: Document = document, buildBase: string = import.meta.env.BASE_URL): string {
  const href = doc.querySelector('base')?.getAttribute('href');
  const base = href ?? buildBase ?? SPA_BASE;
  try {
    return new URL(base, 'http://portal.invalid/').pathname;
  } catch {
    return base;
  }
}

/** Where a visit to `pathname` must go instead, or null when it may stay. */
export function siteRootRedirect(pathname: string, base: string): string | null {
  if (base === SPA_BASE) return null;
  if (pathname === '/basicauth' || pathname.startsWith('/basicauth/')) return null;
  return pathname === '/404' ? null : '/404';
}
