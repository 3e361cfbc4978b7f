import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ManualClock } from '@portal/service-common/clock';
import { DEMO_IDS } from '../../scripts/seed.js';
import { sandboxToken } from '../../services/billing/src/payment/gateway/sandbox.adapter.js';
import { Agent, mailTo } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 11, slice C2 (in-process): the monthly billing run through the job runner, killed halfway
 * (BILLING_RUN_FAULT_AFTER) and resumed, run again; card charging on the billing date with the
 * sandbox gateway (success; the sandbox's 42G decline card retried daily, then failed and mailed);
 * /billing/list, the PDF (text extracted), operator runs, and the principals that are refused.
 */
describe('monthly billing run, invoices, charging', () => {
  let portal: TestPortal;
  // 10:00 JST on 2027-01-05: the run bills 2027-01, issued today; the billing date is 2027-01-31.
  const clock = new ManualClock(new Date('2027-01-05T01:00:00Z'));
  const extra = Array.from({ length: 5 }, (_, i) => ({ client: randomUUID(), name: `請求テスト${i + 1}株式会社` }));
  const payer = extra[0]!.client;
  const billing = () => portal.services.find((s) => s.name === 'billing')!;
  const invoices = (shard: string) => portal.db.query<{ client_uuid: string; number: string; status: string; total_minor: number; tax_minor: number; subtotal_minor: number; charge_total_minor: number; fx_rate: string | null }>(
    `SELECT client_uuid, number, status, total_minor, tax_minor, subtotal_minor, charge_total_minor, fx_rate FROM ${shard}_billing.invoices WHERE month = '2027-01' ORDER BY number`);

  beforeAll(async () => {
    // Pages of 3 clients, and the first run of the process stops after 3 invoices.
    portal = await startTestPortal({ transport: 'in-process', clock, env: { BILLING_RUN_PAGE: '3', BILLING_RUN_FAULT_AFTER: '3', PUBLIC_URL: 'http://localhost:8080' } });
    // The seed's scheduled invoice (owner-us, the month before the seed ran) is not this file's to charge.
    await portal.db.query(`UPDATE usa_billing.invoices SET status = 'billed', payment_method = 'none', next_charge_on = NULL`);
    for (const [i, c] of extra.entries()) {
      await portal.db.query(`INSERT INTO jpn_licence.clients (uuid, company_name, region) VALUES ($1, $2, 'jpn')`, [c.client, c.name]);
      const contract = randomUUID();
      await portal.db.query(
        `INSERT INTO jpn_licence.contracts (id, client_uuid, product, plan_id, currency, monthly_amount, status, effective_from, billing_start)
         VALUES ($1, $2, 'bownow', 'bownow_standard', 'JPY', 315, 'scheduled', '2026-10-01', '2026-10-01')`, [contract, c.client]);
      // Three ¥105 lines at 10 % with floor: ¥31 of tax, not ¥30 (rounded once per rate).
      for (const type of ['plan', 'option_monthly', 'option']) {
        await portal.db.query(`INSERT INTO jpn_licence.contract_items (contract_id, plan_id, type, name, amount) VALUES ($1, $2, $3, $4, 105)`,
          [contract, `bownow_${type}_${i}`, type, JSON.stringify({ 'ja-jp': `項目${type}`, 'en-us': `Item ${type}` })]);
      }
    }
    // Billing info (the web invoice's address): the demo client's (it has the seed's card; its owner
    // registers the 42G card below) and the first extra client's, with a stored card that charges
    // (the sandbox charges a card it does not know).
    for (const c of [{ client: DEMO_IDS.client, email: 'billing@example.com' }, { client: payer, email: 'payer@example.com' }, { client: extra[1]!.client, email: 'late@example.com' }]) {
      await portal.db.query(
        `INSERT INTO jpn_billing.billing_infos (client_uuid, company_name, company_kana, phone, address, address_kana, email)
         VALUES ($1, 'デモ商事株式会社', 'デモショウジ', '0312345678', '東京都千代田区', 'トウキョウト', $2) ON CONFLICT (client_uuid) DO UPDATE SET email = EXCLUDED.email`, [c.client, c.email]);
      if (c.client !== payer) continue;
      const card = randomUUID();
      await portal.db.query(
        `INSERT INTO jpn_billing.card_references (id, client_uuid, gateway, member_id, card_seq, masked_number, expiry_month, expiry_year, holder_name, status)
         VALUES ($1, $2, 'sandbox', $3, '0', '411111******1111', 12, 2030, 'TARO YAMADA', 'active')`, [card, c.client, `c${c.client.replace(/-/g, '')}`]);
      await portal.db.query(
        `INSERT INTO jpn_billing.payment_methods (client_uuid, method, card_reference_id) VALUES ($1, 'credit_card', $2)
         ON CONFLICT (client_uuid) DO UPDATE SET method = 'credit_card', card_reference_id = EXCLUDED.card_reference_id`, [c.client, card]);
    }
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('a run killed halfway and restarted bills each client exactly once; a second run bills nobody', async () => {
    await expect(billing().runJob('billing-monthly-run')).rejects.toThrow(/interrupted/);
    const halfway = (await invoices('jpn')).length + (await invoices('usa')).length;
    // jpn stops after its first page of three; usa's one client is billed all the same (one shard's failure stops no other).
    expect(halfway).toBe(4);
    const failed = await portal.db.query<{ status: string; invoices_written: number }>(`SELECT status, invoices_written FROM jpn_billing.billing_runs WHERE month = '2027-01'`);
    expect(failed[0]).toMatchObject({ status: 'failed', invoices_written: 3 });

    expect(await billing().runJob('billing-monthly-run')).toMatchObject({ invoices: 3 });
    const jpn = await invoices('jpn');
    // The demo client and the five extra ones, once each.
    expect(jpn.map((r) => r.client_uuid).sort()).toEqual([DEMO_IDS.client, ...extra.map((c) => c.client)].sort());
    const usa = await invoices('usa');
    expect(usa.map((r) => r.client_uuid)).toEqual([DEMO_IDS.usClient]);

    expect(await billing().runJob('billing-monthly-run')).toMatchObject({ invoices: 0 });
    expect((await invoices('jpn')).length + (await invoices('usa')).length).toBe(7);
    const runs = await portal.db.query<{ status: string; clients_total: number; clients_done: number }>(`SELECT status, clients_total, clients_done FROM jpn_billing.billing_runs WHERE month = '2027-01'`);
    expect(runs[0]).toEqual({ status: 'completed', clients_total: 6, clients_done: 6 });
  });

  it('prices with the tax per rate, and USD with the stored FX rate', async () => {
    const extraInvoice = (await invoices('jpn')).find((r) => r.client_uuid === extra[1]!.client)!;
    expect(extraInvoice).toMatchObject({ subtotal_minor: 315, tax_minor: 31, total_minor: 346, charge_total_minor: 346, fx_rate: null, status: 'billed' });
    const us = (await invoices('usa'))[0]!;
    expect(us.fx_rate).toBe('150.25');
    expect(us.charge_total_minor).toBe(Math.floor((us.total_minor * 150.25) / 100));
    const demo = (await invoices('jpn')).find((r) => r.client_uuid === DEMO_IDS.client)!;
    expect(demo.status).toBe('scheduled');
    expect(demo.tax_minor).toBe(Math.floor(demo.subtotal_minor / 10));
    await portal.settle();
    const mail = await mailTo(portal, 'billing@example.com', new RegExp(demo.number));
    expect(mail.text).toContain('/billing/list');
  });

  it('charges the card on the billing date; a 42G decline is retried daily and then failed with a mail', async () => {
    // The owner registers the sandbox's card whose charges are declined (42G020000), through slice A's calls.
    // (The seed's card has sequence 0, the sandbox's first new card too: replacing the seed's card would
    // delete the new one at the sandbox, so the seed's card is given another sequence first.)
    await portal.db.query(`UPDATE jpn_billing.card_references SET card_seq = 'seed' WHERE client_uuid = $1`, [DEMO_IDS.client]);
    const owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    const registered = await owner.call('POST', '/v1/gmo_auth', {
      token: sandboxToken('4000000000000341'), masked_number: '400000******0341', holder_name: 'ICHIRO YAMADA', expiry_month: 12, expiry_year: 2031,
    });
    expect(registered.body.result).toMatchObject({ status: 'registered' });
    expect((await owner.call('PUT', '/v1/payment', { method: 'credit_card' })).body.result.method).toBe('credit_card');
    await portal.db.query(`UPDATE jpn_billing.invoices SET status = 'scheduled', payment_method = 'card', next_charge_on = billing_date WHERE client_uuid = $1 AND month = '2027-01'`, [payer]);

    clock.set(new Date('2027-01-30T01:00:00Z'));
    // Issue 23: the daily job also fails what is unpaid past its date: the seed's US invoice of last year.
    expect(await billing().runJob('billing-card-charges')).toEqual({ paid: 0, declined: 0, failed: 0, overdue: 1 });
    clock.set(new Date('2027-01-31T01:00:00Z'));
    expect(await billing().runJob('billing-card-charges')).toEqual({ paid: 1, declined: 1, failed: 0, overdue: 0 });
    expect(await billing().runJob('billing-card-charges')).toEqual({ paid: 0, declined: 0, failed: 0, overdue: 0 });
    clock.set(new Date('2027-02-01T01:00:00Z'));
    // January's billed invoices (four extra clients without a card, the US client) are overdue from February 1st; the
    // declined card is still retried, so its invoice is not.
    expect(await billing().runJob('billing-card-charges')).toEqual({ paid: 0, declined: 1, failed: 0, overdue: 5 });
    clock.set(new Date('2027-02-02T01:00:00Z'));
    expect(await billing().runJob('billing-card-charges')).toEqual({ paid: 0, declined: 0, failed: 1, overdue: 0 });
    const rows = await portal.db.query<{ client_uuid: string; status: string; charge_attempts: number; charge_error: string | null }>(
      `SELECT client_uuid, status, charge_attempts, charge_error FROM jpn_billing.invoices WHERE client_uuid = ANY($1::uuid[]) AND month = '2027-01'`, [[DEMO_IDS.client, payer]]);
    expect(Object.fromEntries(rows.map((r) => [r.client_uuid, [r.status, r.charge_attempts, r.charge_error]]))).toEqual({
      [payer]: ['paid', 1, null], [DEMO_IDS.client]: ['failed', 3, '42G020000'],
    });
    // Issue 21: the sandbox's ledger is in PostgreSQL. A charge whose outcome was never recorded (the
    // process died between the gateway's answer and the commit) is charged again with the same order
    // id after a restart: the ledger answers it as a repeat and takes nothing more.
    const [paid] = await portal.db.query<{ id: string; charge_ref: string; charge_total_minor: number }>(
      `SELECT id, charge_ref, charge_total_minor FROM jpn_billing.invoices WHERE client_uuid = $1 AND month = '2027-01'`, [payer]);
    const ledger = () => portal.db.query<{ order_id: string; amount_minor: number; repeats: number }>(
      `SELECT order_id, amount_minor, repeats FROM global_billing.sandbox_charges WHERE order_id LIKE $1`, [`I${paid!.id.replace(/-/g, '').slice(0, 22)}-%`]);
    expect(await ledger()).toEqual([{ order_id: paid!.charge_ref, amount_minor: paid!.charge_total_minor, repeats: 0 }]);
    await portal.db.query(`UPDATE jpn_billing.invoices SET status = 'scheduled', charge_attempts = 0, next_charge_on = billing_date, paid_at = NULL WHERE id = $1`, [paid!.id]);
    expect(await billing().runJob('billing-card-charges')).toEqual({ paid: 1, declined: 0, failed: 0, overdue: 0 });
    expect(await ledger()).toEqual([{ order_id: paid!.charge_ref, amount_minor: paid!.charge_total_minor, repeats: 1 }]);
    await portal.settle();
    const mail = await mailTo(portal, 'billing@example.com', /3回/);
    expect(mail.subject).toContain('決済');
    expect(portal.mailbox.messages({ to: 'billing@example.com' }).filter((m) => /3回/.test(m.text)).length).toBe(1);
    // Issue 23: the paid invoice is mailed as paid; an overdue one as overdue (logged beside).
    const paidMail = await mailTo(portal, 'payer@example.com', /のお支払いを .* に確認しました/);
    expect(paidMail.subject).toContain('お支払いを確認しました');
    expect(paidMail.text).toContain('2027年1月');
    expect((await mailTo(portal, 'late@example.com', /お支払日 .* を過ぎましたが/)).subject).toContain('お支払期限が過ぎています');
    const overdue = await portal.db.query<{ status: string; charge_error: string }>(
      `SELECT status, charge_error FROM jpn_billing.invoices WHERE client_uuid = $1 AND month = '2027-01'`, [extra[1]!.client]);
    expect(overdue).toEqual([{ status: 'failed', charge_error: 'overdue' }]);
  });

  it('lists the invoices and the next one; the PDF carries the number, the registration number and the totals', async () => {
    const owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    const list = (await owner.call('GET', '/v1/billing/list')).body.result;
    // January's, and the seed's invoice of the month before the seed ran (paid).
    expect(list.total).toBe(2);
    const row = list.invoices[0];
    expect(row).toMatchObject({ month: '2027-01', status: 'failed', currency: 'JPY', products: ['bownow'] });
    expect(list.invoices[1]).toMatchObject({ status: 'paid', total_minor: row.total_minor });
    // Issue 23: the next invoice is the next one to be issued (February's, priced from the contracts at
    // 00:00 JST on 2027-02-01, with its lines); January's failed one is listed as unpaid, overdue, to pay now by card.
    expect(list.next).toMatchObject({ month: '2027-02', status: 'scheduled', invoice_date: '2027-02-01', billing_date: '2027-02-28', currency: 'JPY', total_minor: row.total_minor });
    expect(list.next.lines.length).toBeGreaterThan(0);
    expect(list.unpaid).toEqual([expect.objectContaining({ id: row.id, status: 'failed', overdue: true, pay_action: 'retry_card' })]);
    expect(list.transfer_account).toBeNull();
    // Pay now retries the card on file (still the declining one): not paid, still failed, the attempt counted.
    expect((await owner.call('POST', '/v1/billing/pay_now', { id: row.id })).body.result).toMatchObject({ id: row.id, status: 'failed', paid: false });
    // The paid invoice (and an unknown id) cannot be paid now; nothing changes.
    const paidRow = list.invoices[1];
    expect((await owner.call('POST', '/v1/billing/pay_now', { id: paidRow.id })).body.result.access_status.code).toBe(40011);
    expect((await owner.call('POST', '/v1/billing/pay_now', { id: randomUUID() })).body.result.access_status.code).toBe(40011);
    expect((await portal.db.query<{ charge_attempts: number }>('SELECT charge_attempts FROM jpn_billing.invoices WHERE id = $1', [row.id]))[0]).toEqual({ charge_attempts: 4 });

    const pdf = (await owner.call('GET', `/v1/billing/invoice_pdf?id=${row.id}`)).body.result;
    expect(pdf.content_type).toBe('application/pdf');
    const doc = await getDocument({ data: new Uint8Array(Buffer.from(pdf.content, 'base64')), useSystemFonts: false }).promise;
    const text = (await (await doc.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain(row.number);
    expect(text).toContain('T6010001000001');
    expect(text).toContain('請求書');
    expect(text).toContain(`￥${row.total_minor.toLocaleString('en-US')}`);

    // Outside Japan: USD shown, the yen charged at the stored rate with its time, in English.
    const us = new Agent(portal, { host: 'portal.example.com' });
    await us.login('owner-us@example.com', 'OwnerUs#2026');
    const usRow = (await us.call('GET', '/v1/billing/list')).body.result.invoices.find((r: { month: string }) => r.month === '2027-01');
    expect(usRow).toMatchObject({ currency: 'USD', charge_currency: 'JPY' });
    const usPdf = (await us.call('GET', `/v1/billing/invoice_pdf?id=${usRow.id}`)).body.result;
    const usDoc = await getDocument({ data: new Uint8Array(Buffer.from(usPdf.content, 'base64')), useSystemFonts: false }).promise;
    const usText = (await (await usDoc.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(usText).toContain('Invoice');
    expect(usText).toContain('150.25');
    expect(usText).toContain(`¥${usRow.charge_total_minor.toLocaleString('en-US')}`);
    expect(usText).not.toContain('Registration number');

    const missing = await owner.call('GET', `/v1/billing/invoice_pdf?id=${randomUUID()}`);
    expect(missing.body.result.access_status.code).toBe(40011);
    const bad = await owner.call('GET', '/v1/billing/invoice_pdf?id=nope');
    expect(bad.body.result.access_status.code).toBe(40011);
  });

  it('operators list runs with progress and queue a month; bad months change nothing', async () => {
    const operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');
    const runs = (await operator.call('GET', '/v1/operator/billing_runs')).body.result.runs;
    expect(runs.find((r: { shard: string }) => r.shard === 'jpn')).toMatchObject({ month: '2027-01', status: 'completed', clients_total: 6, clients_done: 6, invoices_written: 6 });
    const future = await operator.call('POST', '/v1/operator/billing_runs', { month: '2027-09' });
    expect(future.body.result.access_status.code).toBe(40011);
    expect(Object.keys(future.body.result.errors)).toEqual(['month']);
    expect((await operator.call('POST', '/v1/operator/billing_runs', { month: '2027-13' })).body.result.access_status.code).toBe(40011);
    expect((await portal.db.query(`SELECT 1 FROM jpn_billing.billing_runs WHERE month IN ('2027-09', '2027-13')`)).length).toBe(0);
    const queued = (await operator.call('POST', '/v1/operator/billing_runs', { month: '2027-01' })).body.result;
    expect(queued.runs.find((r: { shard: string }) => r.shard === 'jpn')).toMatchObject({ status: 'queued' });
    // The clock is in February now: the job bills February too, and January's re-run finds nobody left to bill.
    expect(await billing().runJob('billing-monthly-run')).toMatchObject({ invoices: 7 });
    expect((await invoices('jpn')).length + (await invoices('usa')).length).toBe(7);
    expect((await portal.db.query(`SELECT status FROM jpn_billing.billing_runs WHERE month = '2027-01'`))[0]).toEqual({ status: 'completed' });
  });

  it('refuses users, resellers\' principals and other areas', async () => {
    const user = new Agent(portal);
    await user.login('user@example.com', 'User#2026');
    expect((await user.call('GET', '/v1/billing/list')).status).toBe(403);
    expect((await user.call('GET', `/v1/billing/invoice_pdf?id=${randomUUID()}`)).status).toBe(403);
    const owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    expect((await owner.call('GET', '/v1/operator/billing_runs')).status).toBe(403);
    expect((await owner.call('POST', '/v1/operator/billing_runs', { month: '2027-01' })).status).toBe(403);
    const operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');
    expect((await operator.call('GET', '/v1/billing/list')).status).toBe(403);
    // Another client's invoice is not found for this owner.
    const other = (await invoices('jpn')).find((r) => r.client_uuid === extra[2]!.client)!;
    const id = (await portal.db.query<{ id: string }>(`SELECT id FROM jpn_billing.invoices WHERE number = $1`, [other.number]))[0]!.id;
    expect((await owner.call('GET', `/v1/billing/invoice_pdf?id=${id}`)).body.result.access_status.code).toBe(40011);
    const anonymous = new Agent(portal);
    expect((await anonymous.call('GET', '/v1/billing/list')).status).toBe(401);
  });

  it('pages the list newest first with each invoice\'s products once, in line order; unpaid invoices apart from the next one', async () => {
    // Two older invoices of the demo client: May billed (still to be paid), June scheduled with three lines of two products.
    const added: string[] = [];
    for (const [month, status, products] of [['2026-05', 'billed', ['bownow']], ['2026-06', 'scheduled', ['actibook', 'bownow', 'actibook']]] as const) {
      const [{ id }] = await portal.db.query<{ id: string }>(
        `INSERT INTO jpn_billing.invoices (number, client_uuid, month, issued_on, billing_date, company_name, language, currency, subtotal_minor, tax_minor,
           total_minor, charge_currency, charge_total_minor, tax_summary, issuer_name, status, payment_method)
         VALUES ($1, $2, $3, ($3 || '-01')::date, (($3 || '-01')::date + interval '1 month' - interval '1 day')::date, 'デモ商事株式会社', 'ja-jp', 'JPY',
           1000, 100, 1100, 'JPY', 1100, '[]'::jsonb, 'Issuer', $4, 'bank_transfer') RETURNING id`,
        [`JPN-${month.replace('-', '')}-TEST`, DEMO_IDS.client, month, status]) as [{ id: string }];
      added.push(id);
      // Positions out of insertion order: the products follow the positions.
      for (const [position, product] of [...products.entries()].reverse()) {
        await portal.db.query(
          `INSERT INTO jpn_billing.invoice_lines (invoice_id, position, kind, product, plan_id, contract_id, name, quantity, unit_minor, amount_minor, tax_rate_tenths, period_from, period_to)
           VALUES ($1, $2, 'plan', $3, 'p', $4, '{}'::jsonb, 1, 500, 500, 100, ($5 || '-01')::date, ($5 || '-28')::date)`, [id, position, product, randomUUID(), month]);
      }
    }
    try {
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      const page = async (n: number) => (await owner.call('GET', `/v1/billing/list?page=${n}&per_page=2`)).body.result;
      const months = (await portal.db.query<{ month: string }>('SELECT month FROM jpn_billing.invoices WHERE client_uuid = $1 ORDER BY month DESC', [DEMO_IDS.client])).map((r) => r.month);
      // The seed's, June's and May's (and what the tests above billed): June and May are the oldest.
      expect(months.length).toBeGreaterThanOrEqual(3);
      expect(months.slice(-2)).toEqual(['2026-06', '2026-05']);
      const last = Math.ceil(months.length / 2);
      const pages = await Promise.all(Array.from({ length: last }, (_, i) => page(i + 1)));
      for (const p of pages) expect(p.total).toBe(months.length);
      expect(pages.flatMap((p) => p.invoices.map((r: { month: string }) => r.month))).toEqual(months);
      const older = pages.flatMap((p) => p.invoices).slice(-2);
      expect(older).toEqual([
        expect.objectContaining({ month: '2026-06', status: 'scheduled', products: ['actibook', 'bownow'], issued_on: '2026-06-01', billing_date: '2026-06-30', total_minor: 1100 }),
        expect.objectContaining({ month: '2026-05', status: 'billed', products: ['bownow'], currency: 'JPY', charge_total_minor: 1100, charge_currency: 'JPY' }),
      ]);
      // Issue 23: the unpaid invoices, oldest first, overdue, to pay by bank transfer to the provider's account;
      // the next invoice is still the next one to be issued (March's), not the oldest unpaid one.
      for (const p of pages) {
        expect(p.unpaid.slice(0, 2)).toEqual([
          expect.objectContaining({ month: '2026-05', status: 'billed', overdue: true, pay_action: 'bank_transfer' }),
          expect.objectContaining({ month: '2026-06', status: 'scheduled', overdue: true, pay_action: 'bank_transfer' }),
        ]);
        expect(p.transfer_account).toContain('1234567');
        expect(p.next).toMatchObject({ month: '2027-03', status: 'scheduled' });
      }
      // Past the last page: no rows, the count still there.
      expect(await page(last + 1)).toMatchObject({ invoices: [], total: months.length });
    } finally {
      await portal.db.query('DELETE FROM jpn_billing.invoices WHERE id = ANY($1::uuid[])', [added]);
    }
  });
});
