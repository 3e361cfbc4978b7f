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

/** An authorisation refusal: HTTP 403 with the envelope (DESIGN §3). */
export const forbidden = (language: TLanguage) => simpleFailure(language, AccessCode.SERVER_ERROR, 'http.forbidden', 403);
/** An unknown /v1 route: HTTP 404 with the envelope. */
export const notFound = (language: TLanguage) => simpleFailure(language, AccessCode.SERVER_ERROR, 'http.not_found', 404);
