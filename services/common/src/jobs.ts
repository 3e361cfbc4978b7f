import { createRequire } from 'node:module';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import PgBoss from 'pg-boss';
import { createLogger } from './logger.js';
import { recordJobRun } from './telemetry.js';

/**
 * Scheduled jobs (docs/design/licence.md "Job runner"): pg-boss 10.4.2 (Node >= 20), one instance
 * per service that has jobs, in its own schema `pgboss_<service>` of the global shard's database,
 * started with the service and stopped on shutdown. A job is a named queue with the singleton
 * policy (one run at a time, wherever the service runs), a cron schedule in a time zone, and
 * retries. The work itself is a plain async function, so tests call it through `runNow` with the
 * service's (fake) clock instead of waiting for cron.
 *
 * A run holds a lease (`leaseSeconds`, JOBS_LEASE_SECONDS, default 10 s): pg-boss's `expire_in`,
 * which the worker renews every quarter of the lease while the run is under way, however long it
 * takes (a billing run of 23,000 clients takes minutes). pg-boss 10 has no heartbeat of its own
 * (it came with pg-boss 11, for Node >= 22), so the renewal is ours (`Lease`). A run whose process
 * died stops renewing; every instance of the service looks for such runs every half lease and
 * puts them back in the queue at once (`takeOver`), so another worker resumes the run within
 * about 1.5 leases plus a poll (docs/operations.md, "Scheduled jobs").
 *
 * A feature registers its jobs in its constructor or `onModuleInit` (`jobs.register({...})`);
 * a service that registers none never starts pg-boss.
 */
export interface JobDefinition {
  /** Queue name, `<service>-<job>` (pg-boss: letters, digits, dashes, underscores, periods). */
  name: string;
  /** Five-field cron, in `tz`. */
  cron: string;
  tz?: string;
  /** Attempts after a failure. */
  retryLimit?: number;
  /** Wait before a retry: doubling from this with `retryBackoff` (the default), else this every time. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /**
   * The work. `signal` aborts when this run has lost its lease (its renewals failed for a whole
   * lease and another worker took the run over): stop at the next point where stopping is safe.
   * A run must be idempotent: a run taken over is run again from the start, and finds done what
   * its predecessor committed.
   */
  run(signal: AbortSignal): Promise<unknown>;
}

export interface JobsOptions {
  service: string;
  /** The global shard's database URL (pg-boss's schema goes there). */
  connectionString: string;
  /** Off: jobs are registered but never scheduled (runNow still works). */
  enabled: boolean;
  /** Pool size of pg-boss's own connections. */
  max?: number;
  /** How often a worker looks for queued runs (pg-boss default 2 s). */
  pollingIntervalSeconds?: number;
  /** A running job's lease (JOBS_LEASE_SECONDS): renewed every quarter of it; a run not renewed for this long is taken over. Default 10. */
  leaseSeconds?: number;
}

/** What a job's queue is doing now (an operator's "what is it waiting for"); times from the database's clock. */
export interface JobActivity {
  /** The run under way. `stale`: its worker has not renewed its lease for half a lease (its process died or hangs). */
  active: { id: string; runningSeconds: number; silentSeconds: number; stale: boolean; takeoverWithinSeconds: number } | null;
  /** A failed (or taken over) run waiting to start again. */
  retry: { id: string; startsInSeconds: number } | null;
  /** Runs queued that have not started. */
  queued: number;
}

export const DEFAULT_JOB_LEASE_SECONDS = 10;

export const JOBS_OPTIONS = Symbol('JobsOptions');
const log = createLogger('jobs');

/**
 * pg-boss 10.4.2 (the last release for Node 20) runs a worker's handler and then calls its
 * `complete` or `fail` without awaiting it (src/manager.js, `onFetch`; upstream issue
 * timgit/pg-boss#577). When the database is away at that moment (a restart: 57P01, 57P03,
 * ECONNREFUSED) that promise rejects with nobody listening: an unhandled rejection, which the
 * process guard (process-guards.ts) answers by exiting with code 1. Our own jobs no longer go
 * through pg-boss's worker (JobRunner.loop, below), but pg-boss's own cron worker (the
 * timekeeper's `__pgboss__send-it` queue) still does. So every `complete`/`fail` promise gets a
 * handler that logs the failure; the promise itself is returned unchanged, so a caller that awaits
 * it still sees the error. A job whose completion was lost stays active until its lease runs out
 * and it is taken over (JobRunner). Installed once, on the module pg-boss itself loads.
 */
let unrecorded = 0;

/** Job outcomes (a run's completion or failure) that could not be recorded at the first attempt, since start. */
export function unrecordedJobOutcomes(): number {
  return unrecorded;
}

