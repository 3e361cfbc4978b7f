/**
 * Scenario `billing-run` (issue 11, slice C2; issue 23: metered lines): the monthly billing run for
 * 100,000 clients of the jpn shard, each with a plan, a monthly option and the metered option
 * "Extra page views" (bownow_opt_pv) whose last month's page views are in the usage rollups (two
 * days each; one client in ten used none), so every page of the run also asks usage-log for the
 * usage (licence -> usage-log over NATS, billing never reads the usage tables). Started the way an
 * operator starts it (POST /v1/operator/billing_runs -> pg-boss -> the billing service, which asks
 * licence for the billable items page by page), timed from the run's start to its end as the
 * billing_runs row records them, with the billing process's peak resident memory (VmHWM). Then the
 * invoice list of the demo owner (GET /v1/billing/list) under load: its p99.
 * Goals: the run under 60 s and 512 MB; the list's p99 is reported.
 */
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { DEMO_IDS } from '../seed.js';
import { ownerSession, startStack } from './accounts.js';
import { measure, type Scenario } from './lib/harness.js';

/** The first day of last month in Tokyo (SQL): the contracts start then, so its usage is billed this month (in arrears). */
const LAST_MONTH = `(date_trunc('month', now() AT TIME ZONE 'Asia/Tokyo') - interval '1 month')::date`;

/** The billing service's V8 heap cap, as the Helm chart sets it (its pod is limited to 512Mi). */
export const BILLING_NODE_OPTIONS = '--max-old-space-size=384';

export const BILLING_CLIENTS = Number(process.env.BENCH_BILLING_CLIENTS ?? 100_000);

