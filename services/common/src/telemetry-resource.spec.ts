import { describe, expect, it } from 'vitest';
import { parseResourceAttributes, telemetryResourceAttributes } from './telemetry-resource.js';

describe('the OpenTelemetry resource (issue 24: replicas told apart)', () => {
  it('names the pod as the instance, with namespace, node and version', () => {
    expect(telemetryResourceAttributes('licence', { K8S_POD_NAME: 'portal-licence-5c-abcde', K8S_NAMESPACE: 'portal', K8S_NODE_NAME: 'n1', SERVICE_VERSION: '2.0.0' })).toEqual({
      'service.name': 'licence', 'service.instance.id': 'portal-licence-5c-abcde', 'service.version': '2.0.0',
      'k8s.pod.name': 'portal-licence-5c-abcde', 'k8s.namespace.name': 'portal', 'k8s.node.name': 'n1',
    });
  });

  it('gives each process its own instance id outside Kubernetes', () => {
    const id = telemetryResourceAttributes('gateway')['service.instance.id']!;
    expect(id).toMatch(new RegExp(`-${process.pid}-[0-9a-f]{8}$`));
  });

  it('lets OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME win, percent-decoded, skipping malformed entries', () => {
    expect(parseResourceAttributes('a=1, b = x%2Cy ,broken,=nokey,c=%E0%A4%A')).toEqual({ a: '1', b: 'x,y' });
    const attributes = telemetryResourceAttributes('gateway', { K8S_NAMESPACE: 'portal', OTEL_RESOURCE_ATTRIBUTES: 'k8s.namespace.name=other,service.name=from-attrs,team=billing', OTEL_SERVICE_NAME: 'edge-gateway' });
    expect(attributes).toMatchObject({ 'k8s.namespace.name': 'other', team: 'billing', 'service.name': 'edge-gateway' });
    expect(telemetryResourceAttributes('gateway', { OTEL_RESOURCE_ATTRIBUTES: 'service.name=from-attrs' })['service.name']).toBe('from-attrs');
  });
});
