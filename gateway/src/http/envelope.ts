import {
  AccessCode, DEFAULT_MESSAGE_KEY, httpStatusFor, renderMessage,
  type TAccessCode, type TLanguage, type TMessageRef, type TServiceFailure,
} from '@portal/proto';

export interface RenderedEnvelope {
  status: number;
  body: { result: Record<string, unknown> };
}

/** 20000 with a payload. */
export function success(language: TLanguage, payload: unknown): RenderedEnvelope {
  const data = payload && typeof payload === 'object' && !Array.isArray(payload) ? payload : { data: payload };
  return {
    status: 200,
    body: { result: { ...data, access_status: { code: AccessCode.OK, message: renderMessage(language, 'status.ok') } } },
  };
}

/** A failure from a service (or the gateway), rendered in the request's language. */
export function failure(language: TLanguage, f: TServiceFailure, httpStatus?: number): RenderedEnvelope {
  const render = (m: TMessageRef) => renderMessage(language, m.key, m.params);
  const result: Record<string, unknown> = {
    ...(f.data ?? {}),
    access_status: { code: f.code, message: render(f.message) },
  };
  if (f.fields) {
    result.errors = Object.fromEntries(Object.entries(f.fields).map(([field, refs]) => [field, refs.map(render)]));
  }
  return { status: httpStatus ?? httpStatusFor(f.code), body: { result } };
}

export function simpleFailure(language: TLanguage, code: TAccessCode, key: string = DEFAULT_MESSAGE_KEY[code], httpStatus?: number): RenderedEnvelope {
  return failure(language, { code, message: { key } }, httpStatus);
}

/** An authorisation refusal: 40300, HTTP 403 (DESIGN §3; docs/decisions.md "Refusal codes"). */
export const forbidden = (language: TLanguage) => simpleFailure(language, AccessCode.FORBIDDEN);
/** An unknown /v1 route: 40404, HTTP 404. */
export const notFound = (language: TLanguage) => simpleFailure(language, AccessCode.NOT_FOUND);

/** How a service's successful reply with an object payload begins (JSON.stringify of `{ ok: true, data }`). */
const OK_OBJECT_PREFIX = Buffer.from('{"ok":true,"data":{');
const RESULT_PREFIX = Buffer.from('{"result":{');
const RESERVED_KEY = Buffer.from('"access_status"');
const statusSuffixes = new Map<TLanguage, { first: Buffer; more: Buffer }>();

/** `"access_status":{...}}}` in a language, with and without the comma after other members. */
function statusSuffix(language: TLanguage): { first: Buffer; more: Buffer } {
  let suffix = statusSuffixes.get(language);
  if (!suffix) {
    const status = `"access_status":${JSON.stringify({ code: AccessCode.OK, message: renderMessage(language, 'status.ok') })}}}`;
    suffix = { first: Buffer.from(status), more: Buffer.from(`,${status}`) };
    statusSuffixes.set(language, suffix);
  }
  return suffix;
}

/**
 * The 20000 envelope built from a service's reply bytes without parsing them: `{"ok":true,
 * "data":{…}}` becomes `{"result":{…,"access_status":{…}}}`, the bytes `success()` and Fastify's
 * JSON.stringify would give for the parsed reply (the data's members in the same order, then
 * access_status). Null for anything else (a failure, a payload that is not an object, or one that
 * names access_status anywhere): the caller parses the reply instead. The service built the JSON
 * with JSON.stringify, so it is well formed; parsing and re-serialising it was ~6% of the
 * gateway's CPU on the user list (docs/decisions.md, "Hardening: speed (third pass)").
 */
export function successFromReply(language: TLanguage, reply: Uint8Array): Buffer | null {
  const end = reply.length - 2;
  if (end < OK_OBJECT_PREFIX.length || reply[end] !== 0x7d || reply[end + 1] !== 0x7d) return null;
  const bytes = Buffer.from(reply.buffer, reply.byteOffset, reply.length);
  if (bytes.compare(OK_OBJECT_PREFIX, 0, OK_OBJECT_PREFIX.length, 0, OK_OBJECT_PREFIX.length) !== 0) return null;
  if (bytes.indexOf(RESERVED_KEY, OK_OBJECT_PREFIX.length) !== -1) return null;
  const members = bytes.subarray(OK_OBJECT_PREFIX.length, end);
  const suffix = statusSuffix(language);
  return Buffer.concat([RESULT_PREFIX, members, members.length ? suffix.more : suffix.first]);
}
