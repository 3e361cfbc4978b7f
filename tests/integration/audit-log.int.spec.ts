import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent, backOfficeAgents } from '../support/agent.js';
import { parseCsv } from '../support/csv.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 25, point 1: one audit trail with the true actor. Each entry names who did it, from the
 * request's principal: an operator's suspend and on-behalf registration by the operator's name, a
 * support login by the partner or operator behind it, a job as the system. Operators read every
 * back-office action in the audit log (filters, keyset pages, a CSV streamed in chunks); a partner
 * reads its own staff's actions and its clients' entries, never another partner's clients'. The
 * log is append-only in the database; its retention is off unless configured.
 */
const OPERATOR = '運営会社（運用太郎）';
const PARTNER_COMPANY = 'デモ代理店株式会社';

interface Entry { id: string; operation: string; actor: { kind: string; name: string | null; organisation: string | null; behind: string | null }; actor_label: string; actor_person: string | null; target_type: string | null; target_id: string | null; client_uuid: string | null; client_name: string | null }

describe('the audit trail and the audit log (issue 25)', () => {
  let portal: TestPortal;
  let operator: Agent;
  let partner: Agent;
  const otherPartner = randomUUID();
  const otherClient = randomUUID();

  /** The demo client's log as its owner reads it (logged in afresh: a suspension ended its sessions). */
  async function clientLog(operation: string) {
    await portal.settle();
    const owner = new Agent(portal);
    expect((await owner.login('owner@example.com', 'Owner#2026')).status).toBe(200);
    return eventually(async () => {
      const logs = (await owner.call('GET', `/v1/client_activity_log/list?operation=${operation}`)).body.result.logs as { actor: Entry['actor']; account_uuid: string | null; support_actor: string | null }[];
      return logs.length ? logs : undefined;
    });
  }
  const audit = async (agent: Agent, query: string) => (await agent.call('GET', `/v1/audit_log?${query}`)).body.result as { logs: Entry[]; next_cursor: string | null };
  /** The streamed CSV, as bytes (a BOM survives), with its headers. */
  async function exportCsv(agent: Agent, query: string) {
    const res = await fetch(`${portal.url}/v1/audit_log/export?${query}`, { headers: { cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes, rows: parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, '')) };
  }

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'nats' });
    ({ operator, partner } = await backOfficeAgents(portal));
    // Another partner's client, with an entry of its own (written as the consumer would).
    await portal.db.query(`INSERT INTO jpn_licence.clients (uuid, company_name, region, contract_type, licence_type, status, partner_uuid, updated_at)
      VALUES ($1, '他社の顧客株式会社', 'jpn', 'referral', 'normal', 'active', $2, now())`, [otherClient, otherPartner]);
    await portal.db.query(`INSERT INTO jpn_usage_log.operation_logs (client_uuid, account_uuid, operation, detail, actor_kind, target_type, target_id)
      VALUES ($1, NULL, 'company_changed', '{}', 'system', 'client', $1)`, [otherClient]);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('names the operator, not a deleted account, for a suspend and a resume', async () => {
    expect((await operator.call('POST', '/v1/operator/clients/suspend', { region: 'jpn', uuid: DEMO_IDS.client })).status).toBe(200);
    expect((await operator.call('POST', '/v1/operator/clients/resume', { region: 'jpn', uuid: DEMO_IDS.client })).status).toBe(200);
    for (const operation of ['client_suspended', 'client_resumed']) {
      const [entry] = await clientLog(operation);
      expect(entry!.actor).toMatchObject({ kind: 'operator', name: '運用太郎', behind: null });
      expect(entry!.support_actor).toBeNull();
    }
    // The CSV says it in words.
    const owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    const csv = parseCsv((await owner.call('POST', '/v1/export', { type: 'operation_log', operation: 'client_suspended' })).body.result.content.slice(1));
    expect(csv[1]![1]).toBe(OPERATOR);
  });

  it('names the operator for a payment method registered on behalf, not a support login', async () => {
    const registered = await operator.call('POST', '/v1/operator/payment_methods', {
      method: 'bank_transfer', company_name: 'デモ商事株式会社', person_name: '山田 一郎', email: 'keiri@example.com', phone: '0312345678',
      details: '月末締め翌月末払い', bank_code: '0005', bank_name: '三菱ＵＦＪ銀行', branch_code: '001', branch_name: '本店', account_type: 'ordinary',
      account_number: '1234567', account_holder: 'ﾃﾞﾓｼｮｳｼﾞ(ｶ', client_uuid: DEMO_IDS.client, region: 'jpn',
    });
    expect(registered.status).toBe(200);
    const [entry] = await clientLog('payment_method_registered');
    expect(entry!.actor).toMatchObject({ kind: 'operator', name: '運用太郎' });
    expect(entry!.support_actor).toBeNull();
  });

  it('names the partner or the operator behind a support login', async () => {
    for (const [who, email, password] of [['partner', 'partner@example.com', 'Partner#2026'], ['operator', 'operator@example.com', 'Operator#2026']] as const) {
      const issuer = new Agent(portal);
      await issuer.login(email, password);
      const issued = await issuer.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.client });
      expect(issued.body.result.access_status.code).toBe(20000);
      const support = new Agent(portal);
      const token = decodeURIComponent((issued.body.result.url as string).split('/proxy_login/')[1]!);
      expect((await support.call('POST', '/v1/proxy_login', { access_token: token })).status).toBe(200);
      const invited = await support.call('POST', '/v1/user/invite', { users: [{ email: `via-${who}@example.com`, family_name: '支援', given_name: '一郎', authority: 'user', products: [] }] });
      expect(invited.status).toBe(200);
      await portal.settle();
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      const logs = (await owner.call('GET', '/v1/client_activity_log/list?operation=account_invited')).body.result.logs as { actor: Entry['actor']; detail: { email?: string } }[];
      const entry = logs.find((l) => l.detail.email === `via-${who}@example.com`)!;
      if (who === 'partner') expect(entry.actor).toMatchObject({ kind: 'support', behind: 'partner', organisation: PARTNER_COMPANY, name: '代理花子' });
      else expect(entry.actor).toMatchObject({ kind: 'support', behind: 'operator', organisation: null, name: '運用太郎' });
      const proxy = (await owner.call('GET', '/v1/client_activity_log/list?operation=proxy_login')).body.result.logs as { actor: Entry['actor'] }[];
      expect(proxy.some((l) => l.actor.kind === 'support' && l.actor.behind === who)).toBe(true);
    }
    // Issuing each link is in the log too, by who issued it (its use is `proxy_login`).
    const issuedLinks = await eventually(async () => {
      const page = await audit(operator, `operation=proxy_link_issued&target_id=${DEMO_IDS.client}`);
      return page.logs.length >= 2 ? page.logs : undefined;
    });
    expect(issuedLinks.map((l) => l.actor.kind).sort()).toEqual(['operator', 'partner']);
    expect(issuedLinks.find((l) => l.actor.kind === 'operator')!.actor_label).toBe(OPERATOR);
    // In words, in the audit log: "代理店 デモ代理店株式会社（サポートログイン）" with the person.
    const { logs } = await audit(operator, 'actor_kind=support&operation=account_invited');
    const byPartner = logs.find((l) => l.actor.behind === 'partner')!;
    expect(byPartner.actor_label).toBe(`代理店 ${PARTNER_COMPANY}（サポートログイン）`);
    expect(byPartner.actor_person).toBe('代理花子');
  });

  it('records a job as the system', async () => {
    await portal.db.query(`INSERT INTO jpn_licence.licences (client_uuid, product, kind, trial_ends_on) VALUES ($1, 'lessar', 'trial', '2020-01-01')`, [DEMO_IDS.client]);
    expect(await portal.services.find((s) => s.name === 'licence')!.runJob('licence-trial-mails')).toMatchObject({ ended: 1 });
    const [entry] = await clientLog('trial_ended');
    expect(entry!.actor).toMatchObject({ kind: 'system', uuid: null, name: null });
    const { logs } = await audit(operator, `operation=trial_ended&target_id=${DEMO_IDS.client}`);
    expect(logs[0]!.actor_label).toBe('システム');
  });

  it('gives operators every back-office action, filtered by actor, target and type, a keyset page at a time', async () => {
    // A notice: created, published... each with the operator's name.
    const created = await operator.call('POST', '/v1/operator/notices', {
      target: 'all', title: '監査ログの確認', body: '<p>本文</p>',
      starts_at: new Date(Date.now() - 3600_000).toISOString(), ends_at: new Date(Date.now() + 86_400_000).toISOString(), on_top: false, fixed: false,
    });
    expect(created.status).toBe(200);
    const noticeId = created.body.result.notice.id as string;
    await eventually(async () => ((await audit(operator, `target_type=notice&target_id=${noticeId}`)).logs.length ? true : undefined));
    const notice = await audit(operator, `target_type=notice&target_id=${noticeId}`);
    expect(notice.logs.map((l) => [l.operation, l.actor_label])).toEqual([['notice_created', OPERATOR]]);

    const operators = await audit(operator, 'actor_kind=operator&per_page=100');
    expect(operators.logs.length).toBeGreaterThanOrEqual(4);
    expect(operators.logs.every((l) => l.actor.kind === 'operator')).toBe(true);
    for (const op of ['client_suspended', 'client_resumed', 'payment_method_registered', 'notice_created']) expect(operators.logs.map((l) => l.operation)).toContain(op);
    // The client's company is named; the actor name filter matches part of a name or company.
    expect(operators.logs.find((l) => l.operation === 'client_suspended')).toMatchObject({ target_type: 'client', target_id: DEMO_IDS.client, client_name: 'デモ商事株式会社' });
    const named = (await audit(operator, `actor=${encodeURIComponent('運用')}&per_page=100`)).logs;
    expect(named.length).toBeGreaterThanOrEqual(operators.logs.length);
    expect(named.every((l) => l.actor.name === '運用太郎')).toBe(true);
    expect((await audit(operator, `actor=${encodeURIComponent('デモ代理店')}&operation=account_invited`)).logs.every((l) => l.actor.organisation === PARTNER_COMPANY)).toBe(true);

    // A log-in is made before there is a session: it still names the operator who logged in.
    const logins = (await audit(operator, 'operation=login&actor_kind=operator')).logs;
    expect(logins.length).toBeGreaterThanOrEqual(1);
    expect(logins.every((l) => l.actor_label === OPERATOR)).toBe(true);

    // Keyset pages: one at a time, newest first, no entry twice, the last page says so.
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const page: { logs: Entry[]; next_cursor: string | null } = await audit(operator, `actor_kind=operator&per_page=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.logs.length).toBeLessThanOrEqual(2);
      seen.push(...page.logs.map((l) => l.id));
      cursor = page.next_cursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(operators.logs.map((l) => l.id));
    // Not for clients.
    const owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    expect((await owner.call('GET', '/v1/audit_log')).status).toBe(403);
    expect((await owner.call('GET', '/v1/audit_log/export')).status).toBe(403);
  });

  it('logs a legal page\'s address added and changed, old → new, by the operator', async () => {
    const created = await operator.call('POST', '/v1/operator/terms_urls', { title: '特定商取引法に基づく表記（旧）', url: 'https://example.com/law-old' });
    expect(created.body.result.access_status.code).toBe(20000);
    const id = created.body.result.terms_url.id as string;
    const changed = await operator.call('PUT', '/v1/operator/terms_urls', { id, title: '特定商取引法に基づく表記', url: 'https://example.com/law' });
    expect(changed.body.result.access_status.code).toBe(20000);
    // Saving it unchanged writes no entry.
    await operator.call('PUT', '/v1/operator/terms_urls', { id, title: '特定商取引法に基づく表記', url: 'https://example.com/law' });
    const logs = await eventually(async () => {
      const page = await audit(operator, `target_type=terms&target_id=${id}`);
      return page.logs.length >= 2 ? page.logs : undefined;
    });
    expect(logs.map((l) => l.operation)).toEqual(['terms_url_changed', 'terms_url_created']);
    expect(logs.every((l) => l.actor_label === OPERATOR)).toBe(true);
    const detail = (logs[0] as unknown as { detail: Record<string, unknown> }).detail;
    expect(detail).toMatchObject({ before: { url: 'https://example.com/law-old' }, after: { url: 'https://example.com/law' } });
  });

  it('streams the CSV in chunks, newest first, each entry once', async () => {
    // 1,201 entries of one operation: three chunks of 500 and one more row.
    await portal.db.query(`INSERT INTO jpn_usage_log.operation_logs (client_uuid, operation, detail, actor_kind, occurred_at)
      SELECT NULL, 'maintenance_changed', '{}', 'system', now() - (g || ' seconds')::interval FROM generate_series(1, 1201) g`);
    const file = await exportCsv(operator, 'operation=maintenance_changed');
    expect(file.status).toBe(200);
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(file.disposition).toMatch(/^attachment; filename="audit_log_\d{8}\.csv"$/);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.rows[0]).toEqual(['日時（Asia/Tokyo）', '実行者', '実行者の種類', '対象操作', '操作', '対象', 'クライアント', '詳細']);
    const body = file.rows.slice(1);
    expect(body).toHaveLength(1201);
    expect(body.every((r) => r[1] === 'システム' && r[4] === 'メンテナンス設定変更')).toBe(true);
    const times = body.map((r) => r[0]!);
    expect([...times].sort().reverse()).toEqual(times);
    // The operator's rows say who in words.
    const mine = await exportCsv(operator, 'actor_kind=operator&operation=client_suspended');
    expect(mine.rows.slice(1).map((r) => [r[1], r[2], r[6]])).toEqual([[OPERATOR, '運営会社の担当者', 'デモ商事株式会社']]);
  });

  it('gives a partner its own staff\'s actions and its clients\' entries, never another partner\'s clients\'', async () => {
    // The demo partner suspends and resumes its own client.
    expect((await partner.call('POST', '/v1/partner/clients/suspend', { region: 'jpn', uuid: DEMO_IDS.secureClient })).status).toBe(200);
    expect((await partner.call('POST', '/v1/partner/clients/resume', { region: 'jpn', uuid: DEMO_IDS.secureClient })).status).toBe(200);
    const own = await eventually(async () => {
      const page = await audit(partner, 'actor_kind=partner&operation=client_suspended');
      return page.logs.length ? page : undefined;
    });
    expect(own.logs[0]).toMatchObject({ actor_label: `代理店 ${PARTNER_COMPANY}（代理花子）`, client_name: 'セキュア工業株式会社' });
    // Its clients' entries (the operator's suspend of the demo client, the support logins into it).
    const clients = await audit(partner, `target_id=${DEMO_IDS.client}&per_page=100`);
    expect(clients.logs.map((l) => l.operation)).toEqual(expect.arrayContaining(['client_suspended', 'proxy_login']));
    // Never another partner's client, by any filter; and no operator-wide entry (notices, rates).
    expect((await audit(partner, `target_id=${otherClient}`)).logs).toEqual([]);
    const all = await audit(partner, 'per_page=100');
    expect(all.logs.some((l) => l.client_uuid === otherClient || l.target_type === 'notice')).toBe(false);
    const csv = await exportCsv(partner, 'per_page=100');
    expect(csv.rows.slice(1).some((r) => r[6] === '他社の顧客株式会社')).toBe(false);
    // The operator sees that client's entry.
    expect((await audit(operator, `target_id=${otherClient}`)).logs).toHaveLength(1);
  });

  it('refuses to change or delete an entry, and keeps the log when no retention is configured', async () => {
    const [row] = await portal.db.query<{ id: string }>('SELECT id FROM jpn_usage_log.operation_logs LIMIT 1');
    await expect(portal.db.query("UPDATE jpn_usage_log.operation_logs SET operation = 'login' WHERE id = $1", [row!.id])).rejects.toThrow(/append-only/);
    await expect(portal.db.query('DELETE FROM jpn_usage_log.operation_logs WHERE id = $1', [row!.id])).rejects.toThrow(/append-only/);
    await expect(portal.db.query('TRUNCATE jpn_usage_log.operation_logs')).rejects.toThrow(/append-only/);
    const before = Number((await portal.db.query<{ n: string }>('SELECT count(*) AS n FROM jpn_usage_log.operation_logs'))[0]!.n);
    // Entries 1,201 seconds old and more, and the sweep as if years had passed: nothing goes.
    await portal.db.query("INSERT INTO jpn_usage_log.operation_logs (operation, detail, occurred_at) VALUES ('login', '{}', now() - interval '3000 days')");
    const deleted = await portal.services.find((s) => s.name === 'usage-log')!.retention.runNow();
    expect(deleted.operation_logs).toBeUndefined();
    expect(Number((await portal.db.query<{ n: string }>('SELECT count(*) AS n FROM jpn_usage_log.operation_logs'))[0]!.n)).toBe(before + 1);
  });
});

describe('audit-log retention when configured (issue 25)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', env: { RETENTION_AUDIT_LOG_DAYS: '365' } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('deletes only entries older than the period, through the sweep alone', async () => {
    await portal.db.query(`INSERT INTO jpn_usage_log.operation_logs (operation, detail, occurred_at) VALUES
      ('login', '{"mark":"old"}', now() - interval '400 days'), ('login', '{"mark":"young"}', now() - interval '300 days')`);
    const deleted = await portal.services.find((s) => s.name === 'usage-log')!.retention.runNow();
    expect(deleted.operation_logs).toBe(1);
    const left = await portal.db.query<{ mark: string }>("SELECT detail->>'mark' AS mark FROM jpn_usage_log.operation_logs WHERE detail ? 'mark'");
    expect(left.map((r) => r.mark)).toEqual(['young']);
    // The setting is the sweep's own, for its transaction only: a plain delete is still refused.
    await expect(portal.db.query("DELETE FROM jpn_usage_log.operation_logs WHERE detail->>'mark' = 'young'")).rejects.toThrow(/append-only/);
  });
});
