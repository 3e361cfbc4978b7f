import { AsyncLocalStorage } from 'node:async_hooks';
import { ZRegion, type TLanguage, type TPrincipal, type TRegion, type TShard } from '@portal/proto';

/** What travels with every request, from HTTP into message headers and back (DESIGN §5). */
export interface RequestContext {
  requestId: string;
  region: TShard;
  language: TLanguage;
  principal?: TPrincipal;
  /** Scheme and host the visitor used (a host of the host map only), for links in mails. */
  publicOrigin?: string;
  /** The caller's address and browser, as the gateway saw them. */
  clientIp?: string;
  userAgent?: string;
  /** The caller's session and remembered-device tokens (only on calls that need them). */
  sessionToken?: string;
  deviceToken?: string;
  /**
   * The principal header exactly as the gateway signed it, its signature and the request's
   * deadline (epoch ms, as sent): a service-to-service call forwards them unchanged (ask.ts).
   */
  signedPrincipal?: { json: string; signature: string; deadline: string };
  /** When the caller stops waiting (epoch ms); past it, no new work starts. */
  deadline?: number;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** The context a handler runs in; throws if called outside one (a programming error). */
export function requireContext(): RequestContext {
  const ctx = storage.getStore();
  if (!ctx) throw new Error('No request context: called outside a request');
  return ctx;
}

/**
 * The region of the host the request came to: whose name order, time zone and products the
 * answer follows. The global shard (operator-wide data) is no host's: it reads as Japan.
 */
export function hostRegion(ctx: Pick<RequestContext, 'region'> = requireContext()): TRegion {
  return ZRegion.catch('jpn').parse(ctx.region === 'global' ? 'jpn' : ctx.region);
}
