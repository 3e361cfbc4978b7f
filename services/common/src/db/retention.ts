import { z } from 'zod';
import type { TShard } from '@portal/proto';
import type { Clock } from '../clock.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';

/**
 * Retention: rows that have done their job are deleted after a configurable period, so that the
 * tables a request touches stay the size of what is live (docs/operations.md "Retention").
 *
 * Every service drops its published outbox rows and its processed-event ids; identity also its
 * ended sessions and its used, closed or expired one-time tokens (services/identity/src/index.ts).
 *
 * Self-contained on purpose: a rule is a name, a period and a DELETE; the sweep is a small
 * interval loop (RETENTION_SWEEP_SECONDS) with `runNow()` for tests and operators. Moving it onto
 * a job runner (pg-boss) means calling `runNow()` from a scheduled job instead of the timer.
 */
export const ZRetentionConfig = z.object({
  /** How often the sweep runs, in seconds (0: never on its own; `runNow()` still works). */
  RETENTION_SWEEP_SECONDS: z.coerce.number().int().min(0).default(3600),
  /** Published outbox rows: kept this many days after publishing (a record of what was sent). */
  RETENTION_OUTBOX_DAYS: z.coerce.number().positive().default(7),
  /**
   * Processed-event ids (consumer de-duplication): kept this many days. Must exceed the longest
   * time JetStream may redeliver an event (the stream's max_age), or a late redelivery would be
   * applied twice.
   */
  RETENTION_PROCESSED_EVENTS_DAYS: z.coerce.number().positive().default(30),
  /** Sessions: kept this many days after they ended or reached their absolute expiry. */
  RETENTION_SESSIONS_DAYS: z.coerce.number().positive().default(30),
  /** One-time tokens (links and codes): kept this many days after their expiry, used or not. */
  RETENTION_TOKENS_DAYS: z.coerce.number().positive().default(30),
  /**
   * Issue 25: the operation (audit) log's entries, kept this many days. 0, the default: kept for
   * ever (the audit log is append-only; only this rule may delete from it).
   */
  RETENTION_AUDIT_LOG_DAYS: z.coerce.number().min(0).default(0),
});
export type TRetentionConfig = z.infer<typeof ZRetentionConfig>;

export const retentionConfig = (env: Record<string, string | undefined>): TRetentionConfig => loadConfig(ZRetentionConfig, env);

/**
 * One kind of row to delete: `where` is a condition on the table's own columns with one
 * parameter, `$1`, the cutoff (now minus the period). Rows go in batches, so that no statement
 * holds locks on a long tail of old rows.
 */
export interface RetentionRule {
  name: string;
  table: string;
  periodDays: number;
  where: string;
  /**
   * A transaction-local setting the delete sets to `on` first: a table that refuses deletes by
   * trigger (the append-only operation log) lets them through only with it.
   */
  setting?: string;
}

/** Executes one statement with its values in a shard; answers the rows it changed. */
export type RetentionExecutor = (shard: TShard, sql: string, values: unknown[]) => Promise<number>;

/** The rules every service has: its outbox and its processed-event ids. */
export function commonRetentionRules(config: TRetentionConfig): RetentionRule[] {
  return [
    { name: 'outbox_published', table: 'outbox', periodDays: config.RETENTION_OUTBOX_DAYS, where: 'published_at IS NOT NULL AND published_at < $1' },
    { name: 'processed_events', table: 'processed_events', periodDays: config.RETENTION_PROCESSED_EVENTS_DAYS, where: 'processed_at < $1' },
  ];
}

const DAY_MS = 24 * 3600_000;
/** Rows one statement deletes at most. */
export const RETENTION_BATCH = 5000;

export class RetentionSweep {
  private readonly log;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<Record<string, number>> | undefined;

  constructor(private readonly options: {
    service: string;
    rules: readonly RetentionRule[];
    shards: () => readonly TShard[];
    execute: RetentionExecutor;
    clock: Clock;
    intervalSeconds: number;
  }) {
    this.log = createLogger(`${options.service}.retention`);
  }

  get rules(): readonly RetentionRule[] {
    return this.options.rules;
  }

  start(): void {
    if (this.timer || !this.options.intervalSeconds) return;
    this.timer = setInterval(() => void this.runNow().catch(() => undefined), this.options.intervalSeconds * 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /**
   * One pass over every rule in every shard, as of the clock's now; a pass already under way is
   * joined, not doubled. Answers the rows deleted per rule. A failing shard is logged and tried
   * again at the next pass.
   */
  runNow(): Promise<Record<string, number>> {
    this.running ??= this.pass().finally(() => { this.running = undefined; });
    return this.running;
  }

  private async pass(): Promise<Record<string, number>> {
    const now = this.options.clock.now().getTime();
    const deleted: Record<string, number> = Object.fromEntries(this.options.rules.map((r) => [r.name, 0]));
    for (const shard of this.options.shards()) {
      for (const rule of this.options.rules) {
        const cutoff = new Date(now - rule.periodDays * DAY_MS);
        // The setting is an init plan of the statement: evaluated once, before the first row (and its trigger).
        const guard = rule.setting ? `(SELECT set_config('${rule.setting}', 'on', true)) = 'on' AND ` : '';
        const sql = `DELETE FROM ${rule.table} WHERE ${guard}ctid = ANY(ARRAY(SELECT ctid FROM ${rule.table} WHERE ${rule.where} LIMIT ${RETENTION_BATCH}))`;
        try {
          for (;;) {
            const n = await this.options.execute(shard, sql, [cutoff]);
            deleted[rule.name]! += n;
            if (n < RETENTION_BATCH) break;
          }
        } catch (err) {
          this.log.warn({ err, shard, rule: rule.name }, 'retention sweep failed');
        }
      }
    }
    if (Object.values(deleted).some(Boolean)) this.log.info({ deleted }, 'retention sweep');
    return deleted;
  }
}
