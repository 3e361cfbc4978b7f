import type { FastifyInstance } from 'fastify';
import { SERVICES, Subjects, Headers } from '@portal/proto';
import type { Transport } from '@portal/service-common/transport/transport';

/** /healthz: the process lives. /readyz: the transport carries messages and every service answers. */
export function registerHealth(app: FastifyInstance, transport: Transport): void {
  app.get('/healthz', { config: { policy: { access: 'public' } } }, async (_req, reply) => reply.send({ status: 'ok' }));
  app.get('/readyz', { config: { policy: { access: 'public' } } }, async (request, reply) => {
    const checks: Record<string, string> = { transport: transport.isReady() ? 'ok' : 'down' };
    await Promise.all(SERVICES.map(async (service) => {
      try {
        const answer = await transport.request<{ database: string }>(Subjects.health(service), {}, {
          headers: { [Headers.requestId]: request.portal.requestId }, timeoutMs: 2_000,
        });
        checks[service] = answer.ok ? answer.data.database : 'down';
      } catch {
        checks[service] = 'down';
      }
    }));
    const ready = Object.values(checks).every((v) => v === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  });
}
