import { context, metrics, trace, SpanKind, SpanStatusCode, type Attributes, type Counter, type Histogram, type Meter } from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type MetricReader } from '@opentelemetry/sdk-metrics';
import pg from 'pg';
import { flushTracing, initTracing, shutdownTracing } from './tracing.js';
import { telemetryResourceAttributes, type TTelemetryConfig } from './telemetry-resource.js';

/**
 * OpenTelemetry metrics of one process (issue 15; docs/operations.md, "Metrics and traces"), next
 * to its traces (tracing.ts). Exported over OTLP/HTTP to `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/metrics`
 * every OTEL_METRIC_EXPORT_INTERVAL ms when an endpoint is set; otherwise the API's no-op meter
 * (an instrument call costs a function call).
 *
 * | instrument | kind | attributes |
 * |---|---|---|
 * | http.server.request.duration (s) | histogram | http.request.method, http.route, http.response.status_code |
 * | portal.nats.request.duration (s) | histogram | messaging.destination.name (subject), outcome |
 * | portal.outbox.lag (s) | histogram | service (created to published) |
 * | portal.outbox.published | counter | service |
 * | portal.events.dead_letters | counter | consumer |
 * | portal.jobs.runs, portal.jobs.duration (s) | counter, histogram | job, outcome |
 * | portal.db.connections.in_use, .budget | observable gauges | service |
 *
 * Request rate and error rate are the count of http.server.request.duration by status code.
 */
let provider: MeterProvider | undefined;
let cached: { meter: Meter; instruments: Instruments } | undefined;