export function guardPgBossCompletion(): void {
  const Manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as { prototype: Record<string, unknown> & { __portalGuarded?: boolean } };
  const proto = Manager.prototype;
  if (proto.__portalGuarded) return;
  for (const method of ['complete', 'fail'] as const) {
    const original = proto[method];
    if (typeof original !== 'function') throw new Error(`pg-boss Manager.${method} not found: check guardPgBossCompletion against the installed pg-boss`);
    const guarded = function (this: unknown, ...args: unknown[]) {
      const result = (original as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      result.catch((err: unknown) => (unrecorded++, log.warn({ err, queue: args[0], method }, 'pg-boss could not record a job outcome (the database is away); the job is retried when it expires')));
      return result;
    };
    // PgBoss exposes its manager's methods under their function names (`#promoteFunctions`).
    Object.defineProperty(guarded, 'name', { value: method });
    proto[method] = guarded;
  }
  proto.__portalGuarded = true;
}
guardPgBossCompletion();

const sleep = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
  if (signal.aborted) return resolve();
  const timer = setTimeout(done, ms);
  function done() {
    clearTimeout(timer);
    signal.removeEventListener('abort', done);
    resolve();
  }
  signal.addEventListener('abort', done);
});

/**
 * One run's lease on its pg-boss job row: the run is ours while the row is active with the
 * retry count we fetched it with (each fetch of a run started before adds one, so a takeover
 * changes it). `renew` moves the row's deadline (started_on + expire_in) to now + lease.
 */
class Lease {
  readonly lost = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: PgBoss.Db, private readonly schema: string, private readonly run: { name: string; id: string; retryCount: number }, private readonly seconds: number) {}

  /** True while the run is ours (deadline moved); false once it is not; throws when the database does not answer. */
  async renew(): Promise<boolean> {
    const { rows } = await this.db.executeSql(
      `UPDATE ${this.schema}.job SET expire_in = (now() - started_on) + $4 * interval '1 second'
       WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3 RETURNING 1`,
      [this.run.name, this.run.id, this.run.retryCount, this.seconds]);
    return rows.length === 1;
  }

  /** Renews every quarter lease until `stop`; aborts `lost` when the run is no longer ours. */
  keep(): void {
    this.timer = setInterval(() => {
      this.renewing = this.renew().then((ours) => {
        if (ours || this.lost.signal.aborted) return;
        log.warn({ job: this.run.name, id: this.run.id }, 'job run lost its lease (taken over by another worker); stopping it');
        this.lost.abort(new Error('job run lost its lease'));
      }, (err: unknown) => log.warn({ err, job: this.run.name, id: this.run.id }, 'could not renew a job run\'s lease; trying again'));
    }, (this.seconds * 1000) / 4);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.renewing;
  }
}

