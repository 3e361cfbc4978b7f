import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

/** Parses our CSV (quoted fields with doubled quotes, CRLF rows). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\r') { /* CRLF */ } else if (c === '\n') { row.push(field); rows.push(row); row = []; field = ''; } else field += c;
  }
  return rows;
}

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
    expect(rows[0]).toEqual(['日時（日本時間）', 'アカウント', 'メールアドレス', '対象操作', '操作', '詳細']);
    expect(rows).toHaveLength(file.rows + 1);
    expect(file.rows).toBe(2);
    expect(rows.slice(1).map((r) => [r[3], r[4]])).toEqual([['ログイン', 'ログイン'], ['ログイン', 'ログイン']]);
    expect(rows.slice(1).map((r) => r[2]).sort()).toEqual(['admin@example.com', 'owner@example.com']);
    expect(rows[1]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const english = new Agent(portal, { host: 'portal.example.com' });
    await english.login('owner-us@example.com', 'OwnerUs#2026');
    const us = parseCsv((await english.call('POST', '/v1/export', { type: 'operation_log' })).body.result.content.slice(1));
    expect(us[0]!.slice(3, 5)).toEqual(['Target operation', 'Operation']);
    expect(us.slice(1).every((r) => r[2] === 'owner-us@example.com')).toBe(true);
  });

  it('lists and filters by target operation (category), with the event as the detail', async () => {
    const admin = new Agent(portal);
    await admin.login('admin@example.com', 'Admin#2026');
    await admin.call('PUT', '/v1/profile', { action: 'update', family_name: '佐藤', given_name: '次郎丸', language: 'ja-jp' });
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
    const invited = await support.call('POST', '/v1/user/invite', { users: [{ email: 'by-support@example.com', name: '支援', authority: 'user', products: [] }] });
    expect(invited.body.result.access_status.code).toBe(20000);
    const entry = await eventually(async () => {
      const res = (await owner.call('GET', '/v1/client_activity_log/list?operation=account_invited')).body.result;
      return res.logs.find((l: { detail: { email: string } }) => l.detail.email === 'by-support@example.com');
    });
    expect(entry).toMatchObject({ category: 'accounts', support_actor: '代理 花子 (デモ代理店株式会社)', detail: { support: true } });
    const rows = parseCsv((await owner.call('POST', '/v1/export', { type: 'operation_log', operation: 'account_invited' })).body.result.content.slice(1));
    expect(rows[1]![1]).toBe('代理 花子 (デモ代理店株式会社)（代理ログイン）');
    expect(rows[1]![2]).toBe('');
  });

  it('neutralises spreadsheet formulas in exported values', async () => {
    const profile = (await owner.call('GET', '/v1/profile')).body.result;
    await owner.call('PUT', '/v1/profile', { action: 'update', family_name: '=HYPERLINK("http://evil")', given_name: '', language: profile.language });
    const rows = parseCsv((await owner.call('POST', '/v1/export', { type: 'operation_log', operation: 'login' })).body.result.content.slice(1));
    const ownerRow = rows.find((r) => r[2] === 'owner@example.com')!;
    expect(ownerRow[1]).toBe(`'=HYPERLINK("http://evil")`);
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
    await new Promise((r) => setTimeout(r, 300));
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
});
