import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_CSV_COLUMNS } from '@portal/proto';
import { DEMO_IDS } from '../../scripts/seed.js';
import { sandboxToken } from '../../services/billing/src/payment/gateway/sandbox.adapter.js';
import { Agent, backOfficeAgents, mailTo } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 25 point 2: a client's owners are mailed whenever its payment method changes (its own
 * card, an operator's registration on its behalf, a request approved, a CSV import), with the new
 * method masked, who changed it and when in the region's zone; the operator sees the method a
 * registration replaces, and the CSV import's dry run lists what each row adds or replaces and
 * writes nothing.
 */
describe('payment-method changes: confirmation data and the owners\' mail (issue 25 point 2)', () => {
  let portal: TestPortal;
  let owner: Agent;
  let operator: Agent;
  const OWNER = 'owner@example.com';
  const SECURE_OWNER = 'secure-owner@example.com';
  const bank = {
    method: 'bank_transfer', company_name: 'デモ商事株式会社', person_name: '山田 一郎', email: 'keiri@example.com', phone: '0312345678',
    details: '', bank_code: '0005', bank_name: '三菱ＵＦＪ銀行', branch_code: '001', branch_name: '本店', account_type: 'ordinary',
    account_number: '1234567', account_holder: 'ﾃﾞﾓｼｮｳｼﾞ(ｶ',
  };
  /** The changed-method mails to an address, newest last. */
  const changedMails = (to: string) => portal.mailbox.messages({ to }).filter((m) => m.subject.includes('お支払い方法が変更されました'));
  const waitForMails = async (to: string, count: number) => {
    const until = Date.now() + 10_000;
    while (changedMails(to).length < count) {
      if (Date.now() > until) throw new Error(`expected ${count} changed-method mails to ${to}, got ${changedMails(to).length}`);
      await portal.settle();
    }
    return changedMails(to);
  };
  const counts = async () => (await portal.db.query<{ requests: string; methods: string; fingerprint: string }>(`
    SELECT (SELECT count(*) FROM jpn_billing.payment_requests) AS requests,
           (SELECT count(*) FROM jpn_billing.payment_methods) AS methods,
           (SELECT md5(string_agg(client_uuid || method || details::text, ',' ORDER BY client_uuid)) FROM jpn_billing.payment_methods) AS fingerprint`))[0];

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    owner = new Agent(portal);
    await owner.login(OWNER, 'Owner#2026');
    ({ operator } = await backOfficeAgents(portal));
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('mails the owners when the client registers its own card: the masked card, "the account", the time in Japan\'s zone', async () => {
    // The admin of the same company registers it; the owner (not the admin) is mailed.
    const admin = new Agent(portal);
    await admin.login('admin@example.com', 'Admin#2026');
    const registered = await admin.call('POST', '/v1/gmo_auth', {
      token: sandboxToken('4111111111111111'), masked_number: '411111******1111', holder_name: 'ICHIRO YAMADA', expiry_month: 12, expiry_year: 2031,
    });
    expect(registered.body.result, JSON.stringify(registered.body)).toMatchObject({ status: 'registered' });
    const [mail] = await waitForMails(OWNER, 1);
    expect(mail!.subject).toBe('デモ商事株式会社 様のお支払い方法が変更されました');
    expect(mail!.text).toContain('新しいお支払い方法：クレジットカード（411111******1111 12/2031）');
    expect(mail!.text).toContain('変更した人：お客様のアカウント');
    expect(mail!.text).toMatch(/日時：\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} JST/);
    expect(mail!.text).not.toContain('4111111111111111');
    // Linked to the region's public host.
    expect(mail!.text).toMatch(/https?:\/\/[^\s]+\/payment/);
    // Only owners: the admin and the user are not mailed this.
    expect(changedMails('admin@example.com')).toEqual([]);
    expect(changedMails('user@example.com')).toEqual([]);
  });

  it('shows the operator the card a registration on the client\'s behalf replaces; the registration mails the owner naming the operator', async () => {
    // Clients and partners do not see another client's method.
    expect((await owner.call('GET', `/v1/operator/payment_methods/current?client_uuid=${DEMO_IDS.client}`)).status).toBe(403);
    const current = await operator.call('GET', `/v1/operator/payment_methods/current?client_uuid=${DEMO_IDS.client}&region=jpn`);
    expect(current.status).toBe(200);
    expect(current.body.result.current).toEqual({ method: 'credit_card', label: '411111******1111', expiry: '2031-12' });
    const registered = await operator.call('POST', '/v1/operator/payment_methods', { ...bank, client_uuid: DEMO_IDS.client });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const after = await operator.call('GET', `/v1/operator/payment_methods/current?client_uuid=${DEMO_IDS.client}&region=jpn`);
    expect(after.body.result.current).toEqual({ method: 'bank_transfer', label: '三菱ＵＦＪ銀行 本店 ****567', expiry: null });
    await waitForMails(OWNER, 2);
    const mail = await mailTo(portal, OWNER, /新しいお支払い方法：銀行振込（三菱ＵＦＪ銀行 本店 \*{4}567）/);
    expect(mail.text).toContain('変更した人：運営会社');
    expect(mail.text).not.toContain('1234567');
    // The request's contact (not an owner) still gets the registration's own mail.
    expect((await mailTo(portal, 'keiri@example.com', /登録しました/)).text).toContain('****567');
  });

  it('mails the owner when an operator approves a request', async () => {
    const filed = await owner.call('POST', '/v1/payment_request', { ...bank, method: 'direct_debit', account_number: '7654321' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    await portal.settle();
    expect(changedMails(OWNER)).toHaveLength(2);
    const confirmed = await operator.call('POST', '/v1/operator/payment_requests/confirm', { id: filed.body.result.request.id, region: 'jpn' });
    expect(confirmed.status).toBe(200);
    await waitForMails(OWNER, 3);
    expect((await mailTo(portal, OWNER, /新しいお支払い方法：口座振替（三菱ＵＦＪ銀行 本店 \*{4}321）/)).text).toContain('変更した人：運営会社');
  });

  it('previews a CSV import row by row without writing anything, then the import mails each client\'s owners', async () => {
    const header = PAYMENT_METHOD_CSV_COLUMNS.join(',');
    const line = (client: string, number: string) => {
      const cells: Record<string, string> = {
        client_uuid: client, method: 'direct_debit', company_name: 'テスト株式会社', person_name: '田中 花子', email: 'csv@example.com', phone: '0612345678',
        bank_code: '0009', bank_name: '三井住友銀行', branch_code: '101', branch_name: '大阪', account_type: '2', account_number: number, account_holder: 'ﾃｽﾄ(ｶ',
      };
      return PAYMENT_METHOD_CSV_COLUMNS.map((c) => cells[c]).join(',');
    };
    const file = Buffer.from(`${header}\n${line(DEMO_IDS.client, '1111222')}\n${line(DEMO_IDS.secureClient, '3333444')}\n`);
    await portal.settle();
    const before = await counts();
    const mailsBefore = portal.mailbox.messages().length;

    const dry = await operator.upload('/v1/operator/payment_methods/import', 'methods.csv', file, { dry_run: 'true' });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.result).toMatchObject({ dry_run: true, registered: 2 });
    expect(dry.body.result.rows).toEqual([
      {
        line: 2, client_uuid: DEMO_IDS.client, company_name: 'デモ商事株式会社', action: 'replace',
        current: { method: 'direct_debit', label: '三菱ＵＦＪ銀行 本店 ****321', expiry: null },
        next: { method: 'direct_debit', label: '三井住友銀行 大阪 ****222', expiry: null },
      },
      {
        line: 3, client_uuid: DEMO_IDS.secureClient, company_name: 'セキュア工業株式会社', action: 'add',
        current: null, next: { method: 'direct_debit', label: '三井住友銀行 大阪 ****444', expiry: null },
      },
    ]);
    // The dry run wrote nothing: no request, no method, no mail.
    await portal.settle();
    expect(await counts()).toEqual(before);
    expect(portal.mailbox.messages().length).toBe(mailsBefore);

    const done = await operator.upload('/v1/operator/payment_methods/import', 'methods.csv', file);
    expect(done.body.result).toMatchObject({ dry_run: false, registered: 2 });
    expect(done.body.result.rows.map((r: { action: string }) => r.action)).toEqual(['replace', 'add']);
    await waitForMails(OWNER, 4);
    expect((await mailTo(portal, OWNER, /口座振替（三井住友銀行 大阪 \*{4}222）/)).text).toContain('変更した人：運営会社');
    const [secure] = await waitForMails(SECURE_OWNER, 1);
    expect(secure!.subject).toBe('セキュア工業株式会社 様のお支払い方法が変更されました');
    expect(secure!.text).toContain('口座振替（三井住友銀行 大阪 ****444）');
  });
});
