import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ManualClock } from '@portal/service-common/clock';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent, mailTo } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 23 (receipts), in-process on a manual clock: bank-transfer invoices are issued by the
 * monthly run, not overdue on their payment date nor in the grace days after it; the operator lists
 * them by company and records a payment (mailed once, logged with the operator, paid, the receipt
 * PDF available); a second record, a wrong amount and a future date are refused and change nothing;
 * one already marked overdue becomes paid too; a client's principal is refused by the policy table.
 */
describe('the operator records bank transfers received', () => {
  let portal: TestPortal;
  // 10:00 JST on 2027-01-05: the run bills 2027-01, issued today; the payment date is 2027-01-31.
  const clock = new ManualClock(new Date('2027-01-05T01:00:00Z'));
  const late = { client: randomUUID(), name: '振込遅延株式会社', email: 'late-transfer@example.com' };
  const billing = () => portal.services.find((s) => s.name === 'billing')!;
  const invoiceOf = async (client: string) => (await portal.db.query<{ id: string; number: string; status: string; charge_total_minor: number; paid_at: Date | null; charge_error: string | null }>(
    `SELECT id, number, status, charge_total_minor, paid_at, charge_error FROM jpn_billing.invoices WHERE client_uuid = $1 AND month = '2027-01'`, [client]))[0]!;
  const logged = () => portal.db.query<{ client_uuid: string; account_uuid: string | null; detail: Record<string, unknown> }>(
    `SELECT client_uuid, account_uuid, detail FROM jpn_usage_log.operation_logs WHERE operation = 'invoice_payment_recorded' ORDER BY occurred_at`);
  let operator: Agent;

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock, env: { PUBLIC_URL: 'http://localhost:8080' } });
    // The seed's invoices are not this file's to mark.
    await portal.db.query(`UPDATE usa_billing.invoices SET status = 'billed', payment_method = 'none', next_charge_on = NULL`);
    await portal.db.query(`INSERT INTO jpn_licence.clients (uuid, company_name, region) VALUES ($1, $2, 'jpn')`, [late.client, late.name]);
    const contract = randomUUID();
    await portal.db.query(
      `INSERT INTO jpn_licence.contracts (id, client_uuid, product, plan_id, currency, monthly_amount, status, effective_from, billing_start)
       VALUES ($1, $2, 'bownow', 'bownow_standard', 'JPY', 1000, 'scheduled', '2026-10-01', '2026-10-01')`, [contract, late.client]);
    await portal.db.query(`INSERT INTO jpn_licence.contract_items (contract_id, plan_id, type, name, amount) VALUES ($1, 'bownow_plan_late', 'plan', $2, 1000)`,
      [contract, JSON.stringify({ 'ja-jp': '基本', 'en-us': 'Base' })]);
    // The demo client and the extra one pay by bank transfer, each with a billing email.
    for (const c of [{ client: DEMO_IDS.client, email: 'transfer@example.com' }, late]) {
      await portal.db.query(
        `INSERT INTO jpn_billing.billing_infos (client_uuid, company_name, company_kana, phone, address, address_kana, email)
         VALUES ($1, 'デモ商事株式会社', 'デモショウジ', '0312345678', '東京都千代田区', 'トウキョウト', $2) ON CONFLICT (client_uuid) DO UPDATE SET email = EXCLUDED.email`, [c.client, c.email]);
      await portal.db.query(
        `INSERT INTO jpn_billing.payment_methods (client_uuid, method) VALUES ($1, 'bank_transfer')
         ON CONFLICT (client_uuid) DO UPDATE SET method = 'bank_transfer', card_reference_id = NULL`, [c.client]);
    }
    expect(await billing().runJob('billing-monthly-run')).toMatchObject({ invoices: expect.any(Number) });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('is not overdue on its payment date nor in the grace days; the operator records it paid once, mailed and logged', async () => {
    const issued = await invoiceOf(DEMO_IDS.client);
    expect(issued).toMatchObject({ status: 'billed', paid_at: null });
    for (const day of ['2027-01-31', '2027-02-01', '2027-02-03']) {
      clock.set(new Date(`${day}T01:00:00Z`));
      await billing().runJob('billing-card-charges');
      expect((await invoiceOf(DEMO_IDS.client)).status, day).toBe('billed');
    }

    // (Sessions expire as the clock moves: the operator logs in on the day it works.)
    operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');
    const list = (await operator.call('GET', '/v1/operator/invoice_payments?region=jpn&month=2027-01')).body.result;
    expect(list.invoices).toEqual(expect.arrayContaining([expect.objectContaining({
      id: issued.id, region: 'jpn', company_name: expect.any(String), number: issued.number, payment_method: 'bank_transfer',
      charge_total_minor: issued.charge_total_minor, status: 'billed', overdue: false, paid_on: null,
    })]));
    expect(list.invoices.find((r: { id: string }) => r.id === issued.id).company_name).not.toBe(DEMO_IDS.client);

    // A wrong amount, a future date and a date before the issue are refused by field; nothing changes.
    const record = (body: Record<string, unknown>) => operator.call('POST', '/v1/operator/invoice_payments', { region: 'jpn', id: issued.id, ...body });
    const wrong = (await record({ received_on: '2027-02-02', amount_minor: issued.charge_total_minor - 1 })).body.result;
    expect(wrong.access_status.code).toBe(40011);
    expect(wrong.errors.amount_minor[0]).toContain(`￥${issued.charge_total_minor.toLocaleString('en-US')}`);
    expect(Object.keys((await record({ received_on: '2027-02-04', amount_minor: issued.charge_total_minor })).body.result.errors)).toEqual(['received_on']);
    expect(Object.keys((await record({ received_on: '2027-01-04', amount_minor: issued.charge_total_minor })).body.result.errors)).toEqual(['received_on']);
    expect((await invoiceOf(DEMO_IDS.client)).status).toBe('billed');

    const done = (await record({ received_on: '2027-02-02', amount_minor: issued.charge_total_minor })).body.result;
    expect(done.access_status.code).toBe(20000);
    expect(done.invoice).toMatchObject({ id: issued.id, status: 'paid', paid_on: '2027-02-02' });
    const paid = await invoiceOf(DEMO_IDS.client);
    expect(paid.status).toBe('paid');
    expect(paid.paid_at!.toISOString()).toBe('2027-02-02T03:00:00.000Z');
    // The second record (a double click, another operator) is refused and changes nothing.
    const again = (await record({ received_on: '2027-02-03', amount_minor: issued.charge_total_minor })).body.result;
    expect(again.access_status.code).toBe(40011);
    expect(Object.keys(again.errors)).toEqual(['id']);
    expect((await invoiceOf(DEMO_IDS.client)).paid_at!.toISOString()).toBe('2027-02-02T03:00:00.000Z');

    await portal.settle();
    const mail = await mailTo(portal, 'transfer@example.com', /お支払いを .* に確認しました/);
    expect(mail.text).toContain(issued.number);
    expect(portal.mailbox.messages({ to: 'transfer@example.com' }).filter((m) => /お支払いを .* に確認しました/.test(m.text))).toHaveLength(1);
    const [operatorUuid] = (await portal.db.query<{ uuid: string }>(`SELECT uuid FROM global_identity.accounts WHERE email = 'operator@example.com'`)).map((r) => r.uuid);
    expect((await logged()).filter((l) => l.client_uuid === DEMO_IDS.client)).toEqual([{
      client_uuid: DEMO_IDS.client, account_uuid: operatorUuid,
      detail: expect.objectContaining({ invoice: issued.number, method: 'bank_transfer', received_on: '2027-02-02', amount_minor: issued.charge_total_minor }),
    }]);

    // The client sees it paid, and its receipt is there.
    const owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    const receipt = (await owner.call('GET', `/v1/billing/receipt_pdf?id=${issued.id}`)).body.result;
    expect(receipt.content_type).toBe('application/pdf');
    const doc = await getDocument({ data: new Uint8Array(Buffer.from(receipt.content, 'base64')), useSystemFonts: false }).promise;
    const text = (await (await doc.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain(issued.number);
    // The client's principal is refused by the policy table, whatever it sends.
    expect((await owner.call('GET', '/v1/operator/invoice_payments')).status).toBe(403);
    expect((await owner.call('POST', '/v1/operator/invoice_payments', { region: 'jpn', id: issued.id, received_on: '2027-02-02', amount_minor: 1 })).status).toBe(403);
  });

  it('marks an unrecorded transfer overdue after the grace days; recording it then makes it paid', async () => {
    clock.set(new Date('2027-02-08T01:00:00Z'));
    await billing().runJob('billing-card-charges');
    const overdue = await invoiceOf(late.client);
    expect(overdue).toMatchObject({ status: 'failed', charge_error: 'overdue' });
    await portal.settle();
    expect((await mailTo(portal, late.email, /お支払日 .* を過ぎましたが/)).text).toContain(overdue.number);
    operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');

    const list = (await operator.call('GET', '/v1/operator/invoice_payments?state=overdue')).body.result;
    expect(list.invoices.map((r: { id: string }) => r.id)).toContain(overdue.id);
    expect(list.invoices.find((r: { id: string }) => r.id === overdue.id)).toMatchObject({ company_name: late.name, overdue: true });
    const done = (await operator.call('POST', '/v1/operator/invoice_payments', { region: 'jpn', id: overdue.id, received_on: '2027-02-08', amount_minor: overdue.charge_total_minor })).body.result;
    expect(done.invoice).toMatchObject({ status: 'paid', overdue: false, paid_on: '2027-02-08' });
    expect(await invoiceOf(late.client)).toMatchObject({ status: 'paid', charge_error: null });
    expect((await operator.call('GET', '/v1/operator/invoice_payments?state=open')).body.result.invoices.map((r: { id: string }) => r.id)).not.toContain(overdue.id);
    // An invoice of another region, or none at all, is not found.
    const unknown = (await operator.call('POST', '/v1/operator/invoice_payments', { region: 'usa', id: overdue.id, received_on: '2027-02-08', amount_minor: 1 })).body.result;
    expect(unknown.access_status.code).toBe(40011);
  });
});
