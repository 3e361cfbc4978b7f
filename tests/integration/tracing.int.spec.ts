import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { rootLogger } from '@portal/service-common/logger';
import { initTracing } from '@portal/service-common/tracing';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

/** Traces go from HTTP through NATS into the service: one trace, the service span a child of the gateway's. */
describe('OpenTelemetry across the transport', () => {
  const exporter = new InMemorySpanExporter();
  let portal: TestPortal;
  beforeAll(async () => {
    initTracing({ serviceName: 'test', spanProcessors: [new SimpleSpanProcessor(exporter)] });
    // One failed login locks an account, so identity writes a line inside a request (the trace id test).
    portal = await startTestPortal({ transport: 'nats', env: { LOCKOUT_THRESHOLD: '1' } });
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
    // Issue 24: the HTTP server span carries the semantic-convention attributes.
    expect(gateway?.attributes).toMatchObject({
      'http.request.method': 'GET', 'http.route': '/v1/maintenance/status', 'url.path': '/v1/maintenance/status', 'url.scheme': 'http',
      'server.address': 'localhost', 'network.protocol.version': '1.1', 'http.response.status_code': 200,
    });
    expect(typeof gateway?.attributes['server.port']).toBe('number');
  });

  it('writes the trace id on every access-log line and on the service\'s log lines of the request (issue 24)', async () => {
    const stream = (rootLogger as unknown as Record<symbol, { write(s: string): boolean }>)[pino.symbols.streamSym]!;
    const write = stream.write;
    const level = rootLogger.level;
    const lines: Record<string, unknown>[] = [];
    rootLogger.level = 'info';
    stream.write = (line: string) => {
      lines.push(JSON.parse(line) as Record<string, unknown>);
      return true;
    };
    const traceId = '5cf92f3577b34da6a3ce929d0e0e4737';
    try {
      // A wrong password that locks the account (identity logs it), with a caller's trace; an untraced call; one refused before routing (unknown host).
      await portal.call('POST', '/v1/login', { body: { email: 'user@example.com', password: 'wrong-password-1', privacy_agreed: true }, headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
      await portal.call('GET', '/v1/maintenance/status');
      await portal.call('GET', '/v1/maintenance/status', { host: 'unknown.example.net' });
    } finally {
      stream.write = write;
      rootLogger.level = level;
    }
    const access = lines.filter((l) => l.msg === 'request');
    expect(access.map((l) => l.status).slice(1)).toEqual([200, 404]);
    for (const l of access) expect(l.trace_id, JSON.stringify(l)).toMatch(/^[0-9a-f]{32}$/);
    expect(access[0]!.trace_id).toBe(traceId);
    expect(new Set(access.map((l) => l.trace_id)).size).toBe(3);
    // Every line of the traced request, in the gateway and in identity, carries its trace id.
    const request = lines.filter((l) => l.request_id === access[0]!.request_id);
    expect(request.find((l) => l.msg === 'account locked'), JSON.stringify(request)).toMatchObject({ service: 'portal', trace_id: traceId });
    for (const l of request) expect(l.trace_id, JSON.stringify(l)).toBe(traceId);
  });
});
