import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { z } from 'zod';

/**
 * Issue 24 item 6: the OpenTelemetry resource of one process, so that replicas can be told apart:
 * `service.name`, `service.instance.id` (the pod's name in Kubernetes, else host and pid and a
 * random suffix), `service.version`, `k8s.pod.name`, `k8s.namespace.name`, `k8s.node.name`.
 * The standard variables win: OTEL_RESOURCE_ATTRIBUTES (`key=value,...`, percent-encoded values)
 * over what the process finds, and OTEL_SERVICE_NAME over everything for `service.name`.
 */
export const ZTelemetryConfig = z.object({
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  OTEL_RESOURCE_ATTRIBUTES: z.string().optional(),
  /** The chart sets these from the downward API (metadata.name, metadata.namespace, spec.nodeName). */
  K8S_POD_NAME: z.string().min(1).optional(),
  K8S_NAMESPACE: z.string().min(1).optional(),
  K8S_NODE_NAME: z.string().min(1).optional(),
  /** The release's version (the chart: the image tag or the chart's appVersion). */
  SERVICE_VERSION: z.string().min(1).optional(),
});
export type TTelemetryConfig = z.infer<typeof ZTelemetryConfig>;

/** OTEL_RESOURCE_ATTRIBUTES as the specification reads it: comma-separated key=value, values percent-decoded; a malformed entry is skipped. */
export function parseResourceAttributes(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of (text ?? '').split(',')) {
    const at = entry.indexOf('=');
    if (at <= 0) continue;
    const key = entry.slice(0, at).trim();
    try {
      out[key] = decodeURIComponent(entry.slice(at + 1).trim());
    } catch {
      // not percent-decodable: skipped, as the SDKs do
    }
  }
  return out;
}

/** This process's instance id when nothing names it (a pod name does). */
const fallbackInstance = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;

export function telemetryResourceAttributes(serviceName: string, config: TTelemetryConfig = {}): Record<string, string> {
  const found: Record<string, string | undefined> = {
    'service.name': serviceName,
    'service.instance.id': config.K8S_POD_NAME ?? fallbackInstance,
    'service.version': config.SERVICE_VERSION,
    'k8s.pod.name': config.K8S_POD_NAME,
    'k8s.namespace.name': config.K8S_NAMESPACE,
    'k8s.node.name': config.K8S_NODE_NAME,
  };
  const attributes = Object.fromEntries(Object.entries(found).filter((e): e is [string, string] => e[1] !== undefined));
  Object.assign(attributes, parseResourceAttributes(config.OTEL_RESOURCE_ATTRIBUTES));
  if (config.OTEL_SERVICE_NAME) attributes['service.name'] = config.OTEL_SERVICE_NAME;
  return attributes;
}
