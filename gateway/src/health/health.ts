import type { FastifyInstance } from 'fastify';
import { SERVICES, Subjects, Headers, ZHealth, type TServiceName } from '@portal/proto';
import type { Transport } from '@portal/service-common/transport/transport';

/** The probes: answered whatever the Host (kubelet probes by the pod's address). */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

/** How long /readyz waits for one service's health answer (a dead service answers "no responders" at once). */
const SERVICE_CHECK_MS = 2_000;

/** One dependency as the gateway sees it: `ok`, `down`, or `maintenance` (the service says so). */
export interface DependencyStatus {
  status: 'ok' | 'down' | 'maintenance';
  /** Round trip of the health check, when the service answered. */
  latency_ms?: number;
  /** The service's own database, as it reported it. */
  database?: 'ok' | 'down';
  error?: string;
}

async function checkService(transport: Transport, service: TServiceName, requestId: string): Promise<DependencyStatus> {
  const started = performance.now();
  try {
    const answer = await transport.request<unknown>(Subjects.health(service), {}, { headers: { [Headers.requestId]: requestId }, timeoutMs: SERVICE_CHECK_MS });
    const latency_ms = Math.round(performance.now() - started);
    const health = answer.ok ? ZHealth.safeParse(answer.data) : undefined;
    if (!health?.success) return { status: 'down', latency_ms, error: 'unexpected health answer' };
    if (health.data.maintenance) return { status: 'maintenance', latency_ms, database: health.data.database };
    return { status: health.data.database === 'ok' ? 'ok' : 'down', latency_ms, database: health.data.database };
  } catch (error) {
    return { status: 'down', error: error instanceof Error ? error.name : 'unreachable' };
  }
}

/**
 * /healthz: the process lives. /readyz: the gateway can serve, i.e. its transport carries
 * messages (issue 24 item 3: one service down is not an outage, so a service being down never
 * makes the gateway unready; that service's routes answer 50000 at once, or 50001 while it reports
 * maintenance). The body reports every dependency: `checks` (one word each) and `dependencies`
 * (status, latency, the service's database). `/readyz?all=true` is 200 only when every dependency
 * is ok: for a smoke check after a deployment, and for tests that wait for the whole portal.
 */
export function registerHealth(app: FastifyInstance, transport: Transport): void {
  app.get('/healthz', { config: { policy: { access: 'public' } } }, async (_req, reply) => reply.send({ status: 'ok' }));
  app.get('/readyz', { config: { policy: { access: 'public' } } }, async (request, reply) => {
    const dependencies: Record<string, DependencyStatus> = { transport: { status: transport.isReady() ? 'ok' : 'down' } };
    const results = await Promise.all(SERVICES.map((service) => checkService(transport, service, request.portal.requestId)));
    SERVICES.forEach((service, i) => { dependencies[service] = results[i]!; });
    const checks = Object.fromEntries(Object.entries(dependencies).map(([name, d]) => [name, d.status]));
    const all = (request.query as Record<string, string | undefined>).all === 'true';
    const ready = all ? Object.values(dependencies).every((d) => d.status === 'ok') : dependencies.transport!.status === 'ok';
    return reply.code(ready ? 200 : 503).header('cache-control', 'no-store').send({ status: ready ? 'ready' : 'not_ready', checks, dependencies });
  });
}
