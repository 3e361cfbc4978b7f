import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { initTracing } from '@portal/service-common/tracing';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

/** Traces go from HTTP through NATS into the service: one trace, the service span a child of the gateway's. */
describe('OpenTelemetry across the transport', () => {
  const exporter = new InMemorySpanExporter();
  let portal: TestPortal;
  beforeAll(async () => {
    initTracing({ serviceName: 'test', spanProcessors: [new SimpleSpanProcessor(exporter)] });
    portal = await startTestPortal({ transport: 'nats' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('continues the caller trace in the gateway and in the service over NATS', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await portal.call('GET', '/v1/maintenance/status', { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    expect(res.status).toBe(200);
    const spans = await eventually(async () => {
      const found = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
      return found.length >= 2 ? found : undefined;
    });
    const gateway = spans.find((s) => s.name === 'GET /v1/maintenance/status');
    const service = spans.find((s) => s.name === 'notification.maintenance.status');
    expect(gateway?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(service?.parentSpanContext?.spanId).toBe(gateway?.spanContext().spanId);
  });
});
