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
 * retries with back-off. The work itself is a plain async function, so tests call it through
 * `runNow` with the service's (fake) clock instead of waiting for cron.
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
  /** Attempts after a failure (back-off doubling from `retryDelaySeconds`). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  run(): Promise<unknown>;
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
}

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
 * it still sees the error. A job whose completion was lost stays active until pg-boss expires it
 * and retries it. Installed once, on the module pg-boss itself loads.
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

  constructor(@Inject(JOBS_OPTIONS) private readonly options: JobsOptions) {}

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
    return job.run();
  }

  /**
   * Queues a run of a job through pg-boss (the worker picks it up like a scheduled one); its job
   * id, or null when pg-boss is not running here.
   */
  async trigger(name: string): Promise<string | null> {
    if (!this.jobs.has(name)) throw new Error(`no job ${name}`);
    await this.firstAttempt;
    return this.boss ? this.boss.send(name, {}) : null;
  }

  /** A queued run's state (created, active, completed, retry, failed), or null. */
  async state(name: string, id: string): Promise<string | null> {
    return (await this.boss?.getJobById(name, id))?.state ?? null;
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
    const schema = `pgboss_${this.options.service.replace(/[^a-z0-9_]/gi, '_')}`;
    const boss = new PgBoss({ connectionString: this.options.connectionString, schema, max: this.options.max ?? 2 });
    boss.on('error', (err) => log.warn({ err }, 'pg-boss error'));
    try {
      await boss.start();
      for (const job of this.jobs.values()) {
        await boss.createQueue(job.name, {
          name: job.name, policy: 'singleton', retryLimit: job.retryLimit ?? 3, retryDelay: job.retryDelaySeconds ?? 60, retryBackoff: true,
        });
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
    log.info({ jobs: this.names(), schema }, 'jobs scheduled');
  }

  /**
   * One job's worker, instead of pg-boss's `work` (see guardPgBossCompletion): fetch a queued run,
   * run it, and record its outcome, every database call awaited. While the database is away
   * (restarting) the fetch finds nothing and an outcome that cannot be recorded is tried again
   * with back-off until it is, so the run is neither lost nor repeated, and nothing rejects
   * unhandled. A run's failure is pg-boss's `fail` (retried with back-off per the queue).
   */
  private async loop(boss: PgBoss, job: JobDefinition): Promise<void> {
    const signal = this.stopping.signal;
    const pollMs = (this.options.pollingIntervalSeconds ?? 2) * 1000;
    while (!signal.aborted) {
      const runs = await boss.fetch(job.name).catch((err: unknown) => {
        log.warn({ err, job: job.name }, 'could not fetch queued job runs');
        return [];
      });
      for (const run of runs) {
        const started = performance.now();
        let failure: unknown;
        try {
          await job.run();
          recordJobRun(job.name, 'ok', (performance.now() - started) / 1000);
        } catch (error) {
          failure = error ?? new Error('job failed');
          recordJobRun(job.name, 'failed', (performance.now() - started) / 1000);
          // info, not warn: pg-boss records the failure (and the metric counts it); a run cut short
          // by a shutdown (its transport closed under it) is expected, and the next run goes on.
          log.info({ err: failure, job: job.name, id: run.id }, 'job run failed; pg-boss retries it');
        }
        const record = () => failure === undefined
          ? boss.complete(job.name, run.id)
          : boss.fail(job.name, run.id, { message: String((failure as Error)?.message ?? failure) });
        for (let delay = 500; ; delay = Math.min(delay * 2, 10_000)) {
          try {
            await record();
            break;
          } catch (err) {
            unrecorded++;
            if (signal.aborted) break; // stays active; pg-boss expires and retries it
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
