import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { DEV_SECRETS } from '@portal/service-common/dev-secrets';
import { productionProblems, type GuardedProcess } from '@portal/service-common/production-guard';
import { startService } from '@portal/service-common/service-module';
import { InProcessTransport } from '@portal/service-common/transport/in-process.transport';
import { bootstrapOperator } from '../../scripts/bootstrap-operator.js';
import { startGatewayProcess } from '../../scripts/lib/gateway-process.js';
import { helm, helmBinary } from '../../scripts/lib/helm.js';
import { ROOT } from '../../scripts/lib/root.js';
import { SERVICE_DEFINITIONS } from '../../scripts/lib/services.js';
import { seedMode } from '../../scripts/migrate.js';
import { seedReferenceData } from '../../scripts/reference-data.js';
import { DEMO_ACCOUNTS } from '../../scripts/seed.js';
import { Agent, mailTo } from '../support/agent.js';
import { createTestDatabase, startTestPortal, type TestDatabase, type TestPortal } from '../support/harness.js';

/**
 * Issue 24, "Done means": the chart's configuration for production (helm template with a
 * production values file, NODE_ENV=production from the chart's defaults, the real adapters with
 * dummy endpoints that nothing calls here) put into the portal's processes on this machine, on a
 * database with migrations and the reference data only (what the migration Job's SEED installs).
 * In-process: one process's bootstrap per component (the same startService and guard), the
 * gateway's own entry spawned once for its refusal.
 */
const CHART = join(ROOT, 'charts', 'portal');
const PUBLIC_URL = 'https://portal.example.test';
/** The install's host (HOST_MAP): any other Host is answered 404 (issue 24). */
const HOST = 'portal.example.test';
const US_URL = 'https://us.portal.example.test';
/** Nothing listens here: an adapter that called out would fail, and none is called. */
const DUMMY = 'http://127.0.0.1:9';

const VALUES = `
database: { existingSecret: portal-db }
principalSecret: { existingSecret: portal-secrets, key: PRINCIPAL_SECRET }
productKeySecret: { existingSecret: portal-secrets, key: PRODUCT_KEY_SECRET }
config:
  PUBLIC_URL: ${PUBLIC_URL}
  PUBLIC_URLS: '{"usa": "${US_URL}"}'
  HOST_MAP: '{"portal.example.test": {"region": "jpn"}, "us.portal.example.test": {"region": "usa"}}'
  GMO_SHOP_ID: tshop00000001
  GMO_SITE_ID: tsite00000001
  GMO_API_URL: ${DUMMY}/gmo
  NTA_API_URL: ${DUMMY}/nta
  PRODUCT_CONNECTION_URL: ${DUMMY}/products
  PRODUCT_ACCOUNTS_URL: ${DUMMY}/products
extraSecretEnv:
  - { name: GMO_SHOP_PASS, secretName: portal-secrets, key: GMO_SHOP_PASS }
  - { name: GMO_SITE_PASS, secretName: portal-secrets, key: GMO_SITE_PASS }
  - { name: NTA_APP_ID, secretName: portal-secrets, key: NTA_APP_ID }
  - { name: PRODUCT_ACCOUNTS_API_KEY, secretName: portal-secrets, key: PRODUCT_ACCOUNTS_API_KEY }
`;
/** What the install's Secrets hold. */
const SECRETS: Record<string, string> = {
  PRINCIPAL_SECRET: 'a-production-principal-secret-of-32-chars-or-more',
  PRODUCT_KEY_SECRET: 'ab'.repeat(32),
  GMO_SHOP_PASS: 'shop-pass', GMO_SITE_PASS: 'site-pass', NTA_APP_ID: 'nta-app', PRODUCT_ACCOUNTS_API_KEY: 'products-key',
};

type Env = Record<string, string>;
interface K8sObject { kind: string; metadata: { name: string }; spec?: any; data?: Record<string, string> }

