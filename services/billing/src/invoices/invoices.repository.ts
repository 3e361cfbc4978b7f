import { Inject, Injectable } from '@nestjs/common';
import { MANUAL_PAYMENT_METHODS, type TBillingRunStatus, type TInvoiceStatus, type TOperatorInvoiceState, type TShard } from '@portal/proto';
import type { IsoDate } from '@portal/service-common/business-dates';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { BillingDb, Tx } from '../db.js';
import type { BillingRunModel, InvoiceLineModel, InvoiceModel } from '../generated/prisma/models.js';

const isoDate = (d: Date): IsoDate => d.toISOString().slice(0, 10);
const dateColumn = (iso: IsoDate): Date => new Date(`${iso}T00:00:00Z`);

export interface TaxSummaryRow { rate_tenths: number; subtotal_minor: number; tax_minor: number }

export interface InvoiceRecord {
  id: string; number: string; clientUuid: string; month: string; issuedOn: IsoDate; billingDate: IsoDate;
  companyName: string; language: string; currency: 'JPY' | 'USD'; subtotalMinor: number; taxMinor: number; totalMinor: number;
  chargeCurrency: 'JPY' | 'USD'; chargeTotalMinor: number; taxSummary: TaxSummaryRow[]; fxRate: string | null; fxRateAt: Date | null;
  issuerName: string; issuerRegistration: string; status: TInvoiceStatus; paymentMethod: string; chargeAttempts: number;
  nextChargeOn: IsoDate | null; products: string[];
  /** When it was paid (issue 23: the PDF's paid mark and the receipt); absent on an invoice being written. */
  paidAt?: Date | null;
}
export interface InvoiceLineRecord {
  kind: string; product: string; name: Record<string, string>; quantity: number; unitMinor: number; amountMinor: number;
  taxRateTenths: number; periodFrom: IsoDate; periodTo: IsoDate;
}
export type NewInvoice = Omit<InvoiceRecord, 'id' | 'number' | 'chargeAttempts' | 'products'> & { runId: string | null; shard: TShard; lines: (InvoiceLineRecord & { planId: string; contractId: string })[] };

function textMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function toInvoice(row: InvoiceModel & { lines?: Pick<InvoiceLineModel, 'product'>[] }): InvoiceRecord {
  return {
    id: row.id, number: row.number, clientUuid: row.clientUuid, month: row.month, issuedOn: isoDate(row.issuedOn), billingDate: isoDate(row.billingDate),
    companyName: row.companyName, language: row.language, currency: row.currency as 'JPY' | 'USD', subtotalMinor: row.subtotalMinor,
    taxMinor: row.taxMinor, totalMinor: row.totalMinor, chargeCurrency: row.chargeCurrency as 'JPY' | 'USD', chargeTotalMinor: row.chargeTotalMinor,
    taxSummary: Array.isArray(row.taxSummary) ? (row.taxSummary as unknown as TaxSummaryRow[]) : [], fxRate: row.fxRate, fxRateAt: row.fxRateAt,
    issuerName: row.issuerName, issuerRegistration: row.issuerRegistration, status: row.status as TInvoiceStatus, paymentMethod: row.paymentMethod,
    chargeAttempts: row.chargeAttempts, nextChargeOn: row.nextChargeOn ? isoDate(row.nextChargeOn) : null,
    products: [...new Set((row.lines ?? []).map((l) => l.product))], paidAt: row.paidAt,
  };
}

/** Issue 23 (receipts): the statuses each state of the operator's list selects. */
const STATE_STATUSES: Record<TOperatorInvoiceState, TInvoiceStatus[]> = {
  open: ['billed', 'scheduled', 'failed'], unpaid: ['billed', 'scheduled'], overdue: ['failed'], paid: ['paid'],
};

/** Issue 23: the list's filters (year of the billing month, status). */
export interface InvoiceFilter { year?: number; status?: TInvoiceStatus }
const filterBounds = (f: InvoiceFilter) => ({
  from: f.year ? `${f.year}-01` : '0000-01', to: f.year ? `${f.year}-12` : '9999-12', status: f.status ?? null,
});

