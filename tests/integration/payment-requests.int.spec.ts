import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_CSV_COLUMNS, describeOperationDetail } from '@portal/proto';
import { DEMO_IDS } from '../../scripts/seed.js';
import { DEMO_PAYMENT_REQUEST_ID } from '../../scripts/seed-payment-requests.js';
import { Agent, mailTo } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 11, slice B: a bank-transfer request filed in three steps (check → file → confirming), an
 * operator's confirmation (the method is registered, logged and mailed), the principals the policy
 * table refuses, the operator's registration on behalf of a client, and the CSV import (all rows or
 * none) and download.
 */
describe('payment-method requests (issue 11 item 3)', () => {
  let portal: TestPortal;
  let owner: Agent;
  let operator: Agent;
  const request = {
    method: 'bank_transfer', company_name: 'デモ商事株式会社', person_name: '山田 一郎', email: 'keiri@example.com', phone: '0312345678',
    details: '月末締め翌月末払い', bank_code: '0005', bank_name: '三菱ＵＦＪ銀行', branch_code: '001', branch_name: '本店', account_type: 'ordinary',
    account_number: '1234567', account_holder: 'ﾃﾞﾓｼｮｳｼﾞ(ｶ',
  };
  const rows = async (where = 'true') =>
    portal.db.query<{ id: string; client_uuid: string; status: string; source: string; method: string }>(`SELECT id, client_uuid, status, source, method FROM jpn_billing.payment_requests WHERE ${where} ORDER BY created_at`);
  const methods = async () => portal.db.query<{ client_uuid: string; method: string; request_id: string }>(
    "SELECT client_uuid, method, details->>'request_id' AS request_id FROM jpn_billing.payment_methods ORDER BY client_uuid");
  const operations = async (op: string) => portal.db.query<{ client_uuid: string; detail: Record<string, unknown> }>(
    'SELECT client_uuid, detail FROM jpn_usage_log.operation_logs WHERE operation = $1 ORDER BY occurred_at', [op]);

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('refuses bad bank data with the messages of the reference and writes nothing', async () => {
    const before = await rows();
    const bad = await owner.call('POST', '/v1/payment_request/check', { ...request, bank_code: '05', branch_code: '1', account_number: '123', account_holder: 'デモ', phone: '03-1234-5678' });
    expect(bad.status).toBe(422);
    expect(bad.body.result.errors).toEqual({
      bank_code: ['金融機関コードは半角数字4桁で入力してください。'],
      branch_code: ['支店コードは半角数字3桁で入力してください。'],
      account_number: ['口座番号は半角数字7桁で入力してください。'],
      account_holder: ['口座名義は半角カタカナで入力してください（30文字以内。スペースと ( ) - . / , が使えます）。'],
      phone: ['電話番号はハイフンなしの半角数字で入力してください。'],
    });
    const filed = await owner.call('POST', '/v1/payment_request', { ...request, account_number: '' });
    expect(filed.status).toBe(422);
    expect(filed.body.result.errors.account_number).toEqual(['口座番号を入力してください。']);
    await portal.settle();
    expect(await rows()).toEqual(before);
  });

  it('refuses a user, a partner acting in the client area, other clients and other regions by the policy table', async () => {
    const user = new Agent(portal);
    await user.login('user@example.com', 'User#2026');
    for (const [method, path, body] of [['POST', '/v1/payment_request/check', request], ['POST', '/v1/payment_request', request], ['GET', '/v1/payment_request', undefined]] as const) {
      expect((await user.call(method, path, body)).status, path).toBe(403);
    }
    // Operator type 1: a partner's support login into the client.
    const partner = new Agent(portal);
    await partner.login('partner@example.com', 'Partner#2026');
    const issued = await partner.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.client, region: 'jpn' });
    const support = new Agent(portal);
    expect((await support.call('POST', '/v1/proxy_login', { access_token: decodeURIComponent((issued.body.result.url as string).split('/proxy_login/')[1]!) })).status).toBe(200);
    expect((await support.call('POST', '/v1/payment_request', request)).status).toBe(403);
    expect((await support.call('GET', '/v1/payment_request')).status).toBe(403);
    // Clients never reach the operator's calls.
    expect((await owner.call('GET', '/v1/operator/payment_requests')).status).toBe(403);
    expect((await owner.call('POST', '/v1/operator/payment_requests/confirm', { id: DEMO_PAYMENT_REQUEST_ID, region: 'jpn' })).status).toBe(403);
    expect((await owner.call('GET', '/v1/operator/payment_methods/csv')).status).toBe(403);
    expect((await partner.call('POST', '/v1/operator/payment_methods', { ...request, client_uuid: DEMO_IDS.client })).status).toBe(403);
    // Another tenant: the seeded request of secure-owner's company is not the owner's.
    expect((await owner.call('GET', '/v1/payment_request')).body.result.request).toBeNull();
    // Outside Japan the card is the only method.
    const usOwner = new Agent(portal, { host: 'portal.example.com' });
    await usOwner.login('owner-us@example.com', 'OwnerUs#2026');
    const overseas = await usOwner.call('POST', '/v1/payment_request', { ...request });
    expect(overseas.status).toBe(422);
    expect(overseas.body.result.access_status.message).toBe('Bank transfer and direct debit are available in Japan only. Please register a credit card.');
    await portal.settle();
    expect(await rows(`client_uuid <> '${DEMO_IDS.secureClient}'`)).toEqual([]);
  });

  let filedId = '';
  it('files a request in three steps; it waits for the operator and is logged and mailed', async () => {
    expect((await owner.call('POST', '/v1/payment_request/check', request)).body.result).toMatchObject({ valid: true });
    expect(await rows(`client_uuid = '${DEMO_IDS.client}'`)).toEqual([]);
    const filed = await owner.call('POST', '/v1/payment_request', request);
    expect(filed.status).toBe(200);
    expect(filed.body.result.request).toMatchObject({ status: 'pending', method: 'bank_transfer', client_uuid: DEMO_IDS.client, source: 'client', account_holder: 'ﾃﾞﾓｼｮｳｼﾞ(ｶ' });
    filedId = filed.body.result.request.id;
    expect((await owner.call('GET', '/v1/payment_request')).body.result.request).toMatchObject({ id: filedId, status: 'pending' });
    // One pending request at a time.
    const again = await owner.call('POST', '/v1/payment_request/check', request);
    expect(again.body.result.access_status.message).toBe('確認待ちのお申し込みがあります。運営会社の確認が終わるまでお待ちください。');
    const mail = await mailTo(portal, 'keiri@example.com', /銀行振込/);
    expect(mail.subject).toBe('お支払い方法のお申し込みを受け付けました（銀行振込）');
    await portal.settle();
    expect(await operations('payment_method_requested')).toEqual([{ client_uuid: DEMO_IDS.client, detail: expect.objectContaining({ method: 'bank_transfer' }) }]);
  });

  it('lets the operator confirm it by hand: the method is registered, logged in the client\'s log and mailed', async () => {
    const pending = await operator.call('GET', '/v1/operator/payment_requests?status=pending');
    expect(pending.body.result.requests.map((r: { id: string }) => r.id)).toEqual([DEMO_PAYMENT_REQUEST_ID, filedId]);
    expect((await operator.call('GET', `/v1/operator/payment_requests/detail?id=${filedId}&region=jpn`)).body.result.request.bank_code).toBe('0005');
    const confirmed = await operator.call('POST', '/v1/operator/payment_requests/confirm', { id: filedId, region: 'jpn' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result.request).toMatchObject({ status: 'registered', reviewed_at: expect.any(String) });
    // The method is the client's now (slice A's payment_methods), with the request it came from.
    expect(await methods()).toEqual([{ client_uuid: DEMO_IDS.client, method: 'bank_transfer', request_id: filedId }]);
    const twice = await operator.call('POST', '/v1/operator/payment_requests/confirm', { id: filedId, region: 'jpn' });
    expect(twice.status).toBe(422);
    expect((await owner.call('GET', '/v1/payment_request')).body.result.request).toMatchObject({ id: filedId, status: 'registered' });
    const mail = await mailTo(portal, 'keiri@example.com', /登録しました/);
    expect(mail.text).toContain('****567');
    expect(mail.text).not.toContain('1234567');
    await portal.settle();
    expect(await operations('payment_method_registered')).toEqual([{ client_uuid: DEMO_IDS.client, detail: expect.objectContaining({ method: 'bank_transfer', source: 'client' }) }]);
    // The client's log says it in words.
    const log = await owner.call('GET', '/v1/client_activity_log/list?category=billing_info');
    expect(log.body.result.logs.map((l: { operation: string }) => l.operation)).toEqual(['payment_method_registered', 'payment_method_requested']);
    expect(describeOperationDetail('payment_method_registered', log.body.result.logs[0].detail, { region: 'jpn', language: 'ja-jp', timeZone: 'Asia/Tokyo' }))
      .toContain('お支払い方法：銀行振込');
    // A rejected request says why, and frees the client to file again.
    const rejected = await operator.call('POST', '/v1/operator/payment_requests/reject', { id: DEMO_PAYMENT_REQUEST_ID, region: 'jpn', reason: '口座名義が一致しません' });
    expect(rejected.body.result.request).toMatchObject({ status: 'rejected', reason: '口座名義が一致しません' });
  });

  it('registers on behalf of a client, only in Japan', async () => {
    const overseas = await operator.call('POST', '/v1/operator/payment_methods', { ...request, client_uuid: DEMO_IDS.usClient, region: 'usa' });
    expect(overseas.status).toBe(422);
    const nobody = await operator.call('POST', '/v1/operator/payment_methods', { ...request, client_uuid: '0b9f3c5e-7a1d-4c2e-9f00-0000000009a2' });
    expect(nobody.body.result.errors).toEqual({ client_uuid: ['このIDのクライアントは日本に存在しません。'] });
    const registered = await operator.call('POST', '/v1/operator/payment_methods', { ...request, method: 'direct_debit', client_uuid: DEMO_IDS.secureClient });
    expect(registered.body.result.request).toMatchObject({ status: 'registered', source: 'operator', method: 'direct_debit' });
    await portal.settle();
    expect((await operations('payment_method_registered')).map((o) => [o.client_uuid, o.detail.source])).toEqual([[DEMO_IDS.client, 'client'], [DEMO_IDS.secureClient, 'operator']]);
  });

  it('imports a CSV whole or not at all, names the broken rows, and downloads the methods with a header row', async () => {
    const header = PAYMENT_METHOD_CSV_COLUMNS.join(',');
    const line = (client: string, patch: Record<string, string> = {}) => {
      const cells: Record<string, string> = {
        client_uuid: client, method: 'direct_debit', company_name: 'テスト株式会社', person_name: '田中 花子', email: 'csv@example.com', phone: '0612345678',
        bank_code: '0009', bank_name: '三井住友銀行', branch_code: '101', branch_name: '大阪', account_type: '2', account_number: '7654321', account_holder: 'ﾃｽﾄ(ｶ', ...patch,
      };
      return PAYMENT_METHOD_CSV_COLUMNS.map((c) => cells[c]).join(',');
    };
    const other = '0b9f3c5e-7a1d-4c2e-9f00-0000000009a1';
    const before = await rows();
    const methodsBefore = await methods();
    const broken = Buffer.from([header, line(DEMO_IDS.client), line(other, { bank_code: '９', account_holder: 'テスト' }), line(DEMO_IDS.thClient, { phone: '06-1234-5678' })].join('\r\n'));
    const refused = await operator.upload('/v1/operator/payment_methods/import', 'methods.csv', broken);
    expect(refused.status).toBe(422);
    expect(refused.body.result.errors).toEqual({
      file: ['お支払い方法をインポートできませんでした。何も登録されていません。一覧の行を修正して、もう一度インポートしてください。'],
      'line.3': ['金融機関コードは半角数字4桁で入力してください。', '口座名義は半角カタカナで入力してください（30文字以内。スペースと ( ) - . / , が使えます）。'],
      'line.4': ['電話番号はハイフンなしの半角数字で入力してください。'],
    });
    await portal.settle();
    expect(await rows()).toEqual(before);
    expect(await methods()).toEqual(methodsBefore);

    // A well-formed row naming a client that does not exist is broken too.
    const unknown = await operator.upload('/v1/operator/payment_methods/import', 'methods.csv', Buffer.from(`${header}\n${line(DEMO_IDS.client)}\n${line(other)}\n`));
    expect(unknown.body.result.errors['line.3']).toEqual(['このIDのクライアントは日本に存在しません。']);
    expect(Object.keys(unknown.body.result.errors)).toEqual(['file', 'line.3']);
    await portal.settle();
    expect(await rows()).toEqual(before);

    const checked = await operator.upload('/v1/operator/payment_methods/import', 'methods.csv', Buffer.from(`${header}\n${line(DEMO_IDS.client)}\n${line(DEMO_IDS.secureClient)}\n`), { dry_run: 'true' });
    expect(checked.body.result).toMatchObject({ dry_run: true, registered: 2 });
    expect(await rows()).toEqual(before);
    const good = await operator.upload('/v1/operator/payment_methods/import', 'methods.csv', Buffer.from(`${header}\n${line(DEMO_IDS.client)}\n${line(DEMO_IDS.secureClient)}\n`));
    expect(good.body.result).toMatchObject({ dry_run: false, registered: 2 });
    expect((await rows("source = 'csv'")).map((r) => r.client_uuid).sort()).toEqual([DEMO_IDS.client, DEMO_IDS.secureClient].sort());
    expect((await methods()).find((m) => m.client_uuid === DEMO_IDS.client)?.method).toBe('direct_debit');

    const csv = await operator.call('GET', '/v1/operator/payment_methods/csv');
    expect(csv.status).toBe(200);
    const lines = (csv.body.result.content as string).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(header);
    // Each client's latest registered method, in the import's columns (so it can be imported again).
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(',')).sort()).toEqual(
      [`${DEMO_IDS.client},direct_debit,テスト株式会社`, `${DEMO_IDS.secureClient},direct_debit,テスト株式会社`].sort());
    expect(csv.body.result.rows).toBe(2);
  });
});
