/**
 * SLOW (~50 s for the first test on a quiet machine; issue 21's two tests add 1–2 minutes; runs beside the
 * other integration files): distributed mode under faults (issue 9, item 10). `start-distributed.ts`
 * runs the gateway and the five services as six processes over the real NATS server, against a
 * PostgreSQL this test owns (embedded, in a temporary folder on its own port; never the shared
 * server). While an owner invites people, the test kills the notification service (SIGKILL; the
 * supervisor restarts it) and restarts PostgreSQL. Then every invitee has exactly one mail, and
 * every process is up: none other than the killed one was restarted, and the gateway is ready.
 *
 * Issue 21 on the same six processes: calls in flight when their service is SIGKILLed answer 50000
 * within 2 s and the maintenance status is served again within 3 s of notification's restart
 * (item 10); the billing process is SIGKILLed in the middle of a billing run and of the card
 * charges, then PostgreSQL restarts under both, and each time both finish (taken over within 30 s,
 * resumed within a minute of the restart) with no client billed twice and no card charged twice
 * (the sandbox gateway's ledger in PostgreSQL) (item 9).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import { SHARDS } from '@portal/proto';
import { ROOT } from '../../scripts/lib/root.js';
import { startEmbeddedDb, stopLeftover, type EmbeddedDb } from '../../scripts/embedded-db.js';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent } from '../support/agent.js';
import { eventually, TEST_NATS_URL, type TestPortal } from '../support/harness.js';
import { freePort } from '../support/ports.js';


const SERVICES = ['identity', 'licence', 'billing', 'notification', 'usage-log'];

describe('distributed mode under faults (slow)', () => {
  const namespace = `f${randomBytes(4).toString('hex')}`;
  let dir: string;
  let dataDir: string;
  let pgPort: number;
  let db: EmbeddedDb | undefined;
  let starter: ChildProcess;
  let url: string;
  /** `started <name> (pid N)` lines of the supervisor, in order. */
  const starts: { name: string; pid: number }[] = [];
  let output = '';
  /** The newest process of a service the supervisor started. */
  const latest = (name: string) => starts.filter((s) => s.name === name).at(-1)!;
  let pool: pg.Pool | undefined;
  /** A query on the test's PostgreSQL (a fresh pool after a restart: the old one's connections ended). */
  const sql = async <R extends object>(text: string, values: unknown[] = []): Promise<R[]> => {
    if (!pool) {
      pool = new pg.Pool({ connectionString: db!.url, max: 2 });
      pool.on('error', () => undefined);
    }
    return (await pool.query(text, values)).rows as R[];
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-faults-'));
    await chmod(dir, 0o755); // as root, PostgreSQL runs as `postgres`
    dataDir = path.join(dir, 'pg');
    pgPort = await freePort();
    db = await startEmbeddedDb({ dataDir, port: pgPort });
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    // FAULTS_LOG_LEVEL=warn shows more of the processes' logs in a failure's message.
    const env: Record<string, string | undefined> = {
      ...process.env, NODE_ENV: 'development', LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'error', NATS_URL: TEST_NATS_URL, NATS_NAMESPACE: namespace,
      DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', SMTP_SINK_PORT: String(await freePort()), WEB_DIST: '',
      RATE_LIMIT_PER_MINUTE: '100000',
      // Issue 21: billing runs in pages of 20 clients, so that a run of a few hundred can be killed midway.
      BILLING_RUN_PAGE: '20',
      // No year of demo usage: on a busy machine its backlog kept usage-log's consumer busy past the
      // quiet wait below (the base commit failed so too), and it is no part of these faults.
      USAGE_DEMO_SEED: 'off',
    };
    delete env.SMTP_URL;
    starter = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'start-distributed.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    starter.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const m of chunk.toString().matchAll(/^started (\S+) \(pid (\d+)\)$/gm)) starts.push({ name: m[1]!, pid: Number(m[2]) });
    });
    starter.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    // Six processes booting on two shared cores took 95 s from the migrations under other sessions' load.
    await eventually(async () => (await fetch(`${url}/readyz?all=true`).catch(() => undefined))?.status === 200, 240_000)
      .catch(async (error: Error) => {
        const ready = await fetch(`${url}/readyz?all=true`).then((r) => r.text(), (e: Error) => e.message);
        throw new Error(`${error.message}: /readyz ${ready}; the processes said\n${output.slice(-4000)}`);
      });
  }, 300_000);

  afterAll(async () => {
    if (starter && starter.exitCode === null && starter.signalCode === null) {
      await new Promise<void>((resolve) => {
        starter.once('exit', () => resolve());
        starter.kill('SIGTERM');
      });
    }
    const cleaner = await NatsTransport.connect(TEST_NATS_URL, 'cleanup', namespace);
    await cleaner.destroyStream();
    await cleaner.drain();
    await pool?.end();
    await db?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('sends exactly one mail per invitee while notification is killed and PostgreSQL restarts, and leaves no service down', async () => {
    const owner = new Agent({ url } as TestPortal);
    await eventually(async () => (await owner.login('owner@example.com', 'Owner#2026')).body?.result?.access_status?.code === 20000, 30_000);
    const invitees: string[] = [];
    /** Invites one person; a 50000 (a service or the database is away) is tried again, as a user would. */
    const invite = async (email: string) => {
      invitees.push(email);
      await eventually(async () => {
        const res = await owner.call('POST', '/v1/user/invite', { users: [{ email, family_name: 'Fault', given_name: 'Test', authority: 'user' }] }).catch(() => undefined);
        const code = res?.body?.result?.access_status?.code;
        // 40011 on a retry: the first attempt committed, only its answer was lost.
        return code === 20000 || (code === 40011 && JSON.stringify(res!.body).includes('email'));
      }, 90_000);
    };
    const batch = async (phase: string, n: number) => {
      for (let i = 0; i < n; i++) await invite(`fault-${phase}-${i}@example.com`);
    };

    await batch('before', 4);

    // 1. notification dies without warning; invitations go on; the supervisor starts it again.
    const notification = starts.filter((s) => s.name === 'notification').at(-1)!;
    process.kill(notification.pid, 'SIGKILL');
    await batch('notification-down', 4);
    await eventually(async () => starts.filter((s) => s.name === 'notification').length === 2, 60_000);

    // 2. PostgreSQL restarts (smart, then fast shutdown: the services' connections end with 57P01) while invitations are sent.
    const sending = batch('pg-restart', 6);
    await db!.stop();
    db = await startEmbeddedDb({ dataDir, port: pgPort });
    await sending;
    await batch('after', 4);

    // Quiet: every outbox row published, every event handled by every consumer, in one round.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const watcher = await NatsTransport.connect(TEST_NATS_URL, 'faults-watcher', namespace);
    try {
      const unpublished = SHARDS.flatMap((shard) => SERVICES.map((s) => `SELECT count(*)::int AS n FROM "${shard}_${s.replace(/-/g, '_')}".outbox WHERE published_at IS NULL`)).join(' UNION ALL ');
      await eventually(async () => {
        const { rows } = await client.query<{ n: number }>(`SELECT sum(n)::int AS n FROM (${unpublished}) t`);
        if (rows[0]!.n !== 0) return false;
        await watcher.idle({ timeoutMs: 60_000 });
        const again = await client.query<{ n: number }>(`SELECT sum(n)::int AS n FROM (${unpublished}) t`);
        return again.rows[0]!.n === 0;
      }, 120_000);
    } finally {
      await watcher.drain();
      await client.end();
    }

    const mailbox = await fetch(`${url}/dev/mailbox/messages`);
    const mails = (await mailbox.json()) as { to: string[]; subject: string; message_id: string }[];
    // Hand-offs repeated with the same Message-ID (notification killed between SMTP's 250 and its
    // "sent" mark): the mailbox keeps one, as a receiving one would. Reported, not asserted: the kill
    // lands in that window only by chance.
    process.stdout.write(`faults: ${invitees.length} invitees, ${mails.length} mails kept, ${mailbox.headers.get('x-mailbox-duplicates')} repeated hand-off(s)\n`);
    const perInvitee = Object.fromEntries(invitees.map((email) => [email, mails.filter((m) => m.to.includes(email)).length]));
    expect(perInvitee).toEqual(Object.fromEntries(invitees.map((email) => [email, 1])));
    expect(new Set(mails.filter((m) => m.to.some((t) => invitees.includes(t))).map((m) => m.message_id)).size).toBe(invitees.length);

    // No service left down: the gateway sees every service answer; only notification was started twice.
    expect((await fetch(`${url}/readyz?all=true`)).status).toBe(200);
    const counts = Object.fromEntries(['gateway', ...SERVICES].map((name) => [name, starts.filter((s) => s.name === name).length]));
    expect(counts, output.slice(-4000)).toEqual({ gateway: 1, identity: 1, licence: 1, billing: 1, notification: 2, 'usage-log': 1 });
    for (const name of ['gateway', ...SERVICES]) {
      const latest = starts.filter((s) => s.name === name).at(-1)!;
      expect(() => process.kill(latest.pid, 0), name).not.toThrow();
    }
  }, 600_000);

  it('answers calls in flight within 2 s when their service is SIGKILLed, and serves the maintenance status again within 3 s of its restart (issue 21, item 10)', async () => {
    const owner = new Agent({ url } as TestPortal);
    await eventually(async () => (await owner.login('owner@example.com', 'Owner#2026')).body?.result?.access_status?.code === 20000, 30_000);
    // 9,000 operation-log entries: their CSV export keeps usage-log busy for a while.
    await sql(`INSERT INTO jpn_usage_log.operation_logs (client_uuid, operation, occurred_at) SELECT $1, 'login', now() - g * interval '1 second' FROM generate_series(1, 9000) g`, [DEMO_IDS.client]);

    // 1. usage-log dies while six exports are under way (one of its queries is running).
    const exports = Array.from({ length: 6 }, async () => {
      const res = await owner.call('POST', '/v1/export', { type: 'operation_log' });
      return { code: res.body?.result?.access_status?.code as number, at: performance.now() };
    });
    await eventually(async () => (await sql(`SELECT 1 FROM pg_stat_activity WHERE application_name = 'portal-usage-log' AND state = 'active' AND query LIKE '%operation_logs%'`)).length > 0, 30_000, 'usage-log to work on an export');
    const killed = performance.now();
    process.kill(latest('usage-log').pid, 'SIGKILL');
    const answers = await Promise.all(exports);
    const late = answers.filter((a) => a.at > killed).map((a) => ({ code: a.code, ms: Math.round(a.at - killed) }));
    process.stdout.write(`faults: exports answered after usage-log's SIGKILL: ${JSON.stringify(late)}\n`);
    expect(late.length, 'at least one export was in flight at the kill').toBeGreaterThan(0);
    for (const a of late) {
      expect(a.code).toBe(50000);
      expect(a.ms).toBeLessThan(2_000);
    }

    // 2. notification dies while three callers ask for the maintenance status (coalesced) back to back.
    const status = async () => {
      const t0 = performance.now();
      const res = await fetch(`${url}/v1/maintenance/status`);
      const body = (await res.json()) as { result: { access_status: { code: number } } };
      return { code: body.result.access_status.code, ms: performance.now() - t0, at: performance.now() };
    };
    expect((await status()).code).toBe(20000);
    const notifications = starts.filter((s) => s.name === 'notification').length;
    const down = performance.now();
    process.kill(latest('notification').pid, 'SIGKILL');
    const seen: { code: number; ms: number; at: number }[] = [];
    let backAt = 0;
    const servedAt = await eventually(async () => {
      const round = await Promise.all([status(), status(), status()]);
      seen.push(...round);
      if (!backAt && starts.filter((s) => s.name === 'notification').length > notifications && (await fetch(`${url}/readyz?all=true`)).status === 200) backAt = performance.now();
      const served = round.find((a) => a.code === 20000 && a.at > down);
      return served && backAt ? served.at : undefined;
    }, 60_000, 'the maintenance status to be served again');
    const slowest = Math.max(...seen.map((a) => a.ms));
    process.stdout.write(`faults: maintenance status out for ${Math.round(servedAt - down)} ms after notification's SIGKILL; served ${Math.round(servedAt - backAt)} ms after /readyz saw it back; slowest answer meanwhile ${Math.round(slowest)} ms\n`);
    expect(servedAt - backAt).toBeLessThan(3_000);
    expect(slowest).toBeLessThan(2_000);
  }, 180_000);

  it('finishes the billing run and the card charges after the billing process is SIGKILLed mid-way and after a PostgreSQL restart, billing and charging nobody twice (issue 21, item 9)', async () => {
    const operator = new Agent({ url } as TestPortal);
    await eventually(async () => (await operator.login('operator@example.com', 'Operator#2026')).body?.result?.access_status?.code === 20000, 30_000);
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);

    /** `n` clients of jpn with a plan this month, named `Fault <tag> <i>` (the run bills them). */
    const billable = async (tag: string, n: number) => {
      await sql(`INSERT INTO jpn_licence.clients (uuid, company_name, region) SELECT gen_random_uuid(), $2 || g, 'jpn' FROM generate_series(1, $1::int) g`, [n, `Fault ${tag} `]);
      await sql(
        `INSERT INTO jpn_licence.contracts (client_uuid, product, plan_id, currency, monthly_amount, status, effective_from, billing_start)
         SELECT uuid, 'bownow', 'bownow_standard', 'JPY', 30000, 'scheduled', date_trunc('month', now() AT TIME ZONE 'Asia/Tokyo')::date, date_trunc('month', now() AT TIME ZONE 'Asia/Tokyo')::date
         FROM jpn_licence.clients WHERE company_name LIKE $1`, [`Fault ${tag} %`]);
      await sql(
        `INSERT INTO jpn_licence.contract_items (contract_id, plan_id, type, name, amount)
         SELECT c.id, 'bownow_standard', 'plan', '{"ja-jp": "プラン", "en-us": "Plan"}'::jsonb, 30000
         FROM jpn_licence.contracts c JOIN jpn_licence.clients k ON k.uuid = c.client_uuid WHERE k.company_name LIKE $1`, [`Fault ${tag} %`]);
    };
    /** `n` card invoices of jpn due today (a past month), each client with a stored card, named `Fault charge <tag>`. */
    const due = (tag: string, n: number) => sql(
      `WITH c AS (SELECT gen_random_uuid() AS client, g FROM generate_series(1, $1::int) g),
       cards AS (INSERT INTO jpn_billing.card_references (client_uuid, gateway, member_id, card_seq, masked_number, expiry_month, expiry_year, holder_name, status)
                 SELECT client, 'sandbox', 'c' || replace(client::text, '-', ''), '0', '411111******1111', 12, 2030, 'TARO YAMADA', 'active' FROM c RETURNING id, client_uuid),
       methods AS (INSERT INTO jpn_billing.payment_methods (client_uuid, method, card_reference_id) SELECT client_uuid, 'credit_card', id FROM cards)
       INSERT INTO jpn_billing.invoices (number, client_uuid, month, issued_on, billing_date, company_name, language, currency, subtotal_minor, tax_minor, total_minor,
                                         charge_currency, charge_total_minor, tax_summary, issuer_name, status, payment_method, next_charge_on)
       SELECT 'F-' || $2 || '-' || g, client, '2000-01', '2000-01-01', '2000-01-31', $3, 'ja-jp', 'JPY', 1000, 100, 1100, 'JPY', 1100, '[]'::jsonb, 'Portal', 'scheduled', 'card', '2000-01-31' FROM c`,
      [n, tag, `Fault charge ${tag}`]);
    /** The run's row, and how many of the tag's clients have this month's invoice (`billed`), and how many invoices (`invoices`). */
    const runState = async (tag: string) => {
      const [run] = await sql<{ status: string; clients_done: number; clients_total: number }>(`SELECT status, clients_done, clients_total FROM jpn_billing.billing_runs WHERE month = $1`, [month]);
      const [count] = await sql<{ clients: number; invoices: number; billed: number }>(
        `SELECT count(DISTINCT k.uuid)::int AS clients, count(i.id)::int AS invoices, count(DISTINCT i.client_uuid)::int AS billed
         FROM jpn_licence.clients k LEFT JOIN jpn_billing.invoices i ON i.client_uuid = k.uuid AND i.month = $2 WHERE k.company_name LIKE $1`, [`Fault ${tag} %`, month]);
      return { ...run!, ...count! };
    };
    /** The tag's invoices: paid, and the sandbox ledger's charges for them (`doubled`: invoices charged under two order ids). */
    const chargeState = async (tag: string) => (await sql<{ invoices: number; paid: number; charged: number; doubled: number; repeats: number; unmatched: number }>(
      `SELECT count(*)::int AS invoices, count(*) FILTER (WHERE i.status = 'paid')::int AS paid, coalesce(sum(l.n), 0)::int AS charged,
              count(*) FILTER (WHERE l.n > 1)::int AS doubled, coalesce(sum(l.repeats), 0)::int AS repeats,
              count(*) FILTER (WHERE i.status = 'paid' AND NOT EXISTS (SELECT 1 FROM global_billing.sandbox_charges c WHERE c.order_id = i.charge_ref))::int AS unmatched
       FROM jpn_billing.invoices i
       LEFT JOIN LATERAL (SELECT count(*) AS n, sum(repeats) AS repeats FROM global_billing.sandbox_charges c WHERE c.order_id LIKE 'I' || left(replace(i.id::text, '-', ''), 22) || '-%') l ON true
       WHERE i.company_name = $1`, [`Fault charge ${tag}`]))[0]!;
    const boss = new PgBoss({ connectionString: db!.url, schema: 'pgboss_billing', supervise: false, schedule: false, max: 1 });
    boss.on('error', () => undefined);
    /** Starts both: the operator starts the month's run; the daily charge job is queued as its cron would. */
    const startBoth = async () => {
      // A 50000 (on a busy machine identity may check the session after its 3 s) is tried again, as an operator would: a start is idempotent.
      await eventually(async () => (await operator.call('POST', '/v1/operator/billing_runs', { month })).body?.result?.access_status?.code === 20000, 60_000, 'the operator to start the run');
      await boss.start();
      try {
        expect(await boss.send('billing-card-charges', {})).toBeTruthy();
      } finally {
        await boss.stop({ graceful: false, wait: true });
      }
    };
    /** Which of the two is under way now: some clients billed (cards charged), not all. */
    const underWay = async (tag: string, n: number, m: number) => {
      const run = await runState(`run-${tag}`);
      const charges = await chargeState(tag);
      return { run, charges, runMid: run.billed > 0 && run.billed < n, chargesMid: charges.charged > 0 && charges.charged < m };
    };
    /**
     * Waits until one of `wanted` is under way, then up to 15 s more for both (one fault then hits
     * both); fails when one of them finished before it was caught midway.
     */
    const midway = async (tag: string, n: number, m: number, wanted: { run: boolean; charges: boolean }) => {
      const caught = (now: Awaited<ReturnType<typeof underWay>>) => (wanted.run && now.runMid) || (wanted.charges && now.chargesMid);
      const first = await eventually(async () => {
        const now = await underWay(tag, n, m);
        if (caught(now)) return now;
        if ((wanted.run && now.run.billed === n) || (wanted.charges && now.charges.charged === m)) throw new Error(`finished before it was caught midway: ${JSON.stringify(now)}`);
        return undefined;
      }, 90_000, 'the run or the charges to be under way');
      if (!(wanted.run && wanted.charges) || (first.runMid && first.chargesMid)) return first;
      return eventually(async () => {
        const now = await underWay(tag, n, m);
        return now.runMid && now.chargesMid ? now : undefined;
      }, 15_000).catch(async () => {
        const now = await underWay(tag, n, m);
        return caught(now) ? now : first;
      });
    };
    /** Seconds until what was under way at `at` moves again. */
    const resumption = async (tag: string, n: number, m: number, at: Awaited<ReturnType<typeof underWay>>, from: number, what: string) => {
      await eventually(async () => {
        const now = await underWay(tag, n, m).catch(() => undefined);
        return now && (!at.runMid || now.run.billed > at.run.billed) && (!at.chargesMid || now.charges.charged > at.charges.charged);
      }, 120_000, `the work to resume after ${what}`);
      return (performance.now() - from) / 1000;
    };
    /** Both finished, with when each finished. */
    const bothDone = async (tag: string, n: number, m: number, from: number, what: string) => {
      let runDone = 0;
      let chargesDone = 0;
      await eventually(async () => {
        const run = await runState(`run-${tag}`).catch(() => undefined);
        const charges = await chargeState(tag).catch(() => undefined);
        if (!runDone && run?.status === 'completed' && run.billed === n) runDone = performance.now();
        if (!chargesDone && charges?.paid === m) chargesDone = performance.now();
        return runDone && chargesDone;
      }, 120_000, `the run and the charges to finish after ${what}`).catch(async (error: Error) => {
        const jobs = await sql(`SELECT name, state, retry_count, started_on, started_on + expire_in AS deadline, start_after, output FROM pgboss_billing.job WHERE state IN ('created', 'retry', 'active', 'failed')`).catch(String);
        const [run, charges] = await Promise.all([runState(`run-${tag}`).catch(String), chargeState(tag).catch(String)]);
        throw new Error(`${error.message}: ${JSON.stringify({ run, charges, jobs })}\n${output.slice(-4000)}`);
      });
      return { run: (runDone - from) / 1000, charges: (chargesDone - from) / 1000 };
    };
    /** Each client billed once, each invoice charged once (one ledger row, its order id the invoice's charge_ref). */
    const nobodyTwice = async (tag: string, n: number, m: number) => {
      expect(await runState(`run-${tag}`)).toMatchObject({ clients: n, billed: n, invoices: n });
      const charges = await chargeState(tag);
      expect(charges).toMatchObject({ invoices: m, paid: m, charged: m, doubled: 0, unmatched: 0 });
      return charges.repeats;
    };

    // 1. The billing process dies with the run and the charges under way (one kill when both are,
    // else one for each), and another process takes each over.
    const [n1, m1] = [300, 200];
    await billable('run-a', n1);
    await due('a', m1);
    await startBoth();
    // Meanwhile the operator's page says what the job waits for (reported: only while billing is back and the run not yet taken over).
    const waits = new Set<string>();
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const res = await operator.call('GET', '/v1/operator/billing_runs').catch(() => undefined);
        if (res?.body?.result?.waiting) waits.add(`${res.body.result.waiting.reason}: ${res.body.result.waiting.message}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const killedMid = { run: false, charges: false };
    const kills: string[] = [];
    let lastKill = 0;
    while (!killedMid.run || !killedMid.charges) {
      const at = await midway('a', n1, m1, { run: !killedMid.run, charges: !killedMid.charges });
      lastKill = performance.now();
      process.kill(latest('billing').pid, 'SIGKILL');
      const hit = [at.runMid && !killedMid.run ? `the run at ${at.run.billed}/${n1}` : '', at.chargesMid && !killedMid.charges ? `the charges at ${at.charges.charged}/${m1}` : ''].filter(Boolean);
      killedMid.run ||= at.runMid;
      killedMid.charges ||= at.chargesMid;
      // Taken over: what was under way moves again (on this one-instance portal, once the supervisor has started billing again).
      const resumed = await resumption('a', n1, m1, at, lastKill, 'the SIGKILL');
      kills.push(`${hit.join(' and ')}: resumed after ${resumed.toFixed(1)} s`);
      process.stdout.write(`faults: billing SIGKILLed with ${kills.at(-1)}\n`);
    }
    const afterKill = await bothDone('a', n1, m1, lastKill, 'the SIGKILL');
    watching = false;
    await watch;
    const repeatsA = await nobodyTwice('a', n1, m1);
    process.stdout.write(`faults: billing SIGKILLed ${kills.length} time(s), with ${kills.join('; ')}; finished ${afterKill.run.toFixed(1)} s (run) and ${afterKill.charges.toFixed(1)} s (charges) after the last kill; ${repeatsA} order id(s) repeated; the page said: ${[...waits].join(' | ') || 'nothing (taken over before billing was back)'}\n`);
    expect(afterKill.run).toBeLessThan(120);
    expect(afterKill.charges).toBeLessThan(120);

    // 2. PostgreSQL restarts with the run or the charges (both, most often) under way: each resumes within a minute of its return.
    const [n2, m2] = [150, 150];
    await billable('run-b', n2);
    await due('b', m2);
    await startBoth();
    const atRestart = await midway('b', n2, m2, { run: true, charges: true });
    await pool!.end();
    pool = undefined;
    // A fast shutdown: the open sessions end at once (57P01), as in a crash or a failover (a smart
    // one lets them finish their work first).
    await stopLeftover(dataDir);
    db = await startEmbeddedDb({ dataDir, port: pgPort });
    const restarted = performance.now();
    const resumedB = await resumption('b', n2, m2, atRestart, restarted, 'the PostgreSQL restart');
    const afterRestart = await bothDone('b', n2, m2, restarted, 'the PostgreSQL restart');
    const repeatsB = await nobodyTwice('b', n2, m2);
    process.stdout.write(`faults: PostgreSQL restarted with ${atRestart.run.billed}/${n2} clients billed and ${atRestart.charges.charged}/${m2} cards charged; resumed ${resumedB.toFixed(1)} s after it was back; finished ${afterRestart.run.toFixed(1)} s (run) and ${afterRestart.charges.toFixed(1)} s (charges) after; ${repeatsB} order id(s) repeated\n`);
    expect(resumedB).toBeLessThan(60);
    // Nothing left down.
    await eventually(async () => (await fetch(`${url}/readyz?all=true`)).status === 200, 60_000, 'every service ready');
  }, 400_000);
});
