/**
 * Scenario `maintenance-status`: GET /v1/maintenance/status through the whole distributed path:
 * HTTP -> gateway process -> NATS request-reply -> notification service process -> reply.
 * A fresh test database and a NATS namespace of its own; both are removed afterwards.
 */
import { randomBytes } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { Subjects } from '@portal/proto';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import { createBenchDatabase as createTestDatabase, TEST_NATS_URL } from './lib/database.js';
import { BENCH_ENV, CpuMeter, freePort, measure, natsServerPid, spawnScript, stopChild, waitForStatus, type Scenario } from './lib/harness.js';

const scenario = (name: string, description: string, coalesce: 'on' | 'off'): Scenario => ({
  name,
  description,
  async run(load) {
    const db = await createTestDatabase();
    const namespace = `bench${randomBytes(4).toString('hex')}`;
    const port = await freePort();
    const env = {
      ...BENCH_ENV,
      TRANSPORT: 'nats',
      NATS_URL: process.env.NATS_URL ?? TEST_NATS_URL,
      NATS_NAMESPACE: namespace,
      DATABASE_URL: db.url,
      RATE_LIMIT_PER_MINUTE: '100000000',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: undefined, // no trace export during the measurement
      COALESCE_READS: coalesce,
    };
    const service = spawnScript('scripts/run-service.ts', ['notification'], env, 'notification');
    const gateway = spawnScript('scripts/run-gateway.ts', [], env, 'gateway');
    try {
      const url = `http://127.0.0.1:${port}/v1/maintenance/status`;
      // /readyz stays 503 (only one of the five services runs); the route itself must answer.
      await waitForStatus(url, 200, { timeoutMs: 90_000, child: [service, gateway] });
      // Counts the NATS requests that reach the service subject while the load is measured (a plain
      // subscriber gets a copy of each; the service's queue group answers them).
      const counter = await connect({ servers: env.NATS_URL, name: 'bench-counter' });
      let natsRequests = 0;
      let counting = false;
      counter.subscribe(`${namespace}.${Subjects.notification.maintenanceStatus}`, { callback: () => { if (counting) natsRequests++; } });
      await counter.flush();
      const cpu = new CpuMeter({ gateway: gateway.pid, service: service.pid, 'nats-server': natsServerPid() });
      const result = await measure(name, url, load, {}, { beforeMeasure: async () => { counting = true; await cpu.start(); } });
      const perRequest = cpu.microsecondsPer(result.requests);
      counting = false;
      await counter.close();
      return {
        ...result,
        extra: {
          coalesce,
          nats_requests: natsRequests,
          http_per_nats_request: Math.round((result.requests / Math.max(1, natsRequests)) * 100) / 100,
          ...Object.fromEntries(Object.entries(perRequest).map(([k, v]) => [`cpu_us_per_request_${k}`, v])),
        },
      };
    } finally {
      await Promise.all([stopChild(gateway), stopChild(service)]);
      const cleaner = await NatsTransport.connect(env.NATS_URL, 'bench-cleanup', namespace).catch(() => undefined);
      if (cleaner) {
        await cleaner.destroyStream();
        await cleaner.drain();
      }
      await db.drop();
    }
  },
});

/** As served: identical concurrent status calls share one NATS round trip (route flag `coalesce`). */
export const maintenanceStatus = scenario(
  'maintenance-status',
  'GET /v1/maintenance/status: gateway -> NATS -> notification (each its own process), as served (coalesced)',
  'on',
);

/** The same path with coalescing off: one NATS request-reply per HTTP request. */
export const maintenanceStatusUncoalesced = scenario(
  'maintenance-status-1to1',
  'the same with coalescing off: one NATS request-reply per HTTP request',
  'off',
);
