import { z } from 'zod';
import { API_ROUTE_LIST, ACCESS_CODES, ACCESS_CODE_MEANINGS, AccessCode, httpStatusFor, type ApiRoute, type TAccessCode } from '@portal/proto';

const ENVELOPE_NOTE = 'Every answer is {"result": {"access_status": {"code", "message"}, ...payload}}; form errors (40011) add "errors". The HTTP status follows the code (components.schemas.AccessStatus); refusals have codes of their own: 40300 forbidden, 40404 not found, 42900 rate limited.';

/** The content type each download kind (ApiRoute.download) answers. */
const DOWNLOAD_TYPES: Record<NonNullable<ApiRoute['download']>['kind'], string> = { zip: 'application/zip', csv: 'text/csv' };

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
}

function operation(route: ApiRoute) {
  const input = jsonSchema(route.request);
  const inQuery = route.method === 'GET' || route.method === 'DELETE';
  const properties = (input.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((input.required as string[] | undefined) ?? []);
  const responseSchema = {
    type: 'object',
    properties: {
      result: {
        allOf: [
          jsonSchema(route.response),
          { type: 'object', properties: { access_status: { $ref: '#/components/schemas/AccessStatus' }, errors: { $ref: '#/components/schemas/FieldErrors' } }, required: ['access_status'] },
        ],
      },
    },
    required: ['result'],
  };
  return {
    summary: route.summary,
    'x-policy': route.policy,
    ...(inQuery
      ? { parameters: Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema })) }
      : { requestBody: { required: true, content: { 'application/json': { schema: input } } } }),
    responses: {
      200: route.download
        // Issue 23: a download route answers the file itself, streamed, not the envelope; a refusal is the envelope.
        ? { description: `The ${route.download.kind} file, streamed (not the envelope).`, content: { [DOWNLOAD_TYPES[route.download.kind]]: { schema: { type: 'string', format: 'binary' } } } }
        : { description: 'Success (20000).', content: { 'application/json': { schema: responseSchema } } },
      ...(route.policy.access === 'public' ? {} : { 401: { $ref: '#/components/responses/TokenExpired' }, 403: { $ref: '#/components/responses/Forbidden' } }),
      404: { $ref: '#/components/responses/NotFound' },
      422: { $ref: '#/components/responses/FormError' },
      429: { $ref: '#/components/responses/RateLimited' },
      default: { $ref: '#/components/responses/Failure' },
    },
  };
}

/** A failure answer: the envelope with the code's meaning. */
function failureResponse(codes: TAccessCode[]) {
  return {
    description: codes.map((code) => `${code}: ${ACCESS_CODE_MEANINGS[code]}`).join(' '),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
  };
}

/** The OpenAPI document of /v1, generated from the contracts in proto. */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const openApiPath = (path: string) => `/v1${path.replace(/:(\w+)/g, '{$1}')}`;
  for (const route of API_ROUTE_LIST) {
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation(route);
    // Issue 22: an earlier path of the call, served alike and marked deprecated, naming the route.
    for (const alias of route.aliases ?? []) {
      (paths[openApiPath(alias.path)] ??= {})[alias.method.toLowerCase()] = {
        ...operation({ ...route, method: alias.method }),
        deprecated: true,
        summary: `Alias of ${route.method} ${openApiPath(route.path)}, kept for earlier callers. ${route.summary}`,
        'x-alias-of': `${route.method} ${openApiPath(route.path)}`,
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Licence and account portal API', version: '1.0.0', description: ENVELOPE_NOTE },
    paths,
    components: {
      schemas: {
        AccessStatus: {
          type: 'object',
          properties: {
            code: {
              type: 'integer',
              oneOf: ACCESS_CODES.map((code) => ({ const: code, description: `${ACCESS_CODE_MEANINGS[code]} HTTP ${httpStatusFor(code)}.` })),
            },
            message: { type: 'string', description: 'Localised text for the user, in the request\'s language.' },
          },
          required: ['code', 'message'],
        },
        FieldErrors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        Envelope: {
          type: 'object',
          properties: {
            result: {
              type: 'object',
              properties: { access_status: { $ref: '#/components/schemas/AccessStatus' }, errors: { $ref: '#/components/schemas/FieldErrors' } },
              required: ['access_status'],
            },
          },
          required: ['result'],
        },
      },
      responses: {
        TokenExpired: failureResponse([AccessCode.TOKEN_EXPIRED]),
        Forbidden: failureResponse([AccessCode.FORBIDDEN, AccessCode.IP_RESTRICTED, AccessCode.PROXY_FORBIDDEN]),
        NotFound: failureResponse([AccessCode.NOT_FOUND]),
        FormError: failureResponse([AccessCode.FORM_ERROR]),
        RateLimited: failureResponse([AccessCode.RATE_LIMITED]),
        Failure: failureResponse([AccessCode.REPEATED_SYNC, AccessCode.SERVER_ERROR, AccessCode.MAINTENANCE]),
      },
    },
  };
}
