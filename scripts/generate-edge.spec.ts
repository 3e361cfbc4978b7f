import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_PATHS, SPA_SECURITY_HEADERS, spaContentSecurityPolicy } from '@portal/proto';
import { registerSecurityHeaders } from '../gateway/src/http/security-headers.js';
import { CHART_MATRIX, renderChart, type K8sObject } from './lib/chart-matrix.js';
import { helmBinary } from './lib/helm.js';
import { ROOT } from './lib/root.js';
import { EDGE_FILE, edgeJson } from './generate-edge.js';

/**
 * Issue 24, item 5: one CSP source (proto/src/edge.ts) for the gateway, the chart's web nginx and
 * the documented CDN headers, and an Ingress that sends every gateway path to the gateway.
 */

/** The `add_header name "value" always;` lines of one nginx `location` block. */
function locationHeaders(nginx: string, location: string): Record<string, string> {
  const start = nginx.indexOf(`location ${location} {`);
  expect(start, `location ${location}`).toBeGreaterThanOrEqual(0);
  const end = nginx.slice(start).search(/\n\s*\}/);
  const block = nginx.slice(start, start + end);
  const out: Record<string, string> = {};
  for (const m of block.matchAll(/add_header\s+(\S+)\s+(?:"([^"]*)"|(\S+))\s+always;/g)) out[m[1]!.toLowerCase()] = m[2] ?? m[3]!;
  return out;
}

describe('the edge: headers and paths from proto', () => {
  const rendered: Record<string, K8sObject[]> = {};
  let gatewayHeaders: Record<string, string>;
  let gatewayAssetHeaders: Record<string, string | undefined>;
  beforeAll(async () => {
    await helmBinary();
    for (const name of ['spa', 'split-origin']) rendered[name] = await renderChart(['-f', CHART_MATRIX[name]!]);
    // The gateway's own hook, on a bare Fastify: what it sends with a page of the SPA.
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/*', async () => 'page');
    const res = await app.inject({ method: 'GET', url: '/paymentmethod_confirm' });
    gatewayHeaders = Object.fromEntries(Object.keys(SPA_SECURITY_HEADERS).map((name) => [name, String(res.headers[name])]));
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    gatewayAssetHeaders = Object.fromEntries(Object.keys(SPA_SECURITY_HEADERS).map((name) => [name, asset.headers[name] as string | undefined]).filter(([, v]) => v !== undefined));
    await app.close();
  }, 60_000);

  it('charts/portal/files/edge.json is what scripts/generate-edge.ts writes from proto (run it after changing proto/src/edge.ts)', async () => {
    expect(await readFile(EDGE_FILE, 'utf8')).toBe(edgeJson());
  });

  it("the chart's nginx sends the SPA's pages exactly the gateway's headers, GMO's script, frame and connect origins included", () => {
    const web = rendered.spa!.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'portal-web')!;
    const nginx = locationHeaders(web.data!['nginx.conf']!, '/');
    const { 'cache-control': cacheControl, ...security } = nginx;
    expect(cacheControl).toBe('no-cache');
    expect(security).toEqual(gatewayHeaders);
    expect(gatewayHeaders['content-security-policy']).toMatch(/script-src 'self' https:\/\/static\.mul-pay\.jp https:\/\/stg\.static\.mul-pay\.jp;/);
    expect(gatewayHeaders['content-security-policy']).toMatch(/frame-src https:\/\/p01\.mul-pay\.jp https:\/\/pt01\.mul-pay\.jp;/);
    expect(gatewayHeaders['content-security-policy']).toMatch(/connect-src 'self' https:\/\/p01\.mul-pay\.jp https:\/\/pt01\.mul-pay\.jp$/);
  });

  it('hashed assets: nginx and the gateway send the same lean set (no CSP on a script file)', () => {
    const web = rendered.spa!.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'portal-web')!;
    const { 'cache-control': cacheControl, ...security } = locationHeaders(web.data!['nginx.conf']!, '/assets/');
    expect(cacheControl).toBe('public, max-age=31536000, immutable');
    expect(security).toEqual(gatewayAssetHeaders);
    expect(security['x-content-type-options']).toBe('nosniff');
    expect(security['content-security-policy']).toBeUndefined();
  });

  it('a split origin: the same headers, with the API origin added to connect-src only', () => {
    const web = rendered['split-origin']!.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'portal-web')!;
    const nginx = locationHeaders(web.data!['nginx.conf']!, '/');
    expect(nginx['content-security-policy']).toBe(spaContentSecurityPolicy(['https://api.example.jp']));
    expect(nginx['content-security-policy']).toBe(`${gatewayHeaders['content-security-policy']} https://api.example.jp`);
    for (const [name, value] of Object.entries(gatewayHeaders)) if (name !== 'content-security-policy') expect(nginx[name], name).toBe(value);
  });

  it.each(['spa', 'split-origin'])('%s: the Ingress sends /v1, /ingest, /embed.js, /.well-known, /sso and every other gateway path to the gateway, the rest to the web pod, on every host', (name) => {
    const ingress = rendered[name]!.find((o) => o.kind === 'Ingress')!;
    expect(ingress.spec.rules.length).toBeGreaterThan(0);
    for (const rule of ingress.spec.rules as Array<{ http: { paths: Array<{ path: string; pathType: string; backend: { service: { name: string } } }> } }>) {
      const routes = rule.http.paths.map((p) => `${p.pathType} ${p.path} -> ${p.backend.service.name}`);
      expect(routes).toEqual([...GATEWAY_PATHS.map((p) => `${p.pathType} ${p.path} -> portal-gateway`), 'Prefix / -> portal-web']);
    }
    expect(GATEWAY_PATHS.map((p) => p.path)).toEqual(expect.arrayContaining(['/v1', '/ingest', '/embed.js', '/.well-known', '/sso']));
  });

  it('docs/operations.md gives a CDN the same headers (split origin: the API origin in connect-src)', async () => {
    const doc = await readFile(join(ROOT, 'docs', 'operations.md'), 'utf8');
    const section = doc.slice(doc.indexOf('### The SPA on a CDN'), doc.indexOf('\n### ', doc.indexOf('### The SPA on a CDN') + 5));
    const headers = { ...SPA_SECURITY_HEADERS, 'content-security-policy': spaContentSecurityPolicy(['https://api.portal.example.jp']) };
    for (const [name, value] of Object.entries(headers)) expect(section, name).toContain(`${name}: ${value}\n`);
    for (const p of GATEWAY_PATHS) expect(section, p.path).toContain(`\`${p.path}\``);
  });
});
