import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { helm } from './helm.js';
import { ROOT } from './root.js';

/**
 * The chart's test matrix: one values file per configuration in charts/portal/ci/ (the
 * chart-testing convention, `<name>-values.yaml`), shared by the helm test
 * (tests/integration/helm-chart.int.spec.ts) and the Kubernetes schema validation
 * (scripts/chart-schemas.spec.ts). Adding a file adds a configuration to both.
 */
export const CHART = join(ROOT, 'charts', 'portal');
const CI = join(CHART, 'ci');

export const CHART_MATRIX: Readonly<Record<string, string>> = Object.freeze(Object.fromEntries(
  readdirSync(CI).filter((f) => f.endsWith('-values.yaml')).sort().map((f) => [f.replace(/-values\.yaml$/, ''), join(CI, f)]),
));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rendered Kubernetes objects of any kind
export interface K8sObject { apiVersion: string; kind: string; metadata: { name: string; annotations?: Record<string, string>; labels?: Record<string, string> }; spec?: any; data?: Record<string, string>; stringData?: unknown }

/** `helm template` of the chart with these arguments, as parsed objects. */
export async function renderChart(args: readonly string[]): Promise<K8sObject[]> {
  const res = await helm(['template', 'portal', CHART, '--namespace', 'portal', ...args]);
  if (res.code !== 0) throw new Error(res.stderr);
  return parseAllDocuments(res.stdout).map((d) => d.toJS() as K8sObject | null).filter((o): o is K8sObject => Boolean(o));
}
