import { context, propagation, trace, SpanKind, SpanStatusCode, type Attributes, type Span, type Context } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { AlwaysOffSampler, BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';

let provider: NodeTracerProvider | undefined;

/**
 * Starts OpenTelemetry once per process. Trace context always flows (trace ids reach the logs and
 * the message headers). Spans are recorded only when something consumes them (an OTLP endpoint or
 * a given processor); otherwise they are non-recording, which costs a fraction of a recorded span
 * on every request and keeps the same trace and span ids in headers and logs.
 */
export function initTracing(options: { serviceName: string; otlpEndpoint?: string; spanProcessors?: SpanProcessor[]; resource?: Record<string, string> }): void {
  if (provider) return;
  const spanProcessors: SpanProcessor[] = [
    ...(options.otlpEndpoint ? [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.otlpEndpoint.replace(/\/$/, '')}/v1/traces` }))] : []),
    ...(options.spanProcessors ?? []),
  ];
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes(options.resource ?? { 'service.name': options.serviceName }),
    spanProcessors,
    ...(spanProcessors.length ? {} : { sampler: new AlwaysOffSampler() }),
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
}

/** Exports the finished spans now (tests; before a process exits). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush();
}

export async function shutdownTracing(): Promise<void> {
  await provider?.shutdown();
  provider = undefined;
}

export const tracer = () => trace.getTracer('portal');

/** Writes the active trace context into message headers. */
export function injectTrace(headers: Record<string, string>, ctx: Context = context.active()): void {
  propagation.inject(ctx, headers);
}

/** Reads a trace context from message headers. */
export function extractTrace(headers: Record<string, string | undefined>): Context {
  return propagation.extract(context.active(), headers, {
    get: (carrier, key) => carrier[key],
    keys: (carrier) => Object.keys(carrier),
  });
}

/** Runs `fn` in a span, recording failures. */
export async function inSpan<T>(name: string, kind: SpanKind, parent: Context, fn: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { kind }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

export { SpanKind, SpanStatusCode, context as otelContext, trace as otelTrace, type Span, type Attributes };