/** An invoice as /billing/list shows it. */
export type InvoiceListRow = Pick<InvoiceRecord, 'id' | 'number' | 'month' | 'issuedOn' | 'billingDate' | 'products' | 'totalMinor' | 'currency' | 'chargeTotalMinor' | 'chargeCurrency' | 'status'>;
/** Issue 23: an issued invoice not paid yet, with how the client pays. */
export type InvoiceListUnpaid = InvoiceListRow & Pick<InvoiceRecord, 'paymentMethod'>;
export interface InvoiceOverview { rows: InvoiceListRow[]; total: number; unpaid: InvoiceListUnpaid[]; latestMonth: string | null }
interface OverviewRowJson {
  id: string; number: string; month: string; issued_on: IsoDate; billing_date: IsoDate; total_minor: number; currency: 'JPY' | 'USD';
  charge_total_minor: number; charge_currency: 'JPY' | 'USD'; status: TInvoiceStatus; products: string[];
}
type OverviewUnpaidJson = OverviewRowJson & { payment_method: string };
const listRow = (r: OverviewRowJson): InvoiceListRow => ({
  id: r.id, number: r.number, month: r.month, issuedOn: r.issued_on, billingDate: r.billing_date, products: r.products, totalMinor: r.total_minor,
  currency: r.currency, chargeTotalMinor: r.charge_total_minor, chargeCurrency: r.charge_currency, status: r.status,
});

export interface BillingRunRecord {
  id: string; shard: TShard; month: string; status: TBillingRunStatus; clientsTotal: number; clientsDone: number; invoicesWritten: number;
  attempts: number; cursor: string | null; startedAt: Date | null; finishedAt: Date | null; updatedAt: Date;
}
const toRun = (shard: TShard, row: BillingRunModel): BillingRunRecord => ({
  id: row.id, shard, month: row.month, status: row.status as TBillingRunStatus, clientsTotal: row.clientsTotal, clientsDone: row.clientsDone,
  invoicesWritten: row.invoicesWritten, attempts: row.attempts, cursor: row.cursor, startedAt: row.startedAt, finishedAt: row.finishedAt, updatedAt: row.updatedAt,
});