interface Instruments {
  httpDuration: Histogram;
  natsDuration: Histogram;
  outboxLag: Histogram;
  outboxPublished: Counter;
  deadLetters: Counter;
  jobRuns: Counter;
  jobDuration: Histogram;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function instruments(): Instruments {
  // The global meter is a no-op until initMetrics; instruments are made against the current one.
  const meter = metrics.getMeter('portal');
  if (cached?.meter === meter) return cached.instruments;
  const seconds = (name: string, description: string, buckets = SECONDS_BUCKETS) =>
    meter.createHistogram(name, { description, unit: 's', advice: { explicitBucketBoundaries: buckets } });
  const made: Instruments = {
    httpDuration: seconds('http.server.request.duration', 'Duration of /v1 calls at the gateway, by route and status'),
    natsDuration: seconds('portal.nats.request.duration', 'NATS request-reply round trips, by subject'),
    outboxLag: seconds('portal.outbox.lag', 'Time from an outbox row being written to it being published', [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 60, 300]),
    outboxPublished: meter.createCounter('portal.outbox.published', { description: 'Outbox rows published' }),
    deadLetters: meter.createCounter('portal.events.dead_letters', { description: 'Events sent to the dead-letter subject' }),
    jobRuns: meter.createCounter('portal.jobs.runs', { description: 'Scheduled job runs, by job and outcome' }),
    jobDuration: seconds('portal.jobs.duration', 'Scheduled job run time', [0.1, 0.5, 1, 5, 10, 30, 60, 300]),
  };
  cached = { meter, instruments: made };
  return made;
}

/** Starts the metrics pipeline once per process: OTLP when an endpoint is given, plus any given readers (tests). */
export function initMetrics(options: { serviceName: string; otlpEndpoint?: string; intervalMs?: number; readers?: MetricReader[]; resource?: Record<string, string> }): void {
  if (provider) return;
  const readers: MetricReader[] = [
    ...(options.otlpEndpoint
      ? [new PeriodicExportingMetricReader({
          exporter: new OTLPMetricExporter({ url: `${options.otlpEndpoint.replace(/\/$/, '')}/v1/metrics` }),
          exportIntervalMillis: options.intervalMs ?? 15_000,
        })]
      : []),
    ...(options.readers ?? []),
  ];
  if (!readers.length) return;
  provider = new MeterProvider({ resource: resourceFromAttributes(options.resource ?? { 'service.name': options.serviceName }), readers });
  metrics.setGlobalMeterProvider(provider);
}

/** Exports what is pending (tests, and before a process exits). */
export async function flushMetrics(): Promise<void> {
  await provider?.forceFlush();
}

export async function shutdownMetrics(): Promise<void> {
  await provider?.shutdown();
  provider = undefined;
  cached = undefined;
  metrics.disable();
}

export function recordHttp(method: string, route: string, status: number, seconds: number): void {
  instruments().httpDuration.record(seconds, { 'http.request.method': method, 'http.route': route, 'http.response.status_code': status });
}

export function recordNatsRequest(subject: string, outcome: 'ok' | 'timeout' | 'no_responder' | 'responder_lost' | 'error', seconds: number): void {
  instruments().natsDuration.record(seconds, { 'messaging.destination.name': subject, outcome });
}

export function recordOutboxPublished(service: string, lagSeconds: number): void {
  const i = instruments();
  i.outboxPublished.add(1, { service });
  i.outboxLag.record(Math.max(0, lagSeconds), { service });
}

export function recordDeadLetter(consumer: string): void {
  instruments().deadLetters.add(1, { consumer });
}

export function recordJobRun(job: string, outcome: 'ok' | 'failed', seconds: number): void {
  const attributes: Attributes = { job, outcome };
  const i = instruments();
  i.jobRuns.add(1, attributes);
  i.jobDuration.record(seconds, attributes);
}

/** Connections in use and the budget (db/pool.ts ConnectionBudget), observed at each export. */
export function observePool(service: string, read: () => { inUse: number; max: number }): void {
  const meter = metrics.getMeter('portal');
  meter.createObservableGauge('portal.db.connections.in_use', { description: 'Database connections held by the service' })
    .addCallback((result) => result.observe(read().inUse, { service }));
  meter.createObservableGauge('portal.db.connections.budget', { description: 'DB_MAX_CONNECTIONS of the service' })
    .addCallback((result) => result.observe(read().max, { service }));
}

let pgPatched = false;
/**
 * A client span per PostgreSQL query, child of the active span (the service's handler span), so a
 * trace runs gateway -> NATS -> service -> PostgreSQL. Only the statement's first word is recorded
 * (never parameters). Patches pg's Client once; queries outside a recorded trace cost a check.
 */
export function instrumentPostgres(): void {
  if (pgPatched) return;
  pgPatched = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: unknown }).query = function patched(this: unknown, ...args: unknown[]) {
    const parent = trace.getActiveSpan();
    if (!parent?.isRecording()) return original.apply(this, args);
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text ?? '';
    const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
    const span = trace.getTracer('portal').startSpan(`pg ${operation}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation },
    }, context.active());
    const callback = args[args.length - 1];
    if (typeof callback === 'function') {
      // pg-pool's pool.query() calls client.query(text, values, callback).
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        if (error) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
        return (callback as (...a: unknown[]) => unknown)(error, ...rest);
      };
    }
    try {
      const result = original.apply(this, args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        return (result as Promise<unknown>).then(
          (value) => { span.end(); return value; },
          (error: unknown) => { span.setStatus({ code: SpanStatusCode.ERROR }); span.end(); throw error; },
        );
      }
      if (typeof callback !== 'function') span.end();
      return result;
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      throw error;
    }
  };
}

/**
 * Traces, metrics and PostgreSQL spans of one process, from its config (the entry scripts call
 * this once; tests pass their own span processors or metric readers through tracing/initMetrics).
 */
export function initTelemetry(options: { serviceName: string; otlpEndpoint?: string; metricsIntervalMs?: number; config?: TTelemetryConfig }): void {
  // Issue 24: one resource for traces and metrics, telling replicas apart (telemetry-resource.ts).
  const resource = telemetryResourceAttributes(options.serviceName, options.config);
  initTracing({ serviceName: options.serviceName, otlpEndpoint: options.otlpEndpoint, resource });
  initMetrics({ serviceName: options.serviceName, otlpEndpoint: options.otlpEndpoint, intervalMs: options.metricsIntervalMs, resource });
  instrumentPostgres();
}

/** Exports pending spans and metrics now. */
export async function flushTelemetry(): Promise<void> {
  await Promise.all([flushTracing(), flushMetrics()]);
}

export async function shutdownTelemetry(): Promise<void> {
  await Promise.allSettled([shutdownTracing(), shutdownMetrics()]);
}
