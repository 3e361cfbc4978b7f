import { z } from 'zod';
import { API_ROUTE_LIST, ACCESS_CODES, type ApiRoute } from '@portal/proto';

const ENVELOPE_NOTE = 'Every answer is {"result": {"access_status": {"code", "message"}, ...payload}}; form errors (40011) add "errors".';

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
      default: { description: ENVELOPE_NOTE, content: { 'application/json': { schema: responseSchema } } },
    },
  };
}

/** The OpenAPI document of /v1, generated from the contracts in proto. */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of API_ROUTE_LIST) {
    const path = `/v1${route.path.replace(/:(\w+)/g, '{$1}')}`;
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Licence and account portal API', version: '1.0.0', description: ENVELOPE_NOTE },
    paths,
    components: {
      schemas: {
        AccessStatus: { type: 'object', properties: { code: { type: 'integer', enum: ACCESS_CODES }, message: { type: 'string' } }, required: ['code', 'message'] },
        FieldErrors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      },
    },
  };
}
