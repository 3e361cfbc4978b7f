import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushTelemetry, initTelemetry, shutdownTelemetry } from '@portal/service-common/telemetry';
import { startTestPortal, type TestPortal } from '../support/harness.js';
import { freePort } from '../support/ports.js';
import { ROOT } from '../../scripts/lib/root.js';

/**
 * Issue 15, item 4: a collector stand-in (an OTLP/HTTP receiver, JSON encoding as the
 * exporter-*-otlp-http packages send it) receives the portal's traces and metrics. One /v1 call
 * over NATS is one connected trace (caller -> gateway -> service -> PostgreSQL) and shows up in the
 * route's metrics.
 */
interface OtlpSpan { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number }
interface OtlpDataPoint { attributes?: Array<{ key: string; value: Record<string, unknown> }>; count?: string | number; asInt?: string | number; asDouble?: number }
interface OtlpMetric { name: string; unit?: string; histogram?: { dataPoints: OtlpDataPoint[] }; sum?: { dataPoints: OtlpDataPoint[] }; gauge?: { dataPoints: OtlpDataPoint[] } }

const received = { spans: [] as OtlpSpan[], metrics: [] as OtlpMetric[], serviceNames: new Set<string>(), traceResources: [] as Array<Record<string, unknown>> };
const resourceOf = (rs: { resource?: { attributes?: Array<{ key: string; value: Record<string, unknown> }> } }) =>
  Object.fromEntries((rs.resource?.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]]));

