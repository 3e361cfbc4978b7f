import { beforeAll, describe, expect, it } from 'vitest';
import { CHART_MATRIX, renderChart, type K8sObject } from './lib/chart-matrix.js';
import { helmBinary } from './lib/helm.js';

/**
 * Issue 24, item 9: every object the chart renders, for every values file of its test matrix
 * (charts/portal/ci), validated against the Kubernetes OpenAPI schemas (the `kubernetes-models`
 * package: one validator per apiVersion and kind, generated from the Kubernetes OpenAPI document),
 * beyond `helm lint`, which checks the values schema and the YAML but not what a cluster accepts.
 * No cluster or kubectl is needed (`kubectl --dry-run=client` needs an API server).
 */
interface Validatable { validate(): void }
type ModelClass = new (data: unknown) => Validatable;

/** The model class of an object, by its apiVersion and kind (`apps/v1` Deployment -> kubernetes-models/apps/v1/Deployment). */
async function modelFor(apiVersion: string, kind: string): Promise<ModelClass> {
  const specifier = `kubernetes-models/${apiVersion.includes('/') ? apiVersion : 'v1'}/${kind}`;
  const mod = (await import(/* @vite-ignore */ specifier)) as Record<string, ModelClass>;
  const model = mod[kind];
  if (!model) throw new Error(`no Kubernetes model for ${apiVersion} ${kind}`);
  return model;
}

/** What a cluster would refuse in `o`: schema errors, plus the name rules the schemas do not carry. */
async function problems(o: K8sObject): Promise<string[]> {
  const out: string[] = [];
  const where = `${o.apiVersion} ${o.kind} ${o.metadata?.name}`;
  try {
    const Model = await modelFor(o.apiVersion, o.kind);
    new Model(o).validate();
  } catch (error) {
    out.push(`${where}: ${(error as Error).message}`);
  }
  // RFC 1123 names (Services and most kinds need a DNS label: 63 characters at most).
  if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(o.metadata?.name ?? '') || (o.metadata?.name ?? '').length > 63) out.push(`${where}: invalid name`);
  for (const [key, value] of Object.entries(o.metadata?.labels ?? {})) {
    if (String(value).length > 63 || !/^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/.test(String(value))) out.push(`${where}: label ${key}=${value}`);
  }
  return out;
}

describe('charts/portal: rendered manifests against the Kubernetes schemas', () => {
  const rendered: Record<string, K8sObject[]> = {};
  beforeAll(async () => {
    await helmBinary();
    const entries = await Promise.all(Object.entries(CHART_MATRIX).map(async ([name, file]) => [name, await renderChart(['-f', file])] as const));
    for (const [name, objects] of entries) rendered[name] = objects;
  }, 60_000);

  it('has a matrix of values files', () => {
    expect(Object.keys(CHART_MATRIX).length).toBeGreaterThanOrEqual(5);
  });

  it.each(Object.keys(CHART_MATRIX))('%s: every rendered object is valid for its apiVersion and kind', async (name) => {
    const objects = rendered[name]!;
    expect(objects.length).toBeGreaterThan(5);
    const found = (await Promise.all(objects.map(problems))).flat();
    expect(found).toEqual([]);
  });

  it('the validation refuses what a cluster would refuse', async () => {
    const deployment = rendered[Object.keys(CHART_MATRIX)[0]!]!.find((o) => o.kind === 'Deployment')!;
    const broken = structuredClone(deployment);
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    expect((await problems(broken)).join('\n')).toMatch(/containerPort must be integer/);
    const noSelector = structuredClone(deployment);
    delete noSelector.spec.selector;
    expect((await problems(noSelector)).join('\n')).toMatch(/selector/);
    expect((await problems({ ...deployment, metadata: { ...deployment.metadata, name: 'Portal_Gateway' } })).join('\n')).toMatch(/invalid name/);
    expect((await problems({ ...deployment, kind: 'Deploymnet' })).join('\n')).toMatch(/Deploymnet/);
  });
});
