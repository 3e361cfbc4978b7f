import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AccessCode, INPUT_MESSAGES, unsafeInput, type THostMap, type TLanguage, type TMessageRef,
} from '@portal/proto';
import { failure, type RenderedEnvelope } from './envelope.js';
import { describeRequest } from './request-context.js';
import { API_SECURITY_HEADERS } from './security-headers.js';

/**
 * Input the gateway refuses before any route's schema sees it (docs/decisions.md, "Hardening:
 * envelope and login edges"): the envelope filter renders it as 40011 with its message, and with
 * its fields when it names some.
 */
export class BadInput extends Error {
  constructor(readonly key: string, readonly fields?: Record<string, TMessageRef[]>) {
    super(key);
    this.name = 'BadInput';
  }
}

/** 40011 for refused input: the fields' messages under their names, the general message above. */
export function badInputFailure(language: TLanguage, key: string, fields?: Record<string, TMessageRef[]>): RenderedEnvelope {
  return failure(language, { code: AccessCode.FORM_ERROR, message: { key }, fields });
}

/**
 * Whether a URL's query string decodes. Fastify's parser keeps a broken escape (`%E0%A4%A`, a
 * lone `%`) as raw text, so a field would receive what the caller never meant: refused as
 * unreadable instead (issue 21, found by the fuzz tier).
 */
export function queryReadable(url: string): boolean {
  const start = url.indexOf('?');
  if (start < 0 || url.indexOf('%', start) < 0) return true;
  try {
    decodeURIComponent(url.slice(start + 1));
    return true;
  } catch {
    return false;
  }
}

/** Text no route accepts (NUL, lone surrogates, reserved keys): 40011 naming the fields, or null. */
export function unsafeInputFailure(language: TLanguage, input: unknown): RenderedEnvelope | null {
  const fields = unsafeInput(input);
  return fields ? badInputFailure(language, 'status.form_error', fields) : null;
}

/**
 * The gateway reads JSON and (through @fastify/multipart) multipart forms; nothing else. Fastify's
 * own JSON parser answers a body that is empty, unreadable or carries `__proto__` with its own
 * error JSON and words; this one parses with plain JSON.parse (which makes `__proto__` an ordinary
 * own key, refused with its name by unsafeInput) and refuses anything unreadable with our message.
 * The text parser goes: a text/plain body is an unsupported content type (415 → 40011).
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') {
      done(new BadInput(INPUT_MESSAGES.malformed), undefined);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      done(new BadInput(INPUT_MESSAGES.malformed), undefined);
      return;
    }
    done(null, parsed);
  });
}

/**
 * Fastify's router refuses a URL it cannot decode (`/v1/%ZZ`) or an over-long route parameter
 * before any hook runs, with its own error JSON; this answers the envelope instead (40011: the
 * request could not be read).
 */
export function frameworkErrorHandler(hostMap: THostMap, publicUrl: string) {
  return (_error: Error, request: FastifyRequest, reply: FastifyReply): void => {
    let language: TLanguage = 'ja-jp';
    try {
      language = describeRequest(request, hostMap, publicUrl).language;
    } catch {
      // the default language
    }
    const rendered = badInputFailure(language, INPUT_MESSAGES.malformed);
    reply.headers(API_SECURITY_HEADERS).code(rendered.status).header('cache-control', 'no-store').send(rendered.body);
  };
}

/**
 * Node's HTTP parser refuses a request it cannot read (headers or URL over the size limit, broken
 * framing) before Fastify has a request; Fastify's default then writes its own error JSON. This
 * writes the envelope instead, in the default language (nothing of the request was read): 40011
 * "could not be read", or 50000 "took too long" for a request that never finished arriving.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = timeout ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const rendered = timeout
    ? failure('ja-jp', { code: AccessCode.SERVER_ERROR, message: { key: 'http.timeout' } })
    : badInputFailure('ja-jp', INPUT_MESSAGES.malformed);
  const body = JSON.stringify(rendered.body);
  if (socket.writable) {
    const headers = [
      `HTTP/1.1 ${status} ${timeout ? 'Request Timeout' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'cache-control: no-store',
      ...Object.entries(API_SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
      'connection: close',
    ];
    socket.write(`${headers.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
