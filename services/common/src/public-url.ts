import type { TShard } from '@portal/proto';
import { currentContext } from './context.js';
import { parsePublicUrls } from './production-guard.js';

/**
 * Issue 24: the one place links in mails (and other links the portal hands out) get their origin.
 *
 * - A link for the visitor's own region uses the origin the visitor used (a host of HOST_MAP; the
 *   gateway puts it in the request context, a forged Host never gets there).
 * - Otherwise (a job, an event handler, an operator creating another region's client, a partner's
 *   embed form) the region host's public URL: PUBLIC_URLS[region], else PUBLIC_URL.
 * - Only outside production may neither be set: then http://localhost:8080 (`npm start`). In
 *   production the config guard (production-guard.ts) refuses to start without PUBLIC_URL, with a
 *   loopback one, or without PUBLIC_URLS for a region HOST_MAP serves, so no mail links to localhost.
 *
 * Every process calls `configurePublicUrls` with its environment at boot (startService,
 * startGateway's callers); all processes of one portal get the same PUBLIC_URL(S).
 */
const DEVELOPMENT_ORIGIN = 'http://localhost:8080';
let configured: { fallback: string; regions: Partial<Record<TShard, string>> } = { fallback: DEVELOPMENT_ORIGIN, regions: {} };

export function configurePublicUrls(env: Readonly<Record<string, string | undefined>>): void {
  let regions: Partial<Record<TShard, string>> = {};
  try {
    regions = parsePublicUrls(env.PUBLIC_URLS);
  } catch {
    // A bad PUBLIC_URLS refuses a production start (the guard); outside production it is ignored.
  }
  configured = { fallback: (env.PUBLIC_URL?.trim() || DEVELOPMENT_ORIGIN).replace(/\/$/, ''), regions };
}

/** The public origin for a link to `region`'s portal (default: the current request's region). */
export function publicOrigin(region?: TShard): string {
  const ctx = currentContext();
  if (ctx?.publicOrigin && (region === undefined || region === ctx.region)) return ctx.publicOrigin;
  const target = region ?? ctx?.region;
  return (target && configured.regions[target]) || configured.fallback;
}

/** `path` (starting with /) on the public origin of `region` (see publicOrigin). */
export function publicUrl(path: string, region?: TShard): string {
  return `${publicOrigin(region)}${path}`;
}
