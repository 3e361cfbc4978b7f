/**
 * Where a login may send the browser next (`target_url` of POST /v1/login; docs/decisions.md,
 * "Hardening: envelope and login edges"). Only two kinds of target survive:
 *
 * - a path on the portal itself: starts with one `/` (not `//host`, not `/\host`, which browsers
 *   read as another host), no control character, no backslash anywhere;
 * - an absolute http(s) URL on the origin of a registered product (the products' configured login
 *   URLs, PRODUCT_LOGIN_URLS), such as a page inside the product the user was sent from.
 *
 * Anything else (`https://evil.example`, `//evil.example`, `javascript:…`, `data:…`) is dropped:
 * the login goes on and the answer carries no target, so the portal never echoes a crafted
 * address back to the page that navigates to it.
 */
export const LOGIN_TARGET_MAX = 2000;

/** The origins of the registered product URLs (unparseable entries are ignored). */
export function productOrigins(productUrls: Readonly<Record<string, string | undefined>>): string[] {
  const origins: string[] = [];
  for (const url of Object.values(productUrls)) {
    if (!url) continue;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') origins.push(parsed.origin);
    } catch {
      // not a URL: no origin to admit
    }
  }
  return origins;
}

/** The target to hand back after login, or undefined when it must be dropped. */
export function loginTarget(target: string | undefined, allowedOrigins: readonly string[]): string | undefined {
  if (!target || target.length > LOGIN_TARGET_MAX) return undefined;
  // Control characters (browsers strip tabs and newlines: `/\t/evil` becomes `//evil`) and backslashes.
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return undefined;
  if (target.startsWith('/')) return target.startsWith('//') ? undefined : target;
  if (!/^https?:\/\//i.test(target)) return undefined;
  try {
    const url = new URL(target);
    if (url.username || url.password) return undefined;
    return allowedOrigins.includes(url.origin) ? url.href : undefined;
  } catch {
    return undefined;
  }
}
