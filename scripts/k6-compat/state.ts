/**
 * Samples of one journey run (the k6 compatibility runner, run.ts). k6 keeps them per metric with
 * the sample's tags; thresholds may select a sub-metric by tag (`http_req_duration{name:login}`).
 */
export type MetricType = 'counter' | 'gauge' | 'rate' | 'trend';
export interface Sample { value: number; tags: Record<string, string> }
export interface MetricState { type: MetricType; samples: Sample[] }

export const registry = new Map<string, MetricState>();

export function metric(name: string, type: MetricType): MetricState {
  let m = registry.get(name);
  if (!m) {
    m = { type, samples: [] };
    registry.set(name, m);
  } else if (m.type !== type) {
    throw new Error(`k6-compat: metric ${name} is a ${m.type}, not a ${type}`);
  }
  return m;
}

export function addSample(name: string, type: MetricType, value: number | boolean, tags: Record<string, string> = {}): void {
  metric(name, type).samples.push({ value: typeof value === 'boolean' ? (value ? 1 : 0) : value, tags: { ...vu.tags, ...tags } });
}

/** The running VU: its number, iteration, group path and cookie jar reset between iterations. */
export const vu = { id: 1, iteration: 0, group: '', tags: {} as Record<string, string> };

export function resetRegistry(): void {
  registry.clear();
  for (const [name, type] of [['http_reqs', 'counter'], ['http_req_duration', 'trend'], ['http_req_failed', 'rate'], ['checks', 'rate'], ['iterations', 'counter'], ['iteration_duration', 'trend']] as const) metric(name, type);
}
