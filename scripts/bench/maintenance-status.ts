/**
 * Scenario `maintenance-status`: GET /v1/maintenance/status through the whole distributed path:
 * HTTP -> gateway process -> NATS request-reply -> notification service process -> reply.
 * A fresh test database and a NATS namespace of its own; both are removed afterwards.
 */
import { randomBytes } from 'node:crypto';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import { createTestDatabase, TEST_NATS_URL } from '../../tests/support/harness.js';
import { freePort, measure, spawnScript, stopChild, waitForStatus, type Scenario } from './lib/harness.js';

export const maintenanceStatus: Scenario = {
  name: 'maintenance-status',
  description: 'GET /v1/maintenance/status: gateway -> NATS -> notification (each its own process)',
  async run(load) {
    const db = await createTestDatabase();
    const namespace = `bench${randomBytes(4).toString('hex')}`;
    const port = await freePort();
    const env = {
      NODE_ENV: 'production',
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
    };
    const service = spawnScript('scripts/run-service.ts', ['notification'], env, 'notification');
    const gateway = spawnScript('scripts/run-gateway.ts', [], env, 'gateway');
    try {
      const url = `http://127.0.0.1:${port}/v1/maintenance/status`;
      // /readyz stays 503 (only one of the five services runs); the route itself must answer.
      await waitForStatus(url, 200, { timeoutMs: 90_000, child: [service, gateway] });
      return await measure(this.name, url, load);
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
};
