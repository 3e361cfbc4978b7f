import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  Headers, INGEST_CLOCK_SKEW_S, INGEST_MAX_BODY_BYTES, INGEST_MAX_EVENTS, INGEST_PRODUCT_IDS, INTERNAL_ROUTES, ZRegion,
  type TIngestAnswer, type TIngestRequestError,
} from '@portal/proto';
import type { Transport } from '@portal/service-common/transport/transport';
import { judgeUsageEvents, publishUsageEvents } from '@portal/service-common/usage-ingest';
import { createLogger } from '@portal/service-common/logger';

const log = createLogger('usage-ingest');

/** How long the keys of a product are cached here (a rotation reaches every gateway within this, well inside the overlap). */
const KEY_CACHE_MS = 30_000;
/** A (product, signature) is remembered for replay refusal at least as long as its timestamp is accepted. */
const REPLAY_WINDOW_MS = 2 * INGEST_CLOCK_SKEW_S * 1000 + 60_000;
/** Remembered signatures at most (oldest forgotten first). */
const REPLAY_MAX = 200_000;

const MESSAGES: Record<TIngestRequestError, { status: number; message: string }> = {
  bad_request: { status: 400, message: 'The body must be JSON: {"events": [...]} with 1 to 1,000 events.' },
  unknown_product: { status: 400, message: 'X-Product names no product that sends usage events.' },
  no_key: { status: 401, message: 'The product has no signing key: ask an operator to make one.' },
  bad_timestamp: { status: 401, message: 'X-Timestamp must be Unix seconds within 5 minutes of the server clock.' },
  bad_signature: { status: 401, message: 'X-Signature does not match: HMAC-SHA256 (hex) over "<X-Timestamp>.<body>" with the product key.' },
  replay: { status: 409, message: 'This request was received already.' },
  too_many_events: { status: 413, message: 'At most 1,000 events per request.' },
  too_large: { status: 413, message: 'The body is over 1 MiB.' },
};

function refuse(reply: FastifyReply, error: TIngestRequestError) {
  const m = MESSAGES[error];
  return reply.code(m.status).header('cache-control', 'no-store').send({ error, message: m.message });
}

/**
 * `POST /ingest/v1/events` (issue 13, docs/design/usage.md): products send usage events, signed
 * with their key. Outside /v1 (no portal session, no CSRF token: the signature is the
 * authentication). The gateway writes nothing to PostgreSQL: it checks the signature (keys from
 * usage-log, cached briefly), judges each event, and publishes the accepted ones to JetStream
 * (`events.usage.events.<region>`, the region of the host the product calls). Never a 5xx for
 * anything a caller sends; 503 only when the event stream cannot take the batch.
 */
export function registerUsageIngest(app: FastifyInstance, transport: Transport, options: { internalTimeoutMs: number; perMinute?: number; now?: () => number }): void {
  const now = options.now ?? Date.now;
  const keyCache = new Map<string, { at: number; keys: Array<{ key_id: string; secret: string }> }>();
  const seen = new Map<string, number>();

  async function keysOf(product: string, requestId: string) {
    const cached = keyCache.get(product);
    if (cached && now() - cached.at < KEY_CACHE_MS) return cached.keys;
    const answer = await transport.request<{ keys: Array<{ key_id: string; secret: string }> }>(INTERNAL_ROUTES.ingestKeys.subject, { product }, {
      headers: { [Headers.requestId]: requestId }, timeoutMs: options.internalTimeoutMs,
    });
    if (!answer.ok) throw new Error(`ingest keys: ${answer.error.message.key}`);
    // A product without a key is asked again next time: a key made now works at once.
    if (answer.data.keys.length) keyCache.set(product, { at: now(), keys: answer.data.keys });
    return answer.data.keys;
  }

  function remember(key: string): boolean {
    const t = now();
    const until = seen.get(key);
    if (until !== undefined && until > t) return false;
    seen.set(key, t + REPLAY_WINDOW_MS);
    if (seen.size > REPLAY_MAX) {
      for (const [k, u] of seen) {
        if (u <= t || seen.size > REPLAY_MAX) seen.delete(k);
        else break;
      }
    }
    return true;
  }

  void app.register(async (scope) => {
    // The signature covers the exact bytes: read the body raw, whatever its content type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: INGEST_MAX_BODY_BYTES }, (_request, body, done) => done(null, body));
    // Whatever Fastify refuses before the handler (a body over the limit, a broken stream) is the caller's: a 4xx in this API's shape.
    scope.setErrorHandler((error: { code?: string; statusCode?: number }, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return refuse(reply, 'too_large');
      if (error.statusCode === 429) return reply.code(429).send({ error: 'rate_limited', message: 'Too many requests: send fewer, larger batches.' });
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return refuse(reply, 'bad_request');
      log.error({ err: error }, 'usage ingestion failed');
      return reply.code(503).header('retry-after', '5').send({ error: 'unavailable', message: 'Try again shortly.' });
    });
    scope.post('/ingest/v1/events', {
      config: { policy: { access: 'public' }, rateLimit: { max: options.perMinute ?? 6000, timeWindow: 60_000 } },
      bodyLimit: INGEST_MAX_BODY_BYTES,
    }, async (request, reply) => {
      const product = String(request.headers['x-product'] ?? '');
      if (!(INGEST_PRODUCT_IDS as readonly string[]).includes(product)) return refuse(reply, 'unknown_product');
      const tsRaw = String(request.headers['x-timestamp'] ?? '');
      const ts = /^\d{1,12}$/.test(tsRaw) ? Number(tsRaw) : NaN;
      if (!Number.isFinite(ts) || Math.abs(now() / 1000 - ts) > INGEST_CLOCK_SKEW_S) return refuse(reply, 'bad_timestamp');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = String(request.headers['x-signature'] ?? '').toLowerCase();
      let keys: Array<{ key_id: string; secret: string }>;
      try {
        keys = await keysOf(product, request.portal.requestId);
      } catch (err) {
        log.warn({ err, product }, 'product keys unavailable');
        return reply.code(503).header('retry-after', '5').send({ error: 'unavailable', message: 'Try again shortly.' });
      }
      if (!keys.length) return refuse(reply, 'no_key');
      const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : null;
      const signed = Buffer.concat([Buffer.from(`${tsRaw}.`), body]);
      const ok = given !== null && keys.some((k) => timingSafeEqual(createHmac('sha256', k.secret).update(signed).digest(), given));
      if (!ok) return refuse(reply, 'bad_signature');
      if (!remember(`${product}:${signature}`)) return refuse(reply, 'replay');

      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        return refuse(reply, 'bad_request');
      }
      const events = (parsed as { events?: unknown } | null)?.events;
      if (!Array.isArray(events) || events.length === 0) return refuse(reply, 'bad_request');
      if (events.length > INGEST_MAX_EVENTS) return refuse(reply, 'too_many_events');
      const region = ZRegion.catch('jpn').parse(request.portal.locale.region);
      const judged = judgeUsageEvents(product, events, region, new Date(now()));
      try {
        await publishUsageEvents(transport, region, judged.events, `usage:${product}:${signature}`, request.portal.requestId);
      } catch (err) {
        log.warn({ err, product }, 'usage events could not be published');
        seen.delete(`${product}:${signature}`);
        return reply.code(503).header('retry-after', '5').send({ error: 'unavailable', message: 'Try again shortly.' });
      }
      const answer: TIngestAnswer = { accepted: judged.events.length, rejected: judged.rejected };
      return reply.header('cache-control', 'no-store').send(answer);
    });
  });
}