async function operatorSession(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/v1/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'operator@example.com', password: 'Operator#2026', privacy_agreed: true }),
  });
  if (res.status !== 200) throw new Error(`operator login: HTTP ${res.status}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!).filter((c) => !c.endsWith('='));
  const csrf = cookies.find((c) => c.startsWith('csrf_token='))?.slice('csrf_token='.length) ?? '';
  return { cookie: cookies.join('; '), 'x-csrf-token': csrf };
}

/**
 * Peak resident memory in MB (Linux /proc VmHWM) of a process or the largest of its descendants:
 * the tsx launcher runs the service in a child node process.
 */
async function peakMb(pid: number | undefined): Promise<number> {
  if (!pid) return NaN;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  let kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')).split(/\s+/).filter(Boolean).map(Number);
  for (const child of children) kb = Math.max(kb, (await peakMb(child)) * 1024);
  return Math.round(kb / 1024);
}

interface RunRow { shard: string; status: string; clients_total: number; clients_done: number; invoices_written: number; started_at: string | null; finished_at: string | null }

export const billingRun: Scenario = {
  name: 'billing-run',
  description: `the monthly billing run for ${BILLING_CLIENTS.toLocaleString('en-US')} clients (jpn) with metered lines, then GET /v1/billing/list p99`,
  async run(load) {
    // Billing runs with the heap cap the Helm chart gives it (charts/portal/values.yaml), as in production.
    const stack = await startStack(['identity', 'licence', 'billing', 'notification', 'usage-log'], { billing: { NODE_OPTIONS: BILLING_NODE_OPTIONS } });
    try {
      const owner = await ownerSession(stack.base);
      const operator = await operatorSession(stack.base);
      const t0 = performance.now();
      await stack.db.query(
        `INSERT INTO jpn_licence.clients (uuid, company_name, region) SELECT gen_random_uuid(), 'Bench company ' || g, 'jpn' FROM generate_series(1, $1::int) g`,
        [BILLING_CLIENTS]);
      await stack.db.query(
        `INSERT INTO jpn_licence.contracts (client_uuid, product, plan_id, currency, monthly_amount, status, effective_from, billing_start)
         SELECT uuid, 'bownow', 'bownow_standard', 'JPY', 33000, 'scheduled', ${LAST_MONTH}, ${LAST_MONTH}
         FROM jpn_licence.clients WHERE company_name LIKE 'Bench company %'`);
      await stack.db.query(
        `INSERT INTO jpn_licence.contract_items (contract_id, plan_id, type, name, amount)
         SELECT c.id, t.plan_id, t.type, jsonb_build_object('ja-jp', t.plan_id, 'en-us', t.plan_id), t.amount
         FROM jpn_licence.contracts c
         CROSS JOIN (VALUES ('bownow_standard', 'plan', 30000), ('bownow_opt_crm_basic', 'option', 3000), ('bownow_opt_pv', 'option_monthly', 1000)) AS t(plan_id, type, amount)
         WHERE c.plan_id = 'bownow_standard' AND c.client_uuid IN (SELECT uuid FROM jpn_licence.clients WHERE company_name LIKE 'Bench company %')`);
      // Last month's page views: two days per client, up to 59,999 in all; every tenth client none.
      await stack.db.query(
        `INSERT INTO jpn_usage_log.usage_daily (client_uuid, product, metric, dimension, dimension_value, day, count)
         SELECT c.uuid, 'bownow', 'page_view', '', '', ${LAST_MONTH} + d.k, (abs(hashtext(c.uuid::text || d.k)) % 30000) + 1
           FROM (SELECT uuid, row_number() OVER () AS n FROM jpn_licence.clients WHERE company_name LIKE 'Bench company %') c
          CROSS JOIN (VALUES (0), (14)) AS d(k)
          WHERE c.n % 10 <> 0`);
      await stack.db.query('ANALYZE jpn_licence.contracts; ANALYZE jpn_licence.contract_items; ANALYZE jpn_licence.clients');
      await stack.db.query('ANALYZE jpn_usage_log.usage_daily');
      const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;

      const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
      const started = await fetch(`${stack.base}/v1/operator/billing_runs`, {
        method: 'POST', headers: { ...operator, 'content-type': 'application/json' }, body: JSON.stringify({ month }),
      });
      if (started.status !== 200) throw new Error(`start: HTTP ${started.status} ${await started.text()}`);
      const wall0 = performance.now();
      let run: RunRow | undefined;
      for (;;) {
        const rows = await stack.db.query<RunRow>(
          `SELECT 'jpn' AS shard, status, clients_total, clients_done, invoices_written, started_at::text, finished_at::text FROM jpn_billing.billing_runs WHERE month = $1`, [month]);
        run = rows[0];
        if (run && (run.status === 'completed' || run.status === 'failed')) break;
        if (performance.now() - wall0 > 600_000) throw new Error(`the run did not end in 10 minutes: ${JSON.stringify(run)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      if (run.status !== 'completed') throw new Error(`the run failed: ${JSON.stringify(run)}`);
      const runSeconds = Math.round((Date.parse(run.finished_at!) - Date.parse(run.started_at!)) / 100) / 10;
      const memory = await peakMb(stack.pids.billing);
      const usageLines = Number((await stack.db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM jpn_billing.invoice_lines l JOIN jpn_billing.invoices i ON i.id = l.invoice_id WHERE i.month = $1 AND l.kind = 'usage'`, [month]))[0]!.n);

      const url = `${stack.base}/v1/billing/list?per_page=20`;
      const check = await (await fetch(url, { headers: owner })).json() as { result: { total: number } };
      if (!check.result.total) throw new Error(`the owner has no invoices: ${JSON.stringify(check).slice(0, 200)}`);
      const list = await measure(this.name, url, { ...load, connections: Math.min(load.connections, 10) }, { headers: owner });
      return {
        ...list,
        extra: {
          'clients billed': run.invoices_written,
          'usage lines': usageLines,
          'clients seeded in (s)': seedSeconds,
          'billing run (s)': runSeconds,
          'billing process peak RSS (MB)': memory,
          'billing run goal': runSeconds < 60 && memory < 512 ? 'met (< 60 s, < 512 MB)' : 'missed (< 60 s, < 512 MB)',
          'invoice list p99 (ms)': list.latencyP99Ms,
          'demo client': DEMO_IDS.client,
        },
      };
    } finally {
      await stack.stop();
    }
  },
};
