import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Headers, INTERNAL_ROUTES, ZEmbedOrigins, type TPolicy } from '@portal/proto';
import type { Transport } from '@portal/service-common/transport/transport';
import { send } from '../api/route-registrar.js';
import { forbidden } from '../http/envelope.js';
import { EMBED_SCRIPT } from './embed-script.js';

/** The embedded form's public /v1 calls (proto routes embedFormFields, embedFormSubmit). */
export const EMBED_API_PREFIX = '/v1/embed/';
const PUBLIC: TPolicy = { access: 'public' };

/**
 * Issue 14, slice C: the embeddable registration form.
 *
 * `/embed.js` renders the form inside the partner's page (no iframe: docs/decisions.md) and calls
 * `/v1/embed/*` across origins without cookies, the signed form token in the query string (so the
 * preflight carries it too) and, for the submit, in the body. Here the gateway answers CORS: only an
 * origin the token's partner registered gets `Access-Control-Allow-Origin`; a call from any other
 * origin is refused before it reaches a service (nothing is written). Calls without an Origin (no
 * browser) pass to the service, which still refuses a bad token.
 */
export function registerEmbedForm(app: FastifyInstance, transport: Transport, timeoutMs: number): void {
  app.get('/embed.js', { config: { policy: PUBLIC } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8')
      // Loaded by other sites' pages: readable cross-origin, cached briefly (a fix reaches pages within minutes).
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=300')
      .send(EMBED_SCRIPT));

  const allowedOrigins = async (request: FastifyRequest): Promise<string[]> => {
    const token = (request.query as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token || token.length > 400) return [];
    try {
      const answer = await transport.request<unknown>(INTERNAL_ROUTES.embedFormOrigins.subject, { token }, {
        headers: {
          [Headers.requestId]: request.portal.requestId, [Headers.region]: request.portal.locale.region,
          [Headers.language]: request.portal.language, [Headers.deadline]: String(Date.now() + timeoutMs),
        },
        timeoutMs,
      });
      return answer.ok ? ZEmbedOrigins.parse(answer.data).origins : [];
    } catch {
      return [];
    }
  };

  const refuse = (request: FastifyRequest, reply: FastifyReply) =>
    send(reply, forbidden(request.portal.language));

  // CORS for the embed calls: after the request context, before the policy and the handler. Callback
  // style, so that every other request passes at the cost of one prefix test (no promise).
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (!request.url.startsWith(EMBED_API_PREFIX) || !origin) { done(); return; }
    void allowedOrigins(request).then((allowed) => {
      if (!allowed.includes(origin)) { refuse(request, reply); return; }
      reply.header('access-control-allow-origin', origin).header('vary', 'origin');
      done();
    });
  });
  // The form token in the body must be the one the origin was admitted for.
  app.addHook('preHandler', (request, reply, done) => {
    if (request.url.startsWith(EMBED_API_PREFIX) && request.method === 'POST') {
      const query = (request.query as { token?: unknown } | undefined)?.token;
      const body = (request.body as { token?: unknown } | null | undefined)?.token;
      if (request.headers.origin && query !== body) { refuse(request, reply); return; }
    }
    done();
  });
  app.options(`${EMBED_API_PREFIX}*`, { config: { policy: PUBLIC } }, async (request, reply) =>
    // Reached only for an admitted origin (or none): the hook above refused the rest.
    reply.code(204)
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'content-type, x-language')
      .header('access-control-max-age', '600')
      .send());
}
