import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent } from '../support/agent.js';
import { parseCsv } from '../support/csv.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

describe('operation log: account names, account filter and CSV export (issue 4 §8)', () => {
  let portal: TestPortal;
  let owner: Agent;
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    const admin = new Agent(portal);
    await admin.login('admin@example.com', 'Admin#2026');
    await eventually(async () => (await portal.db.query("SELECT 1 FROM jpn_usage_log.operation_logs WHERE client_uuid = $1 AND operation = 'login'", [DEMO_IDS.client])).length === 2);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('names the accounts in the log and filters by one of them', async () => {
    const ownerUuid = (await portal.db.query<{ uuid: string }>("SELECT uuid FROM jpn_identity.accounts WHERE email = 'owner@example.com'"))[0]!.uuid;
    const all = (await owner.call('GET', '/v1/client_activity_log/list')).body.result;
    expect(all.accounts).toEqual(expect.arrayContaining([expect.objectContaining({ uuid: ownerUuid, email: 'owner@example.com' })]));
    expect(all.accounts.map((a: { email: string }) => a.email)).not.toContain('secure-owner@example.com');
    const mine = (await owner.call('GET', `/v1/client_activity_log/list?account_uuid=${ownerUuid}`)).body.result;
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThan(all.total);
    expect(mine.logs.every((l: { account_uuid: string }) => l.account_uuid === ownerUuid)).toBe(true);
  });

  it('exports the filtered log as CSV in the caller\'s language, with a BOM', async () => {
    const file = (await owner.call('POST', '/v1/export', { type: 'operation_log', operation: 'login' })).body.result;
    expect(file.file_name).toMatch(/^operation_log_\d{8}\.csv$/);
    expect(file.content.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(file.content.slice(1));
    expect(rows[0]).toEqual(['日時（Asia/Tokyo）', 'アカウント', 'メールアドレス', '対象操作', '操作', '詳細']);
    expect(rows).toHaveLength(file.rows + 1);
    expect(file.rows).toBe(2);
    expect(rows.slice(1).map((r) => [r[3], r[4]])).toEqual([['ログイン', 'ログイン'], ['ログイン', 'ログイン']]);
    expect(rows.slice(1).map((r) => r[2]).sort()).toEqual(['admin@example.com', 'owner@example.com']);
    expect(rows[1]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const english = new Agent(portal, { host: 'portal.example.com' });
    await english.login('owner-us@example.com', 'OwnerUs#2026');
    const us = parseCsv((await english.call('POST', '/v1/export', { type: 'operation_log' })).body.result.content.slice(1));
    expect(us[0]!.slice(0, 5)).toEqual(['Date and time (America/New_York)', 'Account', 'Email', 'Target operation', 'Operation']);
    expect(us.slice(1).every((r) => r[2] === 'owner-us@example.com')).toBe(true);
  });

  it('lists and filters by target operation (category), with the event as the detail', async () => {
    const admin = new Agent(portal);
    await admin.login('admin@example.com', 'Admin#2026');
    await admin.call('PUT', '/v1/profile', { action: 'update', family_name: '佐藤', given_name: '次郎丸', language: 'ja-jp' });
    await portal.settle(); // the list reads its rows and its total separately: not while the entry is being written
    const profile = await eventually(async () => {
      const res = (await owner.call('GET', '/v1/client_activity_log/list?category=profile')).body.result;
      return res.total >= 1 ? res : undefined;
    });
    expect(profile.logs.every((l: { category: string }) => l.category === 'profile')).toBe(true);
    expect(profile.logs[0]).toMatchObject({ category: 'profile', operation: 'profile_changed', support_actor: null });
    const logins = (await owner.call('GET', '/v1/client_activity_log/list?category=login')).body.result;
    expect(logins.total).toBeGreaterThanOrEqual(3);
    expect(new Set(logins.logs.map((l: { category: string }) => l.category))).toEqual(new Set(['login']));
    // Category and event together narrow further; an unknown category is a form error.
    expect((await owner.call('GET', '/v1/client_activity_log/list?category=login&operation=profile_changed')).body.result.total).toBe(0);
    expect((await owner.call('GET', '/v1/client_activity_log/list?category=nope')).status).toBe(422);
    const rows = parseCsv((await owner.call('POST', '/v1/export', { type: 'operation_log', category: 'profile' })).body.result.content.slice(1));
    expect(rows.slice(1).every((r) => r[3] === 'プロフィール' && r[4] === 'プロフィール変更')).toBe(true);
  });

  it('names the partner who acted in a support login, in the list and the CSV', async () => {
    const partner = new Agent(portal);
    await partner.login('partner@example.com', 'Partner#2026');
    const url = (await partner.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.client })).body.result.url as string;
    const support = new Agent(portal);
    await support.call('POST', '/v1/proxy_login', { access_token: decodeURIComponent(url.split('/proxy_login/')[1]!) });
    const invited = await support.call('POST', '/v1/user/invite', { users: [{ email: 'by-support@example.com', family_name: '支援', given_name: '太郎', authority: 'user', products: [] }] });
    expect(invited.body.result.access_status.code).toBe(20000);
    const entry = await eventually(async () => {
      const res = (await owner.call('GET', '/v1/client_activity_log/list?operation=account_invited')).body.result;
      return res.logs.find((l: { detail: { email: string } }) => l.detail.email === 'by-support@example.com');
    });
    // Issue 25: the partner behind it and the person, apart.
    expect(entry).toMatchObject({ category: 'accounts', support_actor: '代理花子', detail: { support: true }, actor: { kind: 'support', behind: 'partner', organisation: 'デモ代理店株式会社', name: '代理花子' } });
    const rows = parseCsv((await owner.call('POST', '/v1/export', { type: 'operation_log', operation: 'account_invited' })).body.result.content.slice(1));
    expect(rows[1]![1]).toBe('代理店 デモ代理店株式会社（サポートログイン） 代理花子');
    expect(rows[1]![2]).toBe('');
    // The detail in words, as on the page: no JSON, and the actor only in the account column.
    expect(rows[1]![5]).toMatch(/^メールアドレス：by-support@example\.com; 権限：ユーザー; IPアドレス：/);
    expect(rows[1]![5]).not.toMatch(/[{}"]|代理花子/);
  });

  it('neutralises spreadsheet formulas in exported values', async () => {
    const profile = (await owner.call('GET', '/v1/profile')).body.result;
    await owner.call('PUT', '/v1/profile', { action: 'update', family_name: '=HYPERLINK("http://evil")', given_name: 'x', language: profile.language });
    const rows = parseCsv((await owner.call('POST', '/v1/export', { type: 'operation_log', operation: 'login' })).body.result.content.slice(1));
    const ownerRow = rows.find((r) => r[2] === 'owner@example.com')!;
    expect(ownerRow[1]).toBe(`'=HYPERLINK("http://evil") x`);
  });

  it('reads the period\'s dates in the host region\'s zone and shows the times in it, in the list\'s CSV too', async () => {
    // 2026-11-24 03:00 UTC: the evening of Nov 23 in New York, midday of Nov 24 in Tokyo.
    const at = '2026-11-24T03:00:00Z';
    await portal.db.query("INSERT INTO usa_usage_log.operation_logs (client_uuid, account_uuid, operation, detail, occurred_at) VALUES ($1, NULL, 'lockout', $2, $3)",
      [DEMO_IDS.usClient, JSON.stringify({ until: '2026-11-24T03:15:00.000Z', failures: 5 }), at]);
    await portal.db.query("INSERT INTO jpn_usage_log.operation_logs (client_uuid, account_uuid, operation, detail, occurred_at) VALUES ($1, NULL, 'lockout', '{}', $2)", [DEMO_IDS.client, at]);
    const us = new Agent(portal, { host: 'portal.example.com' });
    await us.login('owner-us@example.com', 'OwnerUs#2026');
    const usTotal = async (query: string) => (await us.call('GET', `/v1/client_activity_log/list?operation=lockout&${query}`)).body.result.total;
    expect(await usTotal('from=2026-11-23&to=2026-11-23')).toBe(1);
    expect(await usTotal('from=2026-11-24')).toBe(0);
    expect(await usTotal('to=2026-11-22')).toBe(0);
    const jpTotal = async (query: string) => (await owner.call('GET', `/v1/client_activity_log/list?operation=lockout&${query}`)).body.result.total;
    expect(await jpTotal('from=2026-11-24&to=2026-11-24')).toBe(1);
    expect(await jpTotal('to=2026-11-23')).toBe(0);
    const usRows = parseCsv((await us.call('POST', '/v1/export', { type: 'operation_log', operation: 'lockout', from: '2026-11-23', to: '2026-11-23' })).body.result.content.slice(1));
    expect(usRows.slice(1).map((r) => [r[0], r[4], r[5]])).toEqual([['2026-11-23 22:00:00', 'Account locked', '5 failed attempts in a row; Locked until Nov 23, 2026, 10:15 PM EST']]);
    const jpRows = parseCsv((await owner.call('POST', '/v1/export', { type: 'operation_log', operation: 'lockout', from: '2026-11-24' })).body.result.content.slice(1));
    expect(jpRows.slice(1).map((r) => r[0])).toEqual(['2026-11-24 12:00:00']);
  });

  it('records a logout', async () => {
    const user = new Agent(portal);
    await user.login('user@example.com', 'User#2026');
    await user.call('POST', '/v1/logout', {});
    const userUuid = (await portal.db.query<{ uuid: string }>("SELECT uuid FROM jpn_identity.accounts WHERE email = 'user@example.com'"))[0]!.uuid;
    await eventually(async () => (await portal.db.query(
      "SELECT 1 FROM jpn_usage_log.operation_logs WHERE operation = 'logout' AND account_uuid = $1 AND client_uuid = $2", [userUuid, DEMO_IDS.client])).length === 1);
    // A second logout without a session records nothing more.
    await user.call('POST', '/v1/logout', {});
    await portal.settle();
    expect(await portal.db.query("SELECT 1 FROM jpn_usage_log.operation_logs WHERE operation = 'logout'")).toHaveLength(1);
  });

  it('refuses an export over 10,000 rows and a malformed filter, and needs a login', async () => {
    await portal.db.query(
      `INSERT INTO jpn_usage_log.operation_logs (client_uuid, account_uuid, operation, detail, occurred_at)
       SELECT $1, NULL, 'login_failed', '{}', now() - (g || ' seconds')::interval FROM generate_series(1, 10001) g`, [DEMO_IDS.client]);
    const res = await owner.call('POST', '/v1/export', { type: 'operation_log' });
    expect(res.body.result.access_status).toEqual({ code: 40011, message: 'エクスポートは10,000件までです。期間や条件を絞り込んでください。' });
    expect((await owner.call('POST', '/v1/export', { type: 'operation_log', operation: 'login_failed', from: '2026-13-01' })).status).toBe(422);
    expect((await owner.call('POST', '/v1/export', { type: 'users' })).status).toBe(422);
    const anonymous = await new Agent(portal).call('POST', '/v1/export', { type: 'operation_log' });
    expect(anonymous.body.result.access_status.code).toBe(40000);
  });
  it('pages by keyset, counts up to 10,000 and exports in batches without skipping or repeating an entry (issue 9 §6)', async () => {
    // Over 10,000 entries (the test above added 10,001): the count stops at the cap and says so.
    const first = (await owner.call('GET', '/v1/client_activity_log/list?per_page=100')).body.result;
    expect(first).toMatchObject({ total: 10_000, total_capped: true });
    expect(first.next_cursor).toMatch(/^\d+~[0-9a-f-]{36}$/);
    // The next pages by cursor are the pages by number, newest first.
    let cursor = first.next_cursor as string;
    for (const page of [2, 3]) {
      const byCursor = (await owner.call('GET', `/v1/client_activity_log/list?per_page=100&cursor=${cursor}`)).body.result;
      const byNumber = (await owner.call('GET', `/v1/client_activity_log/list?per_page=100&page=${page}`)).body.result;
      expect(byCursor.logs.map((l: { id: string }) => l.id)).toEqual(byNumber.logs.map((l: { id: string }) => l.id));
      cursor = byCursor.next_cursor;
    }
    // Entries of the same instant are told apart by id: five of one millisecond, two a page.
    await portal.db.query(
      `INSERT INTO jpn_usage_log.operation_logs (client_uuid, account_uuid, operation, detail, occurred_at)
       SELECT $1, NULL, 'keyset_tie', '{}', '2026-11-20T00:00:00.123Z' FROM generate_series(1, 5)`, [DEMO_IDS.client]);
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const res: { total: number; logs: { id: string }[]; next_cursor: string | null } = (await owner.call('GET', `/v1/client_activity_log/list?per_page=2&operation=keyset_tie${next ? `&cursor=${next}` : ''}`)).body.result;
      expect(res).toMatchObject({ total: 5, total_capped: false });
      seen.push(...res.logs.map((l: { id: string }) => l.id));
      next = res.next_cursor;
      pages++;
    } while (next && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
    expect([...seen].sort().reverse()).toEqual(seen);
    // A malformed cursor is a form error naming the field, not a 500.
    const bad = await owner.call('GET', '/v1/client_activity_log/list?cursor=1%27%3B--');
    expect(bad.status).toBe(422);
    expect(bad.body.result.access_status.code).toBe(40011);
    expect(Object.keys(bad.body.result.errors)).toEqual(['cursor']);
    // 2,500 entries, three to an instant, read in batches of 1,000: each once, newest first.
    await portal.db.query(
      `INSERT INTO jpn_usage_log.operation_logs (client_uuid, account_uuid, operation, detail, occurred_at)
       SELECT $1, NULL, 'keyset_bulk', jsonb_build_object('n', g), timestamptz '2026-11-19T00:00:00Z' - ((g / 3) || ' seconds')::interval FROM generate_series(1, 2500) g`, [DEMO_IDS.client]);
    const file = (await owner.call('POST', '/v1/export', { type: 'operation_log', operation: 'keyset_bulk' })).body.result;
    expect(file.rows).toBe(2500);
    const rows = parseCsv(file.content.slice(1)).slice(1);
    expect(rows).toHaveLength(2500);
    const numbers = rows.map((r) => Number(/\d+/.exec(r[5]!)?.[0]));
    expect(new Set(numbers).size).toBe(2500);
    const times = rows.map((r) => r[0]!);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
