import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZipFile } from 'yazl';
import {
  AccessCode, API_ROUTE_LIST, Headers, INPUT_MESSAGES, routeEndpoints, type ApiRoute, type TServiceReply,
} from '@portal/proto';
import { NoResponderError, TransportTimeoutError, type Transport } from '@portal/service-common/transport/transport';
import { zodToFailure } from '@portal/service-common/errors';
import { signPrincipal } from '@portal/service-common/principal-signature';
import { createLogger } from '@portal/service-common/logger';
import { injectTrace, otelTrace as trace } from '@portal/service-common/tracing';
import { failure, simpleFailure, success, successFromReply, type RenderedEnvelope } from '../http/envelope.js';
import { badInputFailure, queryReadable, unsafeInputFailure } from '../http/input.js';
import { tooLargeFailure } from '../http/too-large.js';
import { applyGrant, clearSession, DEVICE_COOKIE, sessionToken } from '../http/session.js';
import { Coalescer } from './coalescer.js';

const log = createLogger('ApiRoutes');

/** The `file` field of a multipart upload (and its other simple fields), base64 for the transport. */
async function readUpload(request: FastifyRequest): Promise<Record<string, unknown> | null> {
  if (!request.isMultipart()) return null;
  const file = await request.file();
  if (!file) return null;
  const content = (await file.toBuffer()).toString('base64');
  // Own keys only (Object.fromEntries): a field named `__proto__` stays a key the input check sees.
  const fields = Object.fromEntries(Object.entries(file.fields).flatMap(([name, value]) =>
    value && !Array.isArray(value) && value.type === 'field' ? [[name, value.value]] : []));
  return { ...fields, file_name: file.filename, content };
}