function receiver(): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, any[]>;
      if (req.url === '/v1/traces') {
        for (const rs of body.resourceSpans ?? []) {
          received.traceResources.push(resourceOf(rs));
          for (const ss of rs.scopeSpans ?? []) received.spans.push(...(ss.spans as OtlpSpan[]));
        }
      } else if (req.url === '/v1/metrics') {
        for (const rm of body.resourceMetrics ?? []) {
          for (const attr of rm.resource?.attributes ?? []) if (attr.key === 'service.name') received.serviceNames.add(attr.value.stringValue);
          for (const sm of rm.scopeMetrics ?? []) received.metrics.push(...(sm.metrics as OtlpMetric[]));
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
}

const attr = (p: OtlpDataPoint, key: string) => {
  const v = p.attributes?.find((a) => a.key === key)?.value;
  return v ? Object.values(v)[0] : undefined;
};
const points = (name: string) => received.metrics.filter((m) => m.name === name)
  .flatMap((m) => m.histogram?.dataPoints ?? m.sum?.dataPoints ?? m.gauge?.dataPoints ?? []);

describe('OpenTelemetry over OTLP/HTTP to a collector', () => {
  let server: Server;
  let portal: TestPortal;
  beforeAll(async () => {
    const port = await freePort();
    server = receiver();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    // The long interval keeps the periodic export out of the way: the test flushes.
    // Issue 24: the resource as a pod of the chart would have it, with the standard variables on top.
    initTelemetry({
      serviceName: 'portal', otlpEndpoint: `http://127.0.0.1:${port}`, metricsIntervalMs: 600_000,
      config: {
        K8S_POD_NAME: 'portal-gateway-7d9f8-x2x4q', K8S_NAMESPACE: 'portal', K8S_NODE_NAME: 'node-1', SERVICE_VERSION: '1.4.2',
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=staging,k8s.namespace.name=portal%2Dstaging', OTEL_SERVICE_NAME: 'portal-gateway',
      },
    });
    portal = await startTestPortal({ transport: 'nats' });
  });
  afterAll(async () => {
    await portal?.close();
    await shutdownTelemetry();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('one /v1 call is one connected trace, gateway -> NATS -> service -> PostgreSQL, and lands in the route metrics', async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const callerSpan = 'b7ad6b7169203331';
    const res = await portal.call('POST', '/v1/login', {
      body: { email: 'nobody@example.com', password: 'wrong-password-1', privacy_agreed: true },
      headers: { traceparent: `00-${traceId}-${callerSpan}-01` },
    });
    expect(res.status).toBeLessThan(500);
    await flushTelemetry();

    const spans = received.spans.filter((s) => s.traceId === traceId);
    const ids = new Set(spans.map((s) => s.spanId));
    // Connected: the gateway's span hangs under the caller's, every other span under one of the trace.
    const roots = spans.filter((s) => s.parentSpanId === callerSpan);
    expect(roots.map((s) => s.name)).toEqual(['POST /v1/login']);
    for (const s of spans) if (s !== roots[0]) expect(ids.has(s.parentSpanId ?? ''), `${s.name} has no parent in the trace`).toBe(true);
    const gateway = roots[0]!;
    const service = spans.find((s) => s.parentSpanId === gateway.spanId && s.name.startsWith('identity.'));
    expect(service, spans.map((s) => s.name).join(', ')).toBeDefined();
    const below = (parent: OtlpSpan): OtlpSpan[] => spans.filter((s) => s.parentSpanId === parent.spanId).flatMap((s) => [s, ...below(s)]);
    expect(below(service!).some((s) => s.name.startsWith('pg '))).toBe(true);

    const http = points('http.server.request.duration').filter((p) => attr(p, 'http.route') === '/v1/login');
    expect(http.length).toBeGreaterThan(0);
    expect(Number(http[0]!.count)).toBeGreaterThanOrEqual(1);
    expect(attr(http[0]!, 'http.request.method')).toBe('POST');
    expect(Number(attr(http[0]!, 'http.response.status_code'))).toBe(res.status);
    const nats = points('portal.nats.request.duration').filter((p) => String(attr(p, 'messaging.destination.name')).startsWith('identity.'));
    expect(nats.some((p) => attr(p, 'outcome') === 'ok')).toBe(true);
    expect(points('portal.db.connections.budget').some((p) => attr(p, 'service') === 'identity')).toBe(true);
    expect(received.serviceNames.has('portal-gateway')).toBe(true);
  });

  it('tells replicas apart: instance id, pod, namespace, node and version on the resource, OTEL_* honoured (issue 24)', () => {
    expect(received.traceResources.length).toBeGreaterThan(0);
    for (const resource of received.traceResources) {
      expect(resource).toMatchObject({
        'service.name': 'portal-gateway', 'service.instance.id': 'portal-gateway-7d9f8-x2x4q', 'service.version': '1.4.2',
        'k8s.pod.name': 'portal-gateway-7d9f8-x2x4q', 'k8s.node.name': 'node-1',
        // OTEL_RESOURCE_ATTRIBUTES wins over what the process found, percent-decoded.
        'k8s.namespace.name': 'portal-staging', 'deployment.environment.name': 'staging',
      });
    }
  });

  it('the Grafana dashboard queries only metrics the portal exports (as the collector names them in Prometheus)', async () => {
    const dashboard = JSON.parse(await readFile(join(ROOT, 'deploy', 'grafana-dashboard.json'), 'utf8')) as { panels: Array<{ targets: Array<{ expr: string }> }> };
    const queried = new Set(dashboard.panels.flatMap((p) => p.targets.flatMap((t) => t.expr.match(/\b(?:http_server|portal)_[a-z_]+/g) ?? [])));
    // OTLP -> Prometheus: dots to underscores, the unit as a suffix, _total on counters, histogram series.
    const prometheusNames = (m: OtlpMetric): string[] => {
      const base = m.name.replace(/\./g, '_') + (m.unit === 's' ? '_seconds' : '');
      if (m.histogram) return [`${base}_bucket`, `${base}_count`, `${base}_sum`];
      return m.sum ? [`${base}_total`] : [base];
    };
    const exported = new Set(received.metrics.flatMap(prometheusNames));
    // Instruments this test does not exercise (no job ran, no event dead-lettered), named the same way.
    for (const name of ['portal_outbox_lag_seconds_bucket', 'portal_events_dead_letters_total', 'portal_jobs_runs_total']) exported.add(name);
    expect([...queried].filter((name) => !exported.has(name))).toEqual([]);
    expect(queried.size).toBeGreaterThanOrEqual(7);
  });
});
