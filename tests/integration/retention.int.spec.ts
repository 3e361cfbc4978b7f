import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@portal/service-common/clock';
import { RETENTION_BATCH } from '@portal/service-common/db/retention';
import { Agent } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

const DAY = 24 * 3600_000;

/**
 * Retention (issue 9 §6): published outbox rows, processed-event ids, ended sessions and used or
 * expired tokens go after their period (defaults: 7, 30, 30 and 30 days), and nothing before it.
 * The clock is moved and the sweep run now: no waiting for its timer.
 */
describe('retention sweep', () => {
  // The database stamps some rows (published_at, processed_at) with its own now(): start at the wall clock.
  const clock = new ManualClock(new Date());
  let portal: TestPortal;
  let ownerUuid: string;
  const sweep = (service: string) => portal.services.find((s) => s.name === service)!.retention.runNow();
  const count = async (sql: string, values: unknown[] = []) => Number((await portal.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, values))[0]!.n);

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock });
    ownerUuid = (await portal.db.query<{ uuid: string }>("SELECT uuid FROM jpn_identity.accounts WHERE email = 'owner@example.com'"))[0]!.uuid;
    const owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    await owner.call('POST', '/v1/user/invite', { users: [{ email: 'kept-a-while@example.com', family_name: '保持', given_name: '太郎', authority: 'user' }] });
    await owner.call('POST', '/v1/logout', {});
    await portal.settle();
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('keeps everything younger than its period', async () => {
    const sessions = await count('jpn_identity.sessions WHERE account_uuid = $1', [ownerUuid]);
    const tokens = await count("jpn_identity.one_time_tokens WHERE purpose = 'invitation'");
    const outbox = await count('jpn_identity.outbox WHERE published_at IS NOT NULL');
    const processed = await count('jpn_usage_log.processed_events');
    expect(sessions).toBeGreaterThanOrEqual(1);
    expect(tokens).toBeGreaterThanOrEqual(1);
    expect(outbox).toBeGreaterThanOrEqual(2);
    expect(processed).toBeGreaterThanOrEqual(2);
    clock.advance(6 * DAY);
    await sweep('identity');
    await sweep('usage-log');
    expect(await count('jpn_identity.sessions WHERE account_uuid = $1', [ownerUuid])).toBe(sessions);
    expect(await count("jpn_identity.one_time_tokens WHERE purpose = 'invitation'")).toBe(tokens);
    expect(await count('jpn_identity.outbox WHERE published_at IS NOT NULL')).toBe(outbox);
    expect(await count('jpn_usage_log.processed_events')).toBe(processed);
  });

  it('deletes published outbox rows after 7 days, never an unpublished one', async () => {
    // An old row not yet published (the relay is stopped, as while NATS is away) stays.
    await portal.services.find((s) => s.name === 'identity')!.stopRelay();
    await portal.db.query("INSERT INTO jpn_identity.outbox (subject, payload, created_at) VALUES ('retention.test.unpublished', '{}', now() - interval '400 days')");
    clock.advance(2 * DAY); // 8 days on
    const deleted = await sweep('identity');
    expect(deleted.outbox_published).toBeGreaterThanOrEqual(2);
    expect(await count('jpn_identity.outbox WHERE published_at IS NOT NULL')).toBe(0);
    expect(await count("jpn_identity.outbox WHERE subject = 'retention.test.unpublished'")).toBe(1);
    // Sessions and tokens have a longer period.
    expect(await count('jpn_identity.sessions WHERE account_uuid = $1', [ownerUuid])).toBeGreaterThanOrEqual(1);
    expect(await count("jpn_identity.one_time_tokens WHERE purpose = 'invitation'")).toBeGreaterThanOrEqual(1);
  });

  it('deletes ended sessions, expired tokens and processed-event ids after 30 days, in every service', async () => {
    clock.advance(24 * DAY); // 32 days on: 30 past the invitation link's expiry (a day after it was sent), and past every other
    const identity = await sweep('identity');
    const usage = await sweep('usage-log');
    expect(identity.sessions).toBeGreaterThanOrEqual(1);
    expect(identity.one_time_tokens).toBeGreaterThanOrEqual(1);
    expect(usage.processed_events).toBeGreaterThanOrEqual(2);
    expect(await count('jpn_identity.sessions WHERE account_uuid = $1', [ownerUuid])).toBe(0);
    expect(await count("jpn_identity.one_time_tokens WHERE purpose = 'invitation'")).toBe(0);
    expect(await count('jpn_usage_log.processed_events')).toBe(0);
    // The invitation without a link reads expired; the account itself is kept.
    expect(await count("jpn_identity.accounts WHERE email = 'kept-a-while@example.com'")).toBe(1);
  });

  it('deletes in batches: more rows than one statement takes all go', async () => {
    await portal.db.query(
      `INSERT INTO jpn_notification.processed_events (consumer, msg_id, processed_at)
       SELECT 'retention-test', g::text, now() - interval '90 days' FROM generate_series(1, ${RETENTION_BATCH + 10}) g`);
    const deleted = await sweep('notification');
    expect(deleted.processed_events).toBeGreaterThanOrEqual(RETENTION_BATCH + 10);
    expect(await count("jpn_notification.processed_events WHERE consumer = 'retention-test'")).toBe(0);
  });
});
