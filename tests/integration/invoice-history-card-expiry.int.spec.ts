import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ManualClock } from '@portal/service-common/clock';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/** The entries of a zip read from its central directory (stored entries: their bytes as they are). */
function unzipStored(zip: Buffer): { name: string; method: number; data: Buffer }[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: { name: string; method: number; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error('bad local header');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, method, data: zip.subarray(start, start + size) });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  return (await (await doc.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
}

/**
 * Issue 23 items 6 and 7 on a manual clock, one portal: the invoice history (year and status
 * filters, CSV, receipts, the year's zip) over invoices the billing run issued; the daily
 * card-expiry job (one mail per card and expiry, however often and however concurrently it runs)
 * and the warning GET /v1/payment answers for /payment.
 */
describe('invoice history and card expiry (issue 23 items 6, 7)', () => {
  let portal: TestPortal;
  // 10:00 JST on 2027-01-05: the run issues January's invoices.
  const clock = new ManualClock(new Date('2027-01-05T01:00:00Z'));
  const billing = () => portal.services.find((s) => s.name === 'billing')!;
  let owner: Agent;
  const other = randomUUID();
  let otherPaid = '';
  let formula = '';
  const cardClients = { soon: randomUUID(), bank: randomUUID() };

  const demoInvoices = (year: number) => portal.db.query<{ id: string; number: string; status: string }>(
    `SELECT id, number, status FROM jpn_billing.invoices WHERE client_uuid = $1 AND month LIKE $2 ORDER BY month DESC`, [DEMO_IDS.client, `${year}-%`]);

  async function addInvoice(client: string, month: string, status: string, number: string): Promise<string> {
    const [row] = await portal.db.query<{ id: string }>(
      `INSERT INTO jpn_billing.invoices (number, client_uuid, month, issued_on, billing_date, company_name, language, currency, subtotal_minor, tax_minor,
         total_minor, charge_currency, charge_total_minor, tax_summary, issuer_name, status, payment_method, paid_at)
       VALUES ($1, $2, $3, ($3 || '-01')::date, (($3 || '-01')::date + interval '1 month' - interval '1 day')::date, '他社株式会社', 'ja-jp', 'JPY',
         1000, 100, 1100, 'JPY', 1100, '[]'::jsonb, '株式会社ポータル', $4, 'card', CASE WHEN $4 = 'paid' THEN now() END) RETURNING id`, [number, client, month, status]);
    return row!.id;
  }

  async function addCard(client: string, email: string, method: 'credit_card' | 'bank_transfer', expiry: { month: number; year: number }): Promise<void> {
    await portal.db.query(
      `INSERT INTO jpn_billing.billing_infos (client_uuid, company_name, company_kana, phone, address, address_kana, email)
       VALUES ($1, 'カード期限株式会社', 'カードキゲン', '0312345678', '東京都千代田区', 'トウキョウト', $2)
       ON CONFLICT (client_uuid) DO UPDATE SET email = EXCLUDED.email, company_name = EXCLUDED.company_name`, [client, email]);
    await portal.db.query(`UPDATE jpn_billing.card_references SET status = 'replaced' WHERE client_uuid = $1`, [client]);
    const card = randomUUID();
    await portal.db.query(
      `INSERT INTO jpn_billing.card_references (id, client_uuid, gateway, member_id, card_seq, masked_number, expiry_month, expiry_year, holder_name, status)
       VALUES ($1, $2, 'sandbox', $3, 'x', '411111******1111', $4, $5, 'TARO YAMADA', 'active')`, [card, client, `m${card.slice(0, 8)}`, expiry.month, expiry.year]);
    await portal.db.query(
      `INSERT INTO jpn_billing.payment_methods (client_uuid, method, card_reference_id) VALUES ($1, $2, $3)
       ON CONFLICT (client_uuid) DO UPDATE SET method = EXCLUDED.method, card_reference_id = EXCLUDED.card_reference_id`,
      [client, method, method === 'credit_card' ? card : null]);
  }

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock, env: { PUBLIC_URL: 'http://localhost:8080' } });
    // January's and February's invoices by the billing run, at 10:00 JST on the 5th of each.
    await billing().runJob('billing-monthly-run');
    clock.set(new Date('2027-02-05T01:00:00Z'));
    await billing().runJob('billing-monthly-run');
    // Another client's paid invoice, and one of the demo client's whose number a spreadsheet would run as a formula.
    otherPaid = await addInvoice(other, '2027-01', 'paid', 'JPN-202701-OTHER');
    formula = await addInvoice(DEMO_IDS.client, '2025-06', 'billed', '=HYPERLINK("http://evil.example","x")');
    owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('filters the list by year and by status; the next invoice stays', async () => {
    const issued = await demoInvoices(2027);
    expect(issued.map((r) => r.status)).toEqual(['scheduled', 'scheduled']);
    const year = (await owner.call('GET', '/v1/billing/list?year=2027')).body.result;
    expect(year.total).toBe(2);
    expect(year.invoices.map((r: { month: string }) => r.month)).toEqual(['2027-02', '2027-01']);
    expect(year.next).toMatchObject({ month: '2027-03', status: 'scheduled' });
    // The seed's paid invoice is the only paid one, of the year before.
    const paid = (await owner.call('GET', '/v1/billing/list?status=paid')).body.result;
    expect(paid.invoices.map((r: { status: string }) => r.status)).toEqual(['paid']);
    expect(paid.invoices[0].month < '2027-01').toBe(true);
    expect((await owner.call('GET', '/v1/billing/list?year=2027&status=paid')).body.result).toMatchObject({ total: 0, invoices: [] });
    expect((await owner.call('GET', '/v1/billing/list?year=2025&status=billed')).body.result.invoices.map((r: { id: string }) => r.id)).toEqual([formula]);
    // Bad filters are refused by field.
    for (const query of ['year=1999', 'year=abc', 'status=lost']) {
      const bad = await owner.call('GET', `/v1/billing/list?${query}`);
      expect(bad.status, query).toBe(422);
      expect(Object.keys(bad.body.result.errors), query).toEqual([query.split('=')[0]]);
    }
  });

  it('answers the filtered invoices as CSV, formula-safe', async () => {
    const csv = (await owner.call('GET', '/v1/billing/invoice_csv?year=2027')).body.result;
    expect(csv.rows).toBe(2);
    const text = Buffer.from(csv.content, 'base64').toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('請求書番号');
    const [jan] = await portal.db.query<{ number: string; total_minor: number }>(
      `SELECT number, total_minor FROM jpn_billing.invoices WHERE client_uuid = $1 AND month = '2027-01'`, [DEMO_IDS.client]);
    expect(lines[2]!.split(',').slice(0, 2)).toEqual([jan!.number, '2027-01']);
    expect(lines[2]).toContain(`,${jan!.total_minor},JPY,`);
    expect(lines[2]).toContain('予定');
    // A cell starting with = is written as text, quoted: no spreadsheet runs it.
    const unsafe = Buffer.from((await owner.call('GET', '/v1/billing/invoice_csv?year=2025')).body.result.content, 'base64').toString('utf8');
    expect(unsafe).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(unsafe).not.toMatch(/(^|,|\r\n)=HYPERLINK/);
  });

  it('gives a receipt for a paid invoice only, and never for another client\'s', async () => {
    const [seedPaid] = (await owner.call('GET', '/v1/billing/list?status=paid')).body.result.invoices;
    const receipt = (await owner.call('GET', `/v1/billing/receipt_pdf?id=${seedPaid.id}`)).body.result;
    expect(receipt.content_type).toBe('application/pdf');
    const text = await pdfText(Buffer.from(receipt.content, 'base64'));
    expect(text).toContain('領収書');
    expect(text).toContain(seedPaid.number);
    const [jan] = (await owner.call('GET', '/v1/billing/list?year=2027')).body.result.invoices.slice(-1);
    const unpaid = await owner.call('GET', `/v1/billing/receipt_pdf?id=${jan.id}`);
    expect(unpaid.body.result.access_status.code).toBe(40011);
    expect(unpaid.body.result.errors.id).toEqual([expect.stringContaining('お支払い後')]);
    const foreign = await owner.call('GET', `/v1/billing/receipt_pdf?id=${otherPaid}`);
    expect(foreign.body.result.access_status.code).toBe(40011);
    expect(JSON.stringify(foreign.body)).not.toContain('JPN-202701-OTHER');
  });

  it('streams the year\'s PDFs as a zip, one per invoice of the year', async () => {
    const res = await fetch(`${portal.url}/v1/billing/invoice_zip?year=2027`, { headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.zip"$/);
    const entries = unzipStored(Buffer.from(await res.arrayBuffer()));
    const issued = await demoInvoices(2027);
    expect(entries).toHaveLength(issued.length);
    for (const [i, entry] of entries.entries()) {
      expect(entry.name).toMatch(/\.pdf$/);
      expect(entry.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await pdfText(entry.data)).toContain(issued.find((r) => entry.name.includes(r.number))?.number ?? `entry ${i} names no invoice`);
    }
    expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
    // A year without invoices is the envelope's refusal, not an empty zip.
    const none = await owner.call('GET', '/v1/billing/invoice_zip?year=2024');
    expect(none.status).toBe(422);
    expect(none.body.result.access_status.code).toBe(40011);
  });

  it('mails each card once per expiry, 30 days before its end, even when the job runs twice or at once; /payment warns', async () => {
    // The demo client's card ends 2027-03-31; another client's 2027-02-28 (expiring since 29 January);
    // a third client's card of 2027-02 is not its payment method (bank transfer): never mailed.
    await addCard(DEMO_IDS.client, 'billing-demo@example.com', 'credit_card', { month: 3, year: 2027 });
    await addCard(cardClients.soon, 'soon@example.com', 'credit_card', { month: 2, year: 2027 });
    await addCard(cardClients.bank, 'bank@example.com', 'bank_transfer', { month: 2, year: 2027 });
    const job = () => billing().runJob('billing-card-expiry');
    // A fresh login each time: the clock moves weeks, past a session's idle limit.
    const payment = async () => {
      const agent = new Agent(portal);
      await agent.login('owner@example.com', 'Owner#2026');
      const res = await agent.call('GET', '/v1/payment');
      expect(res.status).toBe(200);
      return res.body.result;
    };

    // 2027-02-05: February's card is in its last 30 days.
    expect(await job()).toEqual({ mailed: 1, skipped: 0 });
    expect(await job()).toEqual({ mailed: 0, skipped: 0 });
    expect((await payment()).card_expiry).toBeNull();

    // 2027-03-01 00:00 JST (still 28 February in UTC): the demo card is expiring; two replicas' runs at once mail it once.
    clock.set(new Date('2027-02-28T15:00:00Z'));
    const both = await Promise.all([job(), job()]);
    expect(both.map((r) => (r as { mailed: number }).mailed).sort()).toEqual([0, 1]);
    expect(await job()).toEqual({ mailed: 0, skipped: 0 });
    expect((await payment()).card_expiry).toEqual({ state: 'expiring', expires_on: '2027-03-31' });

    await portal.settle();
    const demoMails = portal.mailbox.messages({ to: 'billing-demo@example.com' });
    expect(demoMails).toHaveLength(1);
    expect(demoMails[0]!.subject).toBe('ご登録のクレジットカードの有効期限は2027年3月末です');
    expect(demoMails[0]!.text).toContain('411111******1111');
    expect(demoMails[0]!.text).toContain('http://localhost:8080/payment');
    expect(portal.mailbox.messages({ to: 'soon@example.com' })).toHaveLength(1);
    expect(portal.mailbox.messages({ to: 'bank@example.com' })).toHaveLength(0);
    const notices = await portal.db.query<{ client_uuid: string; expiry_month: number; notified_on: string }>(
      `SELECT client_uuid, expiry_month, to_char(notified_on, 'YYYY-MM-DD') AS notified_on FROM jpn_billing.card_expiry_notices ORDER BY notified_on`);
    expect(notices).toEqual([
      { client_uuid: cardClients.soon, expiry_month: 2, notified_on: '2027-02-05' },
      { client_uuid: DEMO_IDS.client, expiry_month: 3, notified_on: '2027-03-01' },
    ]);

    // After its last day the card has expired: /payment says so, and nothing more is mailed.
    clock.set(new Date('2027-04-01T01:00:00Z'));
    expect(await job()).toEqual({ mailed: 0, skipped: 0 });
    expect((await payment()).card_expiry).toEqual({ state: 'expired', expires_on: '2027-03-31' });
    // A new card (a new expiry) is mailed again when its own time comes; until then no warning.
    await addCard(DEMO_IDS.client, 'billing-demo@example.com', 'credit_card', { month: 4, year: 2027 });
    expect((await payment()).card_expiry).toEqual({ state: 'expiring', expires_on: '2027-04-30' });
    expect(await job()).toEqual({ mailed: 1, skipped: 0 });
  });
});