@Injectable()
export class JobRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs = new Map<string, JobDefinition>();
  private boss: PgBoss | undefined;
  private starting: Promise<void> | undefined;
  /** Settles after the first start attempt, whatever its outcome (trigger waits for no more). */
  private firstAttempt: Promise<void> | undefined;
  /** Aborted at shutdown: the job loops stop polling (a run under way finishes first). */
  private readonly stopping = new AbortController();
  private readonly loops: Promise<void>[] = [];
  private readonly schema: string;
  private readonly leaseSeconds: number;

  constructor(@Inject(JOBS_OPTIONS) private readonly options: JobsOptions) {
    this.schema = `pgboss_${options.service.replace(/[^a-z0-9_]/gi, '_')}`;
    this.leaseSeconds = options.leaseSeconds ?? DEFAULT_JOB_LEASE_SECONDS;
  }

  register(job: JobDefinition): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} registered twice`);
    this.jobs.set(job.name, job);
  }

  /** The registered job names (for operations and tests). */
  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Runs a job's work once, now, in this process (tests; an operator's "run now"). */
  async runNow(name: string): Promise<unknown> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job ${name}`);
    return job.run(new AbortController().signal);
  }

  /**
   * Queues a run of a job through pg-boss (the worker picks it up like a scheduled one); its job
   * id, or null when pg-boss is not running here. A run already queued and not started (a
   * scheduled one, or a failed one waiting for its retry) is brought forward to now instead of
   * queueing another behind it.
   */
  async trigger(name: string): Promise<string | null> {
    if (!this.jobs.has(name)) throw new Error(`no job ${name}`);
    await this.firstAttempt;
    const boss = this.boss;
    if (!boss) return null;
    const { rows } = await boss.getDb().executeSql(
      `WITH next AS (SELECT id FROM ${this.schema}.job WHERE name = $1 AND state IN ('created', 'retry') ORDER BY created_on LIMIT 1)
       UPDATE ${this.schema}.job j SET start_after = LEAST(j.start_after, now()) FROM next WHERE j.name = $1 AND j.id = next.id RETURNING j.id`, [name]);
    return (rows[0] as { id: string } | undefined)?.id ?? boss.send(name, {});
  }

  /** A queued run's state (created, active, completed, retry, failed), or null. */
  async state(name: string, id: string): Promise<string | null> {
    return (await this.boss?.getJobById(name, id))?.state ?? null;
  }

  /** What a job's queue is doing now, or null where pg-boss does not run in this process. */
  async activity(name: string): Promise<JobActivity | null> {
    const boss = this.boss;
    if (!boss) return null;
    const { rows } = await boss.getDb().executeSql(
      `SELECT id, state::text AS state,
              EXTRACT(epoch FROM now() - started_on)::float8 AS running,
              EXTRACT(epoch FROM started_on + expire_in - now())::float8 AS lease_left,
              GREATEST(0, EXTRACT(epoch FROM start_after - now()))::float8 AS starts_in
       FROM ${this.schema}.job WHERE name = $1 AND state IN ('created', 'retry', 'active') ORDER BY start_after`, [name]);
    const typed = rows as { id: string; state: string; running: number | null; lease_left: number | null; starts_in: number }[];
    const active = typed.find((r) => r.state === 'active');
    const retry = typed.find((r) => r.state === 'retry');
    const lease = this.leaseSeconds;
    const silent = active ? Math.max(0, lease - (active.lease_left ?? 0)) : 0;
    return {
      active: active
        ? {
          id: active.id, runningSeconds: Math.round(active.running ?? 0), silentSeconds: Math.round(silent), stale: silent > lease / 2,
          // The deadline, then the next takeover sweep (every half lease), then a worker's poll.
          takeoverWithinSeconds: Math.ceil(Math.max(0, active.lease_left ?? 0) + lease / 2 + (this.options.pollingIntervalSeconds ?? 2)),
        }
        : null,
      retry: retry ? { id: retry.id, startsInSeconds: Math.ceil(retry.starts_in) } : null,
      queued: typed.filter((r) => r.state === 'created').length,
    };
  }

  /**
   * Starts pg-boss off the start-up path (readiness does not wait for its schema and schedules);
   * `started` settles when it is running, or failed (logged; the jobs then do not run here).
   */
  onApplicationBootstrap(): void {
    if (!this.options.enabled || this.jobs.size === 0) return;
    let attempted!: () => void;
    this.firstAttempt = new Promise<void>((resolve) => { attempted = resolve; });
    this.starting = this.startUntilRunning(attempted);
  }

  /** Resolves once pg-boss is running (or the service stops first); at once where no job runs. */
  async started(): Promise<void> {
    await this.starting;
  }

  /**
   * A start that fails (the database restarting while the service starts: a supervisor restarted
   * it then) is tried again, after 1 s doubling to 30 s, until it works or the service stops;
   * the jobs would otherwise never run in this process.
   */
  private async startUntilRunning(attempted: () => void): Promise<void> {
    const signal = this.stopping.signal;
    for (let delay = 1_000; !signal.aborted; delay = Math.min(delay * 2, 30_000)) {
      try {
        await this.start();
        return;
      } catch (err) {
        log.error({ err, retry_in_ms: delay }, 'jobs could not start; trying again');
      } finally {
        attempted(); // before the wait below: trigger() does not wait out the retries
      }
      await sleep(delay, signal);
    }
    attempted();
  }

  private async start(): Promise<void> {
    const schema = this.schema;
    const boss = new PgBoss({ connectionString: this.options.connectionString, schema, max: this.options.max ?? 2 });
    boss.on('error', (err) => log.warn({ err }, 'pg-boss error'));
    try {
      await boss.start();
      for (const job of this.jobs.values()) {
        const queue = {
          name: job.name, policy: 'singleton' as const, retryLimit: job.retryLimit ?? 3, retryDelay: job.retryDelaySeconds ?? 60,
          retryBackoff: job.retryBackoff ?? true, expireInSeconds: this.leaseSeconds,
        };
        // createQueue keeps an existing queue as it is: its lease and retries are updated too.
        await boss.createQueue(job.name, queue);
        await boss.updateQueue(job.name, queue);
        await boss.schedule(job.name, job.cron, {}, { tz: job.tz ?? 'UTC' });
      }
    } catch (error) {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      throw error;
    }
    this.boss = boss;
    for (const job of this.jobs.values()) {
      this.loops.push(this.loop(boss, job).catch((err: unknown) => log.error({ err, job: job.name }, 'job worker stopped')));
    }
    this.loops.push(this.sweep(boss));
    log.info({ jobs: this.names(), schema, lease_seconds: this.leaseSeconds }, 'jobs scheduled');
  }

  /**
   * Every half lease: runs whose lease ran out (their worker's process died, or could not reach the
   * database for a whole lease and did not renew in the round after) go back to the queue to start at once. pg-boss's own expiry does
   * the same at its maintenance (every 2 minutes) after the queue's retry delay; this is the fast
   * path. A run already at its retry limit is left to pg-boss, which fails it.
   */
  private async sweep(boss: PgBoss): Promise<void> {
    const signal = this.stopping.signal;
    const names = this.names();
    // After the database was away (a restart), live workers could not renew either: the first round
    // back gives them a round's time to renew before anything counts as abandoned.
    let grace = false;
    while (!signal.aborted) {
      await sleep((this.leaseSeconds * 1000) / 2, signal);
      if (signal.aborted) break;
      try {
        await this.takeOver(boss, names, grace);
        grace = false;
      } catch (err) {
        grace = true;
        log.warn({ err }, 'could not look for job runs whose worker stopped');
      }
    }
  }

  private async takeOver(boss: PgBoss, names: string[], onlyLook: boolean): Promise<void> {
    if (onlyLook) {
      await boss.getDb().executeSql('SELECT 1', []);
      return;
    }
    const { rows } = await boss.getDb().executeSql(
      `UPDATE ${this.schema}.job SET state = 'retry', start_after = now(),
              output = jsonb_build_object('message', 'taken over: its worker stopped renewing its lease')
       WHERE name = ANY($1::text[]) AND state = 'active' AND started_on + expire_in < now() AND retry_count < retry_limit
       RETURNING name, id, EXTRACT(epoch FROM now() - started_on)::float8 AS ran`, [names]);
    for (const r of rows as { name: string; id: string; ran: number }[]) {
      log.warn({ job: r.name, id: r.id, ran_seconds: Math.round(r.ran) }, 'job run taken over: its worker stopped renewing its lease; it starts again now');
    }
  }

  /**
   * One job's worker, instead of pg-boss's `work` (see guardPgBossCompletion): fetch a queued run,
   * run it under its lease, and record its outcome, every database call awaited. While the
   * database is away (restarting) the fetch finds nothing and an outcome that cannot be recorded
   * is tried again with back-off until it is, so the run is neither lost nor repeated, and nothing
   * rejects unhandled. A run's failure is pg-boss's `fail` (retried per the queue). An outcome is
   * recorded only while the run is still ours (its lease renewed just before): a run taken over
   * meanwhile belongs to its new worker.
   */
  private async loop(boss: PgBoss, job: JobDefinition): Promise<void> {
    const signal = this.stopping.signal;
    const pollMs = (this.options.pollingIntervalSeconds ?? 2) * 1000;
    while (!signal.aborted) {
      const runs = await boss.fetch(job.name, { includeMetadata: true }).catch((err: unknown) => {
        log.warn({ err, job: job.name }, 'could not fetch queued job runs');
        return [];
      });
      for (const run of runs) {
        const lease = new Lease(boss.getDb(), this.schema, { name: job.name, id: run.id, retryCount: run.retryCount }, this.leaseSeconds);
        // At once: a run queued before the lease existed carries pg-boss's 15 minutes.
        await lease.renew().catch(() => undefined);
        lease.keep();
        const started = performance.now();
        let failure: unknown;
        try {
          await job.run(lease.lost.signal);
          recordJobRun(job.name, 'ok', (performance.now() - started) / 1000);
        } catch (error) {
          failure = error ?? new Error('job failed');
          recordJobRun(job.name, 'failed', (performance.now() - started) / 1000);
          // info, not warn: pg-boss records the failure (and the metric counts it); a run cut short
          // by a shutdown (its transport closed under it) is expected, and the next run goes on.
          log.info({ err: failure, job: job.name, id: run.id }, 'job run failed; pg-boss retries it');
        } finally {
          await lease.stop();
        }
        const record = async () => {
          if (!(await lease.renew())) return false;
          await (failure === undefined
            ? boss.complete(job.name, run.id)
            : boss.fail(job.name, run.id, { message: String((failure as Error)?.message ?? failure) }));
          return true;
        };
        for (let delay = 500; ; delay = Math.min(delay * 2, 10_000)) {
          try {
            if (!(await record())) log.warn({ job: job.name, id: run.id }, 'job run was taken over meanwhile; its outcome is left to its new worker');
            break;
          } catch (err) {
            unrecorded++;
            if (signal.aborted) break; // stays active; its lease runs out and it is taken over
            log.warn({ err, job: job.name, id: run.id }, 'could not record a job run\'s outcome; trying again');
            await sleep(delay, signal);
          }
        }
      }
      if (!runs.length) await sleep(pollMs, signal);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping.abort(); // also ends start attempts
    await this.starting;
    // A run under way finishes first (as pg-boss's graceful stop did), for at most 10 s.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(this.loops), new Promise<void>((resolve) => { timer = setTimeout(resolve, 10_000); })]);
    clearTimeout(timer);
    const boss = this.boss;
    this.boss = undefined;
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
