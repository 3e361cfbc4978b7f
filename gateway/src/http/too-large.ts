import type { FastifyRequest } from 'fastify';
import { AccessCode, type TLanguage } from '@portal/proto';
import { failure, type RenderedEnvelope } from './envelope.js';

/** Fastify's and @fastify/multipart's refusals of a body or file over the gateway's limits. */
const TOO_LARGE = new Set(['FST_ERR_CTP_BODY_TOO_LARGE', 'FST_REQ_FILE_TOO_LARGE', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * A body or file over the limits (JSON_BODY_MAX_BYTES, UPLOAD_MAX_BYTES) is a form error with the
 * route's own message on its field (proto ApiRoute.tooLarge: csv.too_large on `file` for the CSV
 * invite, logo.volume on `logo` for the company), so the page shows the spec's text where the
 * user chose the file; other routes say `http.too_large`. Null for any other error.
 */
export function tooLargeFailure(error: { code?: string; statusCode?: number }, request: FastifyRequest, language: TLanguage): RenderedEnvelope | null {
  if (!(error.code && TOO_LARGE.has(error.code)) && error.statusCode !== 413) return null;
  const spec = request.routeOptions?.config?.tooLarge;
  const key = spec?.key ?? 'http.too_large';
  return failure(language, { code: AccessCode.FORM_ERROR, message: { key }, fields: spec ? { [spec.field]: [{ key }] } : undefined });
}