/** Issue 11, slice C2: billing_runs, invoices and invoice_lines (region shards). */
@Injectable()
export class InvoicesRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: BillingDb) {}

  shards(): readonly TShard[] {
    return this.db.shards();
  }

  // ---- runs ----

  /** Queues the month's run unless one exists (any status); the run row either way. */
  /** Issue 25: the client an invoice number belongs to (the number's unique index), in the shard that issued it. */
  async clientOfNumber(shard: TShard, number: string): Promise<string | null> {
    const row = await this.db.client(shard).invoice.findUnique({ where: { number }, select: { clientUuid: true } });
    return row?.clientUuid ?? null;
  }

  async queueRun(shard: TShard, month: string): Promise<BillingRunRecord> {
    const row = await this.db.client(shard).billingRun.upsert({ where: { month }, create: { month }, update: {} });
    return toRun(shard, row);
  }

  /** Queues a run again (an operator's restart of a failed or completed month: it finds what is left). */
  async requeueRun(shard: TShard, month: string): Promise<BillingRunRecord> {
    const row = await this.db.client(shard).billingRun.upsert({ where: { month }, create: { month }, update: { status: 'queued', finishedAt: null, cursor: null, clientsDone: 0 } });
    return toRun(shard, row);
  }

  /** Runs still to do (queued, running when a process died, failed), oldest month first. */
  async openRuns(shard: TShard): Promise<BillingRunRecord[]> {
    const rows = await this.db.client(shard).billingRun.findMany({ where: { status: { in: ['queued', 'running', 'failed'] } }, orderBy: { month: 'asc' } });
    return rows.map((r) => toRun(shard, r));
  }

  async startRun(shard: TShard, id: string, now: Date, clientsTotal: number | null): Promise<BillingRunRecord> {
    const row = await this.db.client(shard).billingRun.update({
      where: { id },
      data: { status: 'running', attempts: { increment: 1 }, lastError: null, ...(clientsTotal !== null ? { clientsTotal } : {}) },
    });
    if (!row.startedAt) await this.db.client(shard).billingRun.update({ where: { id }, data: { startedAt: now } });
    return toRun(shard, { ...row, startedAt: row.startedAt ?? now });
  }

  /** Moves the cursor past clients that had nothing to bill (the written ones moved it in their own transaction). */
  async advance(shard: TShard, id: string, cursor: string, skipped: number): Promise<void> {
    await this.db.client(shard).billingRun.update({ where: { id }, data: { cursor, clientsDone: { increment: skipped } } });
  }

  /** In a chunk's transaction: its clients done, its invoices written, the cursor after its last client. */
  async progress(tx: Tx, id: string, cursor: string, done: number, written: number): Promise<void> {
    await tx.billingRun.update({ where: { id }, data: { cursor, clientsDone: { increment: done }, invoicesWritten: { increment: written } } });
  }

  async setTotal(shard: TShard, id: string, clientsTotal: number): Promise<void> {
    await this.db.client(shard).billingRun.update({ where: { id }, data: { clientsTotal } });
  }

  async finishRun(shard: TShard, id: string, status: 'completed' | 'failed', now: Date, error?: string): Promise<void> {
    const db = this.db.client(shard);
    await db.billingRun.update({ where: { id }, data: { status, finishedAt: now, lastError: error ? error.slice(0, 500) : null } });
    // A completed run has looked at every client (a resumed one may have counted some twice).
    if (status === 'completed') await db.$executeRaw`UPDATE billing_runs SET clients_done = clients_total WHERE id = ${id}::uuid`;
  }

  async listRuns(shard: TShard, month?: string): Promise<BillingRunRecord[]> {
    const rows = await this.db.client(shard).billingRun.findMany({ where: month ? { month } : {}, orderBy: { month: 'desc' }, take: 24 });
    return rows.map((r) => toRun(shard, r));
  }

  // ---- invoices ----

  /** Of `clientUuids`, those that already have the month's invoice. */
  async existingFor(tx: Tx, clientUuids: readonly string[], month: string): Promise<Set<string>> {
    const rows = await tx.invoice.findMany({ where: { clientUuid: { in: [...clientUuids] }, month }, select: { clientUuid: true } });
    return new Set(rows.map((r) => r.clientUuid));
  }

  /**
   * Writes invoices (ids given) and their lines in the caller's transaction, numbered
   * <SHARD>-<YYYYMM>-<seq> from the table's sequence. The unique key (client, month) refuses a
   * second invoice for a client and month (the whole transaction then fails and is retried).
   */
  async createMany(tx: Tx, invoices: readonly (NewInvoice & { id: string })[]): Promise<InvoiceRecord[]> {
    if (invoices.length === 0) return [];
    const seqs = await tx.$queryRaw<{ seq: bigint }[]>`SELECT nextval(pg_get_serial_sequence('invoices', 'seq')) AS seq FROM generate_series(1, ${invoices.length}::int)`;
    const numbered = invoices.map((inv, i) => {
      const seq = Number(seqs[i]!.seq);
      return { inv, seq, number: `${inv.shard.toUpperCase()}-${inv.month.replace('-', '')}-${String(seq).padStart(6, '0')}` };
    });
    // One statement each for the invoices and their lines, the rows as one JSON parameter
    // (jsonb_to_recordset): a chunk of clients stays two statements, not Prisma-built ones.
    const invoiceRows = JSON.stringify(numbered.map(({ inv, seq, number }) => ({
      id: inv.id, number, seq, client_uuid: inv.clientUuid, month: inv.month, run_id: inv.runId, issued_on: inv.issuedOn, billing_date: inv.billingDate,
      company_name: inv.companyName, language: inv.language, currency: inv.currency, subtotal_minor: inv.subtotalMinor, tax_minor: inv.taxMinor,
      total_minor: inv.totalMinor, charge_currency: inv.chargeCurrency, charge_total_minor: inv.chargeTotalMinor, tax_summary: inv.taxSummary,
      fx_rate: inv.fxRate, fx_rate_at: inv.fxRateAt?.toISOString() ?? null, issuer_name: inv.issuerName, issuer_registration: inv.issuerRegistration,
      status: inv.status, payment_method: inv.paymentMethod, next_charge_on: inv.nextChargeOn,
    })));
    await tx.$executeRaw`
      INSERT INTO invoices (id, number, seq, client_uuid, month, run_id, issued_on, billing_date, company_name, language, currency, subtotal_minor, tax_minor,
        total_minor, charge_currency, charge_total_minor, tax_summary, fx_rate, fx_rate_at, issuer_name, issuer_registration, status, payment_method, next_charge_on)
      SELECT id, number, seq, client_uuid, month, run_id, issued_on, billing_date, company_name, language, currency, subtotal_minor, tax_minor,
        total_minor, charge_currency, charge_total_minor, tax_summary, fx_rate, fx_rate_at, issuer_name, issuer_registration, status, payment_method, next_charge_on
      FROM jsonb_to_recordset(${invoiceRows}::jsonb) AS r(id uuid, number text, seq int, client_uuid uuid, month text, run_id uuid, issued_on date, billing_date date,
        company_name text, language text, currency text, subtotal_minor int, tax_minor int, total_minor int, charge_currency text, charge_total_minor int,
        tax_summary jsonb, fx_rate text, fx_rate_at timestamptz, issuer_name text, issuer_registration text, status text, payment_method text, next_charge_on date)`;
    const lineRows = JSON.stringify(invoices.flatMap((inv) => inv.lines.map((l, position) => ({
      invoice_id: inv.id, position, kind: l.kind, product: l.product, plan_id: l.planId, contract_id: l.contractId, name: l.name, quantity: l.quantity,
      unit_minor: l.unitMinor, amount_minor: l.amountMinor, tax_rate_tenths: l.taxRateTenths, period_from: l.periodFrom, period_to: l.periodTo,
    }))));
    await tx.$executeRaw`
      INSERT INTO invoice_lines (invoice_id, position, kind, product, plan_id, contract_id, name, quantity, unit_minor, amount_minor, tax_rate_tenths, period_from, period_to)
      SELECT invoice_id, position, kind, product, plan_id, contract_id, name, quantity, unit_minor, amount_minor, tax_rate_tenths, period_from, period_to
      FROM jsonb_to_recordset(${lineRows}::jsonb) AS r(invoice_id uuid, position int, kind text, product text, plan_id text, contract_id uuid, name jsonb,
        quantity int, unit_minor int, amount_minor int, tax_rate_tenths int, period_from date, period_to date)`;
    return numbered.map(({ inv, number }) => ({ ...inv, number, chargeAttempts: 0, products: [...new Set(inv.lines.map((l) => l.product))] }));
  }

  /**
   * What /billing/list shows, in one statement (one round trip instead of the five Prisma
   * queries of list + count + nextOpen + latestMonth): the page of invoices newest first with
   * their products (in line order, each once), the client's invoice count, the invoices still to
   * be charged or paid (issue 23: all of them, oldest first), and the latest invoiced month.
   */
  async overview(shard: TShard, clientUuid: string, page: number, perPage: number, filter: InvoiceFilter = {}): Promise<InvoiceOverview> {
    // Issue 23: the year (of the billing month) and the status filter the page and its count; the
    // unpaid invoices and the latest month never are (the next invoice is the same whatever is listed).
    const { from, to, status } = filterBounds(filter);
    const [row] = await this.db.client(shard).$queryRaw<{ total: number; latest: string | null; unpaid: OverviewUnpaidJson[]; rows: OverviewRowJson[] }[]>`
      SELECT
        (SELECT count(*)::int FROM invoices WHERE client_uuid = ${clientUuid}::uuid
           AND month BETWEEN ${from} AND ${to} AND (${status}::text IS NULL OR status = ${status}::text)) AS total,
        (SELECT max(month) FROM invoices WHERE client_uuid = ${clientUuid}::uuid) AS latest,
        (SELECT coalesce(json_agg(u ORDER BY u.billing_date, u.month), '[]'::json) FROM (
           SELECT o.id, o.number, o.month, o.issued_on, o.billing_date, o.total_minor, o.currency, o.charge_total_minor, o.charge_currency, o.status, o.payment_method,
                  ARRAY(SELECT l.product FROM invoice_lines l WHERE l.invoice_id = o.id GROUP BY l.product ORDER BY min(l.position)) AS products
             FROM invoices o WHERE o.client_uuid = ${clientUuid}::uuid AND o.status IN ('scheduled', 'billed', 'failed') LIMIT 100) u) AS unpaid,
        (SELECT coalesce(json_agg(p ORDER BY p.month DESC), '[]'::json) FROM (
           SELECT i.id, i.number, i.month, i.issued_on, i.billing_date, i.total_minor, i.currency, i.charge_total_minor, i.charge_currency, i.status,
                  ARRAY(SELECT l.product FROM invoice_lines l WHERE l.invoice_id = i.id GROUP BY l.product ORDER BY min(l.position)) AS products
             FROM invoices i WHERE i.client_uuid = ${clientUuid}::uuid AND i.month BETWEEN ${from} AND ${to} AND (${status}::text IS NULL OR i.status = ${status}::text)
             ORDER BY i.month DESC OFFSET ${(page - 1) * perPage}::int LIMIT ${perPage}::int) p) AS rows`;
    return {
      total: row?.total ?? 0,
      latestMonth: row?.latest ?? null,
      unpaid: (row?.unpaid ?? []).map((r) => ({ ...listRow(r), paymentMethod: r.payment_method })),
      rows: (row?.rows ?? []).map(listRow),
    };
  }

  /**
   * Issue 23: every invoice the filter selects, newest first, for the CSV export and the zip's
   * manifest (a client has one invoice a month: a year is at most 12, all years a few hundred).
   */
  async listAll(shard: TShard, clientUuid: string, filter: InvoiceFilter): Promise<InvoiceListRow[]> {
    const { from, to, status } = filterBounds(filter);
    const rows = await this.db.client(shard).$queryRaw<OverviewRowJson[]>`
      SELECT i.id, i.number, i.month, to_char(i.issued_on, 'YYYY-MM-DD') AS issued_on, to_char(i.billing_date, 'YYYY-MM-DD') AS billing_date,
             i.total_minor, i.currency, i.charge_total_minor, i.charge_currency, i.status,
             ARRAY(SELECT l.product FROM invoice_lines l WHERE l.invoice_id = i.id GROUP BY l.product ORDER BY min(l.position)) AS products
        FROM invoices i WHERE i.client_uuid = ${clientUuid}::uuid AND i.month BETWEEN ${from} AND ${to} AND (${status}::text IS NULL OR i.status = ${status}::text)
       ORDER BY i.month DESC`;
    return rows.map((r) => ({
      id: r.id, number: r.number, month: r.month, issuedOn: r.issued_on, billingDate: r.billing_date, products: r.products, totalMinor: r.total_minor,
      currency: r.currency, chargeTotalMinor: r.charge_total_minor, chargeCurrency: r.charge_currency, status: r.status,
    }));
  }

  async withLines(shard: TShard, clientUuid: string, id: string): Promise<{ invoice: InvoiceRecord; lines: InvoiceLineRecord[] } | null> {
    const row = await this.db.client(shard).invoice.findFirst({ where: { id, clientUuid }, include: { lines: { orderBy: { position: 'asc' } } } });
    if (!row) return null;
    return {
      invoice: toInvoice(row),
      lines: row.lines.map((l) => ({
        kind: l.kind, product: l.product, name: textMap(l.name), quantity: l.quantity, unitMinor: l.unitMinor, amountMinor: l.amountMinor,
        taxRateTenths: l.taxRateTenths, periodFrom: isoDate(l.periodFrom), periodTo: isoDate(l.periodTo),
      })),
    };
  }

  // ---- charging ----

  /** Card invoices due on `today` (scheduled, next attempt on or before it). */
  async dueForCharge(shard: TShard, today: IsoDate, limit = 500): Promise<InvoiceRecord[]> {
    const rows = await this.db.client(shard).invoice.findMany({
      where: { status: 'scheduled', paymentMethod: 'card', nextChargeOn: { lte: dateColumn(today) } }, orderBy: { nextChargeOn: 'asc' }, take: limit,
    });
    return rows.map(toInvoice);
  }

  /** Issue 23: issued invoices unpaid past their billing date (the overdue sweep filters them with `becomesOverdue`). */
  async pastDueUnpaid(shard: TShard, today: IsoDate, limit = 500): Promise<InvoiceRecord[]> {
    const rows = await this.db.client(shard).invoice.findMany({
      where: { status: { in: ['billed', 'scheduled'] }, billingDate: { lt: dateColumn(today) } }, orderBy: { billingDate: 'asc' }, take: limit,
    });
    return rows.map(toInvoice);
  }

  /**
   * Issue 25, point 5: a client's newest invoices for its back-office info page, with their charge
   * attempts and the last decline code (newest first).
   */
  async forClientInfo(shard: TShard, clientUuid: string, limit: number) {
    const rows = await this.db.client(shard).invoice.findMany({
      where: { clientUuid }, orderBy: [{ month: 'desc' }, { id: 'asc' }], take: limit,
      select: {
        id: true, number: true, month: true, issuedOn: true, billingDate: true, totalMinor: true, currency: true, status: true,
        chargeAttempts: true, chargeError: true, nextChargeOn: true,
      },
    });
    return rows.map((r) => ({
      ...r, issuedOn: isoDate(r.issuedOn), billingDate: isoDate(r.billingDate), nextChargeOn: r.nextChargeOn ? isoDate(r.nextChargeOn) : null,
      currency: r.currency as 'JPY' | 'USD', status: r.status as TInvoiceStatus,
    }));
  }

  /** Issue 23: one of a client's invoices (tenancy checked by the caller's client uuid). */
  async findForClient(shard: TShard, clientUuid: string, id: string): Promise<InvoiceRecord | null> {
    const row = await this.db.client(shard).invoice.findFirst({ where: { id, clientUuid } });
    return row ? toInvoice(row) : null;
  }

  /** Issue 23: records a "pay now" charge, only if the invoice is still unpaid (a concurrent payment wins). */
  async recordRetry(tx: Tx, id: string, outcome: { status: 'paid' | 'failed'; ref?: string; error?: string; paidAt?: Date }): Promise<boolean> {
    const done = await tx.invoice.updateMany({
      where: { id, status: { in: ['scheduled', 'billed', 'failed'] } },
      data: {
        status: outcome.status, chargeAttempts: { increment: 1 }, chargeRef: outcome.ref ?? undefined, chargeError: outcome.error ?? null,
        nextChargeOn: null, paidAt: outcome.paidAt ?? undefined,
      },
    });
    return done.count === 1;
  }

  /** Issue 23: marks an unpaid invoice failed as overdue, only if it is still unpaid (a payment meanwhile wins). */
  async markOverdue(tx: Tx, id: string): Promise<boolean> {
    const done = await tx.invoice.updateMany({ where: { id, status: { in: ['billed', 'scheduled'] } }, data: { status: 'failed', chargeError: 'overdue', nextChargeOn: null } });
    return done.count === 1;
  }

  // ---- issue 23 (receipts): payments an operator records ----

  /**
   * One shard's bank-transfer and direct-debit invoices in a state (and month), the first `depth` of
   * them by payment date (newest first for paid ones), and how many there are: the operator's list
   * merges the shards' pages.
   */
  async manualPage(shard: TShard, filter: { month?: string; state: TOperatorInvoiceState }, depth: number): Promise<{ rows: InvoiceRecord[]; total: number }> {
    const where = {
      paymentMethod: { in: [...MANUAL_PAYMENT_METHODS] },
      status: { in: STATE_STATUSES[filter.state] },
      ...(filter.month ? { month: filter.month } : {}),
    };
    const order = filter.state === 'paid' ? 'desc' as const : 'asc' as const;
    const db = this.db.client(shard);
    const [rows, total] = await Promise.all([
      db.invoice.findMany({ where, orderBy: [{ billingDate: order }, { number: order }], take: depth }),
      db.invoice.count({ where }),
    ]);
    return { rows: rows.map(toInvoice), total };
  }

  /** One bank-transfer or direct-debit invoice of a shard. */
  async findManual(shard: TShard, id: string): Promise<InvoiceRecord | null> {
    const row = await this.db.client(shard).invoice.findFirst({ where: { id, paymentMethod: { in: [...MANUAL_PAYMENT_METHODS] } } });
    return row ? toInvoice(row) : null;
  }

  /**
   * Records an invoice paid by hand, only if it is still unpaid or failed as overdue (a payment
   * recorded meanwhile, by another operator's click or tab, wins: this one then changes nothing).
   */
  async recordManualPayment(tx: Tx, id: string, paidAt: Date): Promise<boolean> {
    const done = await tx.invoice.updateMany({
      where: { id, OR: [{ status: { in: ['billed', 'scheduled'] } }, { status: 'failed', chargeError: 'overdue' }] },
      data: { status: 'paid', paidAt, chargeError: null, nextChargeOn: null },
    });
    return done.count === 1;
  }

  /** Records one charge outcome, only if the invoice is still scheduled (a concurrent charge lost). */
  async recordCharge(tx: Tx, id: string, outcome: { status: TInvoiceStatus; ref?: string; error?: string; nextChargeOn: IsoDate | null; paidAt?: Date }): Promise<boolean> {
    const done = await tx.invoice.updateMany({
      where: { id, status: 'scheduled' },
      data: {
        status: outcome.status, chargeAttempts: { increment: 1 }, chargeRef: outcome.ref ?? undefined, chargeError: outcome.error ?? null,
        nextChargeOn: outcome.nextChargeOn ? dateColumn(outcome.nextChargeOn) : null, paidAt: outcome.paidAt ?? undefined,
      },
    });
    return done.count === 1;
  }
}