/** Cookies for a route that starts or ends a session; the token never reaches the JSON. */
function applySessionEffects(route: ApiRoute, request: FastifyRequest, reply: FastifyReply, data: Record<string, unknown>): Record<string, unknown> {
  if (route.session === 'destroy') clearSession(reply);
  if (route.session === 'create' && data.session) {
    const { session, ...rest } = data;
    applyGrant(request, reply, session);
    return rest;
  }
  return data;
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const utf8 = new TextDecoder();
/** A service's reply as sent (the NATS transport's encoding: JSON, empty for no payload). */
const decodeReply = (bytes: Uint8Array) => (bytes.length ? JSON.parse(utf8.decode(bytes)) : undefined) as ServiceAnswer;

export function send(reply: FastifyReply, rendered: RenderedEnvelope): FastifyReply {
  return reply.code(rendered.status).header('cache-control', 'no-store').send(rendered.body);
}

/**
 * Registers every /v1 call of proto's API table: validate the input with the route's schema,
 * check the route's policy against the principal, forward to the owning service over the
 * transport, render the reply as the envelope. Nothing else is reachable under /v1 except the
 * gateway's own documented routes (openapi), each with a policy too.
 */
export interface ApiRouteOptions {
  timeoutMs: number;
  /**
   * Coalesced calls wait this long (INTERNAL_TIMEOUT_MS): a caller that joins a call must not wait
   * out the whole API timeout because the service restarted under the call it joined.
   */
  coalescedTimeoutMs: number;
  /** Signs the principal header (PRINCIPAL_SECRET; services refuse an unsigned one). */
  principalSecret: string;
  /** Share one round trip among identical concurrent calls of `coalesce` routes. */
  coalesce: boolean;
}

/** A route may coalesce only if its answer cannot depend on who asks. */
export function assertCoalescible(route: ApiRoute): void {
  if (route.method !== 'GET' || route.policy.access !== 'public' || route.withCredentials || route.session || route.multipart) {
    throw new Error(`route ${route.method} ${route.path} is marked coalesce but is not a public GET without credentials`);
  }
}

type ServiceAnswer = TServiceReply<Record<string, unknown>>;

export function registerApiRoutes(app: FastifyInstance, transport: Transport, options: ApiRouteOptions) {
  for (const route of API_ROUTE_LIST) {
    let coalescer: Coalescer<ServiceAnswer> | undefined;
    if (route.coalesce) {
      assertCoalescible(route);
      if (options.coalesce) coalescer = new Coalescer<ServiceAnswer>((answer) => !answer.ok && answer.error.code === AccessCode.SERVER_ERROR);
    }
    // The route's path and its aliases (issue 22: earlier paths kept for their callers) answer alike.
    for (const { method, path } of routeEndpoints(route)) {
      app.route({
        method,
        url: `/v1${path}`,
        config: { policy: route.policy, withCredentials: route.withCredentials, session: route.session, tooLarge: route.tooLarge },
        handler: (request, reply) => handle(route, request, reply, transport, options, coalescer),
      });
    }
  }
}

async function handle(
  route: ApiRoute, request: FastifyRequest, reply: FastifyReply, transport: Transport,
  options: ApiRouteOptions, coalescer: Coalescer<ServiceAnswer> | undefined,
): Promise<FastifyReply> {
  // The route's policy was already enforced by the gateway-wide preHandler (http/policy.hook.ts).
  const { language, principal, requestId, locale } = request.portal;
  if (!queryReadable(request.url)) return send(reply, badInputFailure(language, INPUT_MESSAGES.malformed));
  let raw: unknown = route.method === 'GET' || route.method === 'DELETE' ? request.query : request.body;
  if (route.multipart) {
    let upload: Record<string, unknown> | null;
    try {
      upload = await readUpload(request);
    } catch (error) {
      // A form without its boundary, cut short or otherwise unreadable: 40011 on the file field
      // (a file over the limit keeps the route's own message), never the parser's words.
      const tooLarge = tooLargeFailure(error as { code?: string; statusCode?: number }, request, language);
      return send(reply, tooLarge ?? badInputFailure(language, 'status.form_error', { file: [{ key: INPUT_MESSAGES.malformed }] }));
    }
    if (!upload) return send(reply, failure(language, { code: AccessCode.FORM_ERROR, message: { key: 'status.form_error' }, fields: { file: [{ key: 'csv.not_csv' }] } }));
    raw = upload;
  } else if (request.isMultipart()) {
    // Only a multipart route reads a form; elsewhere it would arrive as an empty body.
    return send(reply, badInputFailure(language, INPUT_MESSAGES.unsupportedMediaType));
  }
  // Text PostgreSQL cannot store and reserved keys, in any field of any route (proto input-safety).
  const unsafe = unsafeInputFailure(language, raw);
  if (unsafe) return send(reply, unsafe);
  const parsed = route.request.safeParse(raw ?? {});
  if (!parsed.success) return send(reply, failure(language, zodToFailure(parsed.error)));

  const headers: Record<string, string> = {
    [Headers.requestId]: requestId,
    [Headers.region]: locale.region,
    [Headers.language]: language,
    [Headers.publicOrigin]: request.portal.publicOrigin,
    [Headers.clientIp]: request.ip,
    [Headers.userAgent]: String(request.headers['user-agent'] ?? '').slice(0, 400),
  };
  const timeoutMs = coalescer ? options.coalescedTimeoutMs : options.timeoutMs;
  // The deadline travels with the request: a service does not start work this call has stopped
  // waiting for. The principal is signed together with it (principal-signature.ts).
  const stamp = () => {
    const deadline = String(Date.now() + timeoutMs);
    headers[Headers.deadline] = deadline;
    if (principal) {
      const json = JSON.stringify(principal);
      headers[Headers.principal] = json;
      headers[Headers.principalSignature] = signPrincipal(options.principalSecret, json, deadline);
    }
  };
  stamp();
  if (route.withCredentials) {
    const session = sessionToken(request);
    const device = request.cookies[DEVICE_COOKIE];
    if (session) headers[Headers.sessionToken] = session;
    if (device && device.length <= 200) headers[Headers.deviceToken] = device;
  }
  try {
    // The request's server span (access-log.ts, issue 24) is the active one; its context travels
    // in the message headers, so the service's span joins the same trace (DESIGN §7).
    const traced = <R>(ask: () => Promise<R>) => {
      const span = trace.getActiveSpan();
      span?.setAttribute('portal.subject', route.subject);
      span?.setAttribute('portal.region', locale.region);
      injectTrace(headers);
      return ask();
    };
    const call = (data: unknown = parsed.data) => traced(() => transport.request<Record<string, unknown>>(route.subject, data, { headers, timeoutMs }));
    if (route.download?.kind === 'csv') {
      // The file always starts at its beginning (BOM and header): a caller's own `after` is the
      // gateway's chunk position, not a way to ask for a headless middle of the file.
      const { after: _after, ...fromStart } = parsed.data as Record<string, unknown>;
      const first = await call(fromStart);
      if (!first.ok) return send(reply, failure(language, first.error));
      // Each further chunk is its own call, with its own deadline, as the caller's own request would be.
      return sendCsv(reply, first.data as unknown as CsvChunk, async (after) => {
        stamp();
        const next = await transport.request<CsvChunk>(route.subject, { ...fromStart, after }, { headers, timeoutMs });
        if (!next.ok) throw new Error(`csv chunk refused: ${next.error.code}`);
        return next.data;
      });
    }
    if (route.download) {
      const answer = await call();
      if (!answer.ok) return send(reply, failure(language, answer.error));
      const entrySubject = route.download.entrySubject;
      // Each entry is its own call, with its own deadline, as the caller's own request would be.
      return sendZip(reply, answer.data as unknown as ZipManifest, async (id) => {
        stamp();
        const entry = await transport.request<{ content: string }>(entrySubject, { id }, { headers, timeoutMs });
        if (!entry.ok) throw new Error(`zip entry refused: ${entry.error.code}`);
        return Buffer.from(entry.data.content, 'base64');
      });
    }
    // A call of its own on a route that sets no cookies: the service's reply bytes become the
    // envelope without being parsed (successFromReply); anything else is parsed as before.
    const requestRaw = transport.requestRaw?.bind(transport);
    if (!coalescer && !route.session && requestRaw) {
      const bytes = await traced(() => requestRaw(route.subject, parsed.data, { headers, timeoutMs }));
      const body = successFromReply(language, bytes);
      if (body) return reply.code(200).header('cache-control', 'no-store').header('content-type', JSON_CONTENT_TYPE).send(body);
      const answer = decodeReply(bytes);
      if (!answer.ok) return send(reply, failure(language, answer.error));
      return send(reply, success(language, answer.data));
    }
    // Coalesced calls share the answer of the first; the key holds everything the answer depends on.
    const answer = coalescer
      ? await coalescer.run(`${locale.region}|${language}|${JSON.stringify(parsed.data)}`, call)
      : await call();
    if (!answer.ok) return send(reply, failure(language, answer.error));
    return send(reply, success(language, applySessionEffects(route, request, reply, answer.data)));
  } catch (error) {
    if (error instanceof TransportTimeoutError) {
      log.warn({ subject: route.subject }, 'service did not answer in time');
      return send(reply, simpleFailure(language, AccessCode.SERVER_ERROR, 'http.timeout'));
    }
    if (!(error instanceof NoResponderError)) log.error({ err: error, subject: route.subject }, 'transport failure');
    else log.error({ subject: route.subject }, 'no service answers');
    return send(reply, simpleFailure(language, AccessCode.SERVER_ERROR));
  }
}

interface CsvChunk { file_name: string; content: string; next: string | null }

/**
 * Issue 25: a CSV streamed as the service reads it. The first chunk (with the header) is already
 * in hand; each next one is asked for only when the response has taken the previous one (a
 * Readable from an async generator honours the pipe's back-pressure), so one chunk is in memory
 * at a time, however long the log. A failure after the first bytes cuts the response off, so the
 * browser reports a failed download rather than saving a partial file.
 */
function sendCsv(reply: FastifyReply, first: CsvChunk, fetchNext: (after: string) => Promise<CsvChunk>): FastifyReply {
  async function* chunks() {
    let chunk = first;
    for (;;) {
      if (chunk.content) yield Buffer.from(chunk.content, 'utf8');
      if (!chunk.next) return;
      chunk = await fetchNext(chunk.next);
    }
  }
  const body = Readable.from(chunks());
  body.on('error', (error: Error) => log.error({ err: error }, 'csv download failed'));
  const ascii = first.file_name.replace(/[^\w.-]/g, '_');
  return reply.code(200).header('cache-control', 'no-store').header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${ascii}"`).send(body);
}

interface ZipManifest { file_name: string; entries: { id: string; file_name: string }[] }

/**
 * Issue 23: a zip streamed as it is written. yazl asks for an entry's bytes only when it reaches
 * that entry and the response has taken the previous ones (pipe back-pressure), so one entry is in
 * memory at a time, whatever the number of entries. PDFs are compressed already: entries are stored.
 * A failure after the first bytes cannot become an envelope any more: the response is cut off, so
 * the browser reports a failed download rather than saving a partial zip.
 */
function sendZip(reply: FastifyReply, manifest: ZipManifest, fetchEntry: (id: string) => Promise<Buffer>): FastifyReply {
  const zip = new ZipFile();
  for (const entry of manifest.entries) {
    zip.addReadStreamLazy(entry.file_name, { compress: false }, (done) => {
      fetchEntry(entry.id).then((bytes) => done(null, Readable.from([bytes])), (error: unknown) => done(error as Error, null as never));
    });
  }
  zip.end();
  zip.on('error', (error: Error) => {
    log.error({ err: error }, 'zip download failed');
    (zip.outputStream as Readable).destroy(error);
  });
  const ascii = manifest.file_name.replace(/[^\w.-]/g, '_');
  return reply.code(200).header('cache-control', 'no-store').header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${ascii}"`).send(zip.outputStream);
}