/** Each component's environment as Kubernetes would give it: the ConfigMap, then the container's env (secrets resolved). */
function environments(objects: K8sObject[]): Record<string, Env> {
  const configMap = objects.find((o) => o.kind === 'ConfigMap')?.data ?? {};
  const out: Record<string, Env> = {};
  for (const o of objects.filter((x) => x.kind === 'Deployment' || x.kind === 'Job')) {
    const container = o.spec.template.spec.containers[0];
    const env: Env = container.envFrom?.some((e: any) => e.configMapRef) ? { ...configMap } : {};
    for (const e of container.env ?? []) {
      const key = e.valueFrom?.secretKeyRef?.key as string | undefined;
      // The downward API (issue 24's telemetry resource): what Kubernetes would fill in.
      const field = e.valueFrom?.fieldRef?.fieldPath as string | undefined;
      env[e.name] = key ? (SECRETS[key] ?? `secret:${key}`) : field ? `${o.metadata.name}:${field}` : String(e.value);
    }
    out[container.args[0]] = env;
  }
  return out;
}

describe('a production install (issue 24)', () => {
  let dir: string;
  let envs: Record<string, Env>;
  let db: TestDatabase;
  let portal: TestPortal;
  /** The environment of the whole portal in one process: every component's (they agree on the shared ConfigMap). */
  let productionEnv: Env;

  beforeAll(async () => {
    await helmBinary();
    dir = await mkdtemp(join(tmpdir(), 'portal-prod-'));
    await writeFile(join(dir, 'production.yaml'), VALUES);
    const res = await helm(['template', 'portal', CHART, '--namespace', 'portal', '-f', join(dir, 'production.yaml')]);
    if (res.code !== 0) throw new Error(res.stderr);
    envs = environments(parseAllDocuments(res.stdout).map((d) => d.toJS() as K8sObject | null).filter((o): o is K8sObject => Boolean(o)));
    // The migration Job's SEED decides what the database gets: reference data only.
    expect(seedMode(envs.migrate!)).toBe('reference');
    db = await createTestDatabase('reference');
    productionEnv = Object.assign({}, ...['identity', 'licence', 'billing', 'notification', 'usage-log', 'gateway'].map((c) => envs[c]!));
    // The cluster's SMTP relay: the test portal's SMTP server (its sink) stands in for it.
    delete productionEnv.SMTP_URL;
    portal = await startTestPortal({
      transport: 'in-process', db,
      env: {
        ...productionEnv,
        // This machine instead of the cluster: the test's database and SMTP relay, an in-process
        // transport, the loopback as the ingress proxy. The dev mailbox stays off (the chart's way).
        DATABASE_URL: db.url, TRANSPORT: 'in-process', PORT: '0', HOST: '127.0.0.1', WEB_DIST: '', TRUSTED_PROXIES: '127.0.0.1,::1',
        DEV_MAILBOX: 'off', JOBS_ENABLED: 'false', LOG_LEVEL: 'silent', DB_POOL_MAX: '2',
      },
    });
  }, 120_000);

  afterAll(async () => {
    await portal?.close();
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('the chart renders a production configuration every component accepts: NODE_ENV=production, no sandbox', () => {
    for (const component of ['gateway', ...SERVICE_DEFINITIONS.map((s) => s.name)] as GuardedProcess[]) {
      expect(envs[component]!.NODE_ENV, component).toBe('production');
      expect(productionProblems(envs[component]!, component), component).toEqual([]);
    }
    expect(productionEnv).toMatchObject({ PAYMENT_GATEWAY: 'gmo', CORPORATE_NUMBER_DIRECTORY: 'nta', PRODUCT_CONNECTION: 'http', ALLOW_SANDBOX: 'false' });
  });

  it('has no demo account, no demo client and no dev mailbox', async () => {
    const accounts = await db.query<{ n: number }>(`SELECT (SELECT count(*) FROM global_identity.accounts) + (SELECT count(*) FROM jpn_identity.accounts) + (SELECT count(*) FROM usa_identity.accounts) AS n`);
    expect(Number(accounts[0]!.n)).toBe(0);
    expect(Number((await db.query<{ n: number }>('SELECT count(*) AS n FROM jpn_licence.clients'))[0]!.n)).toBe(0);
    for (const demo of DEMO_ACCOUNTS.slice(0, 3)) {
      const res = await new Agent(portal, { host: HOST }).login(demo.email, demo.password);
      expect(res.body.result.access_status.code, demo.email).not.toBe(20000);
    }
    expect((await portal.call('GET', '/dev/mailbox/messages', { host: HOST })).status).toBe(404);
    // Staging only: a real install's SPA shows no test-mode banner.
    const status = await portal.call('GET', '/v1/maintenance/status', { host: HOST });
    expect(status.body.result.access_status.code).toBe(20000);
    expect(status.body.result.test_mode).toBeUndefined();
    // A Host the install does not list is not served as any region (issue 24).
    expect((await portal.call('GET', '/v1/maintenance/status')).status).toBe(404);
  });

  it('has the reference data: catalogue, plan master, tax and FX rates, mail templates, terms', async () => {
    const [row] = await db.query<Record<string, number>>(`SELECT
      (SELECT count(*) FROM global_licence.products)::int AS products,
      (SELECT count(*) FROM global_licence.product_texts)::int AS product_texts,
      (SELECT count(*) FROM global_licence.plans)::int AS plans,
      (SELECT count(*) FROM global_billing.tax_rates)::int AS tax_rates,
      (SELECT count(*) FROM global_billing.fx_rates)::int AS fx_rates,
      (SELECT count(*) FROM global_notification.mail_templates)::int AS mail_templates,
      (SELECT count(*) FROM global_licence.terms)::int AS terms`);
    expect(row!.products).toBe(15);
    for (const [table, n] of Object.entries(row!)) expect(n, table).toBeGreaterThan(0);
  });

  it('the reference-data step is idempotent and keeps what operators edited', async () => {
    const [plan] = await db.query<{ id: string }>('SELECT id FROM global_licence.plans WHERE amount_jpy IS NOT NULL ORDER BY id LIMIT 1');
    await db.query('UPDATE global_licence.plans SET amount_jpy = 12345 WHERE id = $1', [plan!.id]);
    await db.query(`UPDATE global_billing.tax_rates SET rate_tenths = 123 WHERE country = 'jpn' AND category = 'standard' AND applies_from = '2019-10-01'`);
    expect(await seedReferenceData(db.shardMap)).toBe(0);
    expect((await db.query<{ amount_jpy: number }>('SELECT amount_jpy FROM global_licence.plans WHERE id = $1', [plan!.id]))[0]!.amount_jpy).toBe(12_345);
    expect((await db.query<{ rate_tenths: number }>(`SELECT rate_tenths FROM global_billing.tax_rates WHERE country = 'jpn' AND category = 'standard' AND applies_from = '2019-10-01'`))[0]!.rate_tenths).toBe(123);
  });

  it('the first operator comes from the one-time bootstrap: its set-password link works once', async () => {
    const result = await bootstrapOperator(db.shardMap, { email: 'first-operator@example.test', familyName: 'Ops', givenName: 'First', language: 'en-us' }, { publicUrl: productionEnv.PUBLIC_URL!, now: new Date() });
    if (!result.created) throw new Error('not created');
    expect(result.link.startsWith(`${PUBLIC_URL}/password_reset/global.`)).toBe(true);
    // One-time: a second bootstrap makes no second operator.
    expect(await bootstrapOperator(db.shardMap, { email: 'second@example.test', familyName: 'Ops', givenName: 'Second', language: 'en-us' }, { publicUrl: PUBLIC_URL, now: new Date() })).toEqual({ created: false, reason: 'operator_exists' });
    const token = decodeURIComponent(result.link.slice(`${PUBLIC_URL}/password_reset/`.length));
    const password = 'Bootstrap#2026-first';
    const browser = new Agent(portal, { host: HOST });
    // No password before the link is used.
    expect((await browser.login('first-operator@example.test', password)).body.result.access_status.code).not.toBe(20000);
    expect((await browser.call('GET', `/v1/password_reset?access_token=${encodeURIComponent(token)}`)).body.result).toMatchObject({ valid: true });
    const first = await browser.call('PUT', '/v1/password_reset', { access_token: token, password, password_confirm: password });
    expect(first.body.result.access_status.code, JSON.stringify(first.body)).toBe(20000);
    const second = await browser.call('PUT', '/v1/password_reset', { access_token: token, password: 'Another#2026-pass', password_confirm: 'Another#2026-pass' });
    expect(second.body.result.access_status.code).not.toBe(20000);
    const operator = new Agent(portal, { host: 'portal.example.test' });
    const login = await operator.login('first-operator@example.test', password);
    expect(login.body.result.access_status.code, JSON.stringify(login.body)).toBe(20000);

    // Mail links come from the region host's public URL: a US client the operator creates on the
    // Japanese host gets its invitation on the US host, never localhost.
    const created = await operator.call('POST', '/v1/operator/clients/create', {
      licence: { region: 'usa', contract_type: 'none', partner_uuid: null, licence_type: 'normal', eu_subject: false },
      client: { company_name: 'Prod Check Inc.', phone: '+1 555 0100', address: 'Austin', family_name: 'Lee', given_name: 'Sam', email: 'us-owner@example.test', language: 'en-us' },
      products: { products: ['bownow'] }, idempotency_key: randomUUID(),
    });
    expect(created.body.result.access_status.code, JSON.stringify(created.body)).toBe(20000);
    const invitation = await mailTo(portal, 'us-owner@example.test', /\/invite\//);
    expect(invitation.text).toContain(`${US_URL}/invite/`);
    expect(invitation.text).not.toMatch(/localhost|127\.0\.0\.1/);
  });

  describe('each unsafe setting makes the process refuse to start, naming the setting', () => {
    const cases: [string, GuardedProcess, Env][] = [
      ['PAYMENT_GATEWAY', 'billing', { PAYMENT_GATEWAY: 'sandbox' }],
      ['CORPORATE_NUMBER_DIRECTORY', 'licence', { CORPORATE_NUMBER_DIRECTORY: 'sandbox' }],
      ['LICENCE_DOMAIN_RESOLVER', 'licence', { LICENCE_DOMAIN_RESOLVER: 'sandbox' }],
      ['PRODUCT_CONNECTION', 'licence', { PRODUCT_CONNECTION: 'sandbox' }],
      ['PRODUCT_ACCOUNTS_URL', 'identity', { PRODUCT_ACCOUNTS_URL: '' }],
      ['PRINCIPAL_SECRET', 'notification', { PRINCIPAL_SECRET: DEV_SECRETS.PRINCIPAL_SECRET }],
      ['PRODUCT_KEY_SECRET', 'usage-log', { PRODUCT_KEY_SECRET: DEV_SECRETS.PRODUCT_KEY_SECRET }],
      ['PUBLIC_URL', 'licence', { PUBLIC_URL: '' }],
      ['PUBLIC_URL', 'billing', { PUBLIC_URL: 'http://localhost:8080' }],
      ['PUBLIC_URLS', 'identity', { PUBLIC_URLS: '' }],
    ];
    it.each(cases)('%s (%s)', async (setting, component, change) => {
      const env = { ...envs[component]!, DATABASE_URL: db.url, ...change };
      const definition = SERVICE_DEFINITIONS.find((s) => s.name === component)!;
      await expect(startService(definition, { transport: new InProcessTransport(), env })).rejects.toThrow(new RegExp(`Refusing to start ${component} in production:[^]*\\n {2}${setting}: `));
    });

    it.each([
      ['DEV_MAILBOX', { DEV_MAILBOX: 'on' }],
      ['SMTP_SINK_PORT', { SMTP_SINK_PORT: '2525' }],
      ['PUBLIC_URL', { PUBLIC_URL: '' }],
      ['PRINCIPAL_SECRET', { PRINCIPAL_SECRET: '' }],
    ] as [string, Env][])('%s (gateway)', async (setting, change) => {
      // The gateway process's bootstrap (scripts/run-gateway.ts runs exactly this).
      await expect(startGatewayProcess({ ...envs.gateway!, ...change })).rejects.toThrow(new RegExp(`Refusing to start gateway in production:[^]*\\n {2}${setting}: `));
    });
  });
});
