import type { THostMap, TRegion, TShard } from '@portal/proto';

/**
 * Login from any region's host (issue 9 item 9), without a database: where a login whose account
 * lives in another region continues.
 */

/** Host names that name no region of their own (development aliases). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Whether a login on the host of `hostRegion` must continue at the account's `home`: only when
 * the account lives in another region's shard (operators live in `global` and log in anywhere).
 */
export function needsHandoff(hostRegion: TShard, home: TShard): home is TRegion {
  return home !== 'global' && home !== hostRegion;
}

/**
 * The origin of a host of `region`: the first host name the host map gives that region (its
 * order is the operator's preference), with the scheme and port of the origin the visitor used
 * (`currentOrigin`), so that a test or staging port carries over. Null when the map names no
 * host for the region (the login then answers as before).
 */
export function regionOrigin(region: TRegion, hostMap: THostMap, currentOrigin: string): string | null {
  const host = Object.keys(hostMap).find((name) => hostMap[name]!.region === region && !LOCAL_HOSTS.has(name));
  if (!host) return null;
  let current: URL;
  try {
    current = new URL(currentOrigin);
  } catch {
    current = new URL('https://invalid.example');
  }
  const port = current.port ? `:${current.port}` : '';
  return `${current.protocol}//${host}${port}`;
}

/** Where the browser goes with the hand-off token (the SPA's /login/handoff page on the home host). */
export function handoffUrl(origin: string, token: string): string {
  return `${origin}/login/handoff/${encodeURIComponent(token)}`;
}
