import { describe, expect, it } from 'vitest';
import type { TShard } from '@portal/proto';
import { ManualClock } from '../clock.js';
import { RETENTION_BATCH, RetentionSweep, commonRetentionRules, retentionConfig, type RetentionExecutor } from './retention.js';

const DAY = 24 * 3600_000;

function sweep(execute: RetentionExecutor, clock = new ManualClock(new Date('2026-11-24T00:00:00Z'))) {
  return new RetentionSweep({
    service: 'test',
    rules: commonRetentionRules(retentionConfig({ RETENTION_OUTBOX_DAYS: '7' })),
    shards: () => ['jpn', 'usa'] as TShard[],
    execute,
    clock,
    intervalSeconds: 0,
  });
}

describe('retention sweep', () => {
  it('deletes each rule in each shard with the cutoff of its period, batch after batch until a short one', async () => {
    const calls: { shard: TShard; sql: string; cutoff: Date }[] = [];
    const left: Record<string, number> = { 'jpn outbox': RETENTION_BATCH * 2 + 3, 'usa outbox': 1, 'jpn processed_events': 0, 'usa processed_events': 4 };
    const deleted = await sweep(async (shard, sql, values) => {
      calls.push({ shard, sql, cutoff: values[0] as Date });
      const key = `${shard} ${sql.includes('FROM outbox') ? 'outbox' : 'processed_events'}`;
      const n = Math.min(RETENTION_BATCH, left[key]!);
      left[key]! -= n;
      return n;
    }).runNow();
    expect(deleted).toEqual({ outbox_published: RETENTION_BATCH * 2 + 4, processed_events: 4 });
    expect(Object.values(left).every((n) => n === 0)).toBe(true);
    const outbox = calls.filter((c) => c.sql.includes('FROM outbox'));
    expect(outbox.map((c) => c.shard)).toEqual(['jpn', 'jpn', 'jpn', 'usa']);
    expect(outbox[0]!.cutoff.toISOString()).toBe(new Date(Date.parse('2026-11-24T00:00:00Z') - 7 * DAY).toISOString());
    expect(outbox[0]!.sql).toContain('published_at IS NOT NULL AND published_at < $1');
    const processed = calls.find((c) => c.sql.includes('FROM processed_events'))!;
    expect(processed.cutoff.toISOString()).toBe(new Date(Date.parse('2026-11-24T00:00:00Z') - 30 * DAY).toISOString());
  });

  it('goes on with the other shards when one fails, and joins a pass under way instead of starting another', async () => {
    let calls = 0;
    const job = sweep(async (shard) => {
      calls++;
      if (shard === 'jpn') throw new Error('connection refused');
      return 2;
    });
    const [a, b] = await Promise.all([job.runNow(), job.runNow()]);
    expect(a).toBe(b);
    expect(a).toEqual({ outbox_published: 2, processed_events: 2 });
    expect(calls).toBe(4);
  });

  it('refuses a period that is not a positive number of days', () => {
    expect(() => retentionConfig({ RETENTION_TOKENS_DAYS: '0' })).toThrow(/RETENTION_TOKENS_DAYS/);
  });
});
