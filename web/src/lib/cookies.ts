/** Readable cookies (the session's hint cookies, spec §3). The server never trusts them. */

export function readCookie(name: string, source: string = document.cookie): string | undefined {
  for (const part of source.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    if (raw === '') return undefined;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** Expires a cookie on the paths and domain it may have been set with. */
export function clearCookie(name: string): void {
  const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  document.cookie = `${expired}; path=/`;
  document.cookie = expired;
  const host = window.location.hostname;
  if (host.includes('.')) document.cookie = `${expired}; path=/; domain=${host}`;
}
