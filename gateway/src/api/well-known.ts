import type { FastifyInstance } from 'fastify';
import { API_ROUTES, Headers, PRODUCT_IDS, type TProductId } from '@portal/proto';
import type { Transport } from '@portal/service-common/transport/transport';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * /.well-known/jwks.json: the public keys that verify product SSO tokens (also at /v1/jwks.json).
 * Outside production, /dev/product/:product stands in for a product: it redeems the SSO token
 * once, as a product would, and shows who logged in.
 */
export function registerWellKnown(app: FastifyInstance, transport: Transport, development: boolean): void {
  const policy = { access: 'public' } as const;
  app.get('/.well-known/jwks.json', { config: { policy } }, async (request, reply) => {
    const answer = await transport.request<{ keys: unknown[] }>(API_ROUTES.jwks.subject, {}, { headers: { [Headers.requestId]: request.portal.requestId }, timeoutMs: 10_000 });
    if (!answer.ok) return reply.code(503).send({ keys: [] });
    return reply.header('cache-control', 'public, max-age=300').send(answer.data);
  });
  if (!development) return;
  app.get('/dev/product/:product', { config: { policy } }, async (request, reply) => {
    const { product } = request.params as { product: string };
    const { token } = request.query as { token?: string };
    if (!(PRODUCT_IDS as readonly string[]).includes(product) || !token) return reply.code(404).send('Unknown product');
    const answer = await transport.request<Record<string, unknown>>(API_ROUTES.ssoConsume.subject, { token, product: product as TProductId }, {
      headers: { [Headers.requestId]: request.portal.requestId, [Headers.language]: request.portal.language }, timeoutMs: 10_000,
    });
    const body = answer.ok
      ? `<h1>${escape(product)}: logged in</h1><pre>${escape(JSON.stringify(answer.data, null, 2))}</pre>`
      : `<h1>${escape(product)}: login refused</h1><p>${escape(answer.error.message.key)}</p>`;
    return reply.code(answer.ok ? 200 : 403).type('text/html; charset=utf-8').send(`<!doctype html><html><head><meta charset="utf-8"><title>${escape(product)} (sandbox product)</title><style>body{font:15px system-ui,sans-serif;margin:3rem auto;max-width:40rem}pre{background:#f4f5f9;padding:1rem;border-radius:8px}</style></head><body><p>Sandbox product (development only)</p>${body}</body></html>`);
  });
}
