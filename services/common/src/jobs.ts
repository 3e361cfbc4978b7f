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

@Injectable()
export class JobRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs = new Map<string, JobDefinition>();
  private boss: PgBoss | undefined;
  private starting: Promise<void> | undefined;

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
    await this.starting;
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
    this.starting = this.start().catch((err: unknown) => {
      log.error({ err }, 'jobs could not start');
    });
  }

  /** Resolves once pg-boss is running (or could not start); at once where no job runs. */
  async started(): Promise<void> {
    await this.starting;
  }

  private async start(): Promise<void> {
    const schema = `pgboss_${this.options.service.replace(/[^a-z0-9_]/gi, '_')}`;
    const boss = new PgBoss({ connectionString: this.options.connectionString, schema, max: this.options.max ?? 2 });
    boss.on('error', (err) => log.warn({ err }, 'pg-boss error'));
    await boss.start();
    this.boss = boss;
    for (const job of this.jobs.values()) {
      await boss.createQueue(job.name, {
        name: job.name, policy: 'singleton', retryLimit: job.retryLimit ?? 3, retryDelay: job.retryDelaySeconds ?? 60, retryBackoff: true,
      });
      await boss.schedule(job.name, job.cron, {}, { tz: job.tz ?? 'UTC' });
      await boss.work(job.name, { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 }, async () => {
        const started = performance.now();
        try {
          await job.run();
          recordJobRun(job.name, 'ok', (performance.now() - started) / 1000);
        } catch (error) {
          recordJobRun(job.name, 'failed', (performance.now() - started) / 1000);
          throw error;
        }
      });
    }
    log.info({ jobs: this.names(), schema }, 'jobs scheduled');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.starting;
    const boss = this.boss;
    this.boss = undefined;
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
