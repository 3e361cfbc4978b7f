import { Inject, Injectable } from '@nestjs/common';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import type { Tx } from '../db.js';
import { recordOperation } from '@portal/service-common/audit';
import {
  INTERNAL_ROUTES, REGION_PROFILES, areaOf, chargeDeclineReason, type TClientBillingOverview, type TBillableClient, type TInvoiceCsv, type TInvoiceZipManifest, type TBillingJobWaiting, type TBillingRunView, type TRegion, type TInvoiceList, REGIONS, searchTerm,
  type TInvoiceListQuery, type TInvoicePdf, type TInvoiceRow, type TNextInvoice, type TPrincipal, type TShard, type TTaxCountry,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { addMonths, businessDate, invoiceBillingDate, monthOf } from '@portal/service-common/business-dates';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { requireContext } from '@portal/service-common/context';
import { ServiceError } from '@portal/service-common/errors';
import { JobRunner } from '@portal/service-common/jobs';
import { invoiceDateOf, rateInstant } from '@portal/service-common/rates';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { priceWithTables } from '../pricing/pricing.js';
import { TaxRatesRepository } from '../tax-fx/tax-rates.repository.js';
import { billingJobWaiting } from './billing-job-waiting.rules.js';
import { BILLING_RUN_JOB, BillingRunService } from './billing-run.service.js';
import { BillingInfoRepository } from '../billing-info/billing-info.repository.js';
import { invoiceCsv } from './invoice-csv.js';
import type { InvoiceIssuer, InvoiceParty } from './invoice-document.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { unpaidState } from './invoice-status.rules.js';
import { INVOICES_CONFIG, type TInvoicesConfig } from './invoices.config.js';
import { InvoicesRepository, type BillingRunRecord, type InvoiceFilter, type InvoiceListRow } from './invoices.repository.js';

/** Months after the first one not yet invoiced that the next-invoice preview also looks at (the 25th rule: a change applies at most the month after next). */
const NEXT_INVOICE_LOOKAHEAD = 2;
/** Issue 25, point 5: the invoices the client info page lists (two years of months). */
const CLIENT_INFO_INVOICES = 24;

/** The provider's account as one line for /billing/list (bank transfer is Japanese: the Japanese account words), from the same INVOICE_BANK_* settings the PDF prints. */
export const transferAccountLine = (b: InvoiceIssuer['bank']): string =>
  `${b.name}（${b.code}） ${b.branch}（${b.branchCode}） ${b.accountType === 'current' ? '当座' : '普通'} ${b.accountNumber} ${b.holder}`;

const runView = (r: BillingRunRecord): TBillingRunView => ({
  id: r.id, shard: r.shard, month: r.month, status: r.status, clients_total: r.clientsTotal, clients_done: r.clientsDone,
  invoices_written: r.invoicesWritten, attempts: r.attempts, started_at: r.startedAt?.toISOString() ?? null,
  finished_at: r.finishedAt?.toISOString() ?? null, updated_at: r.updatedAt.toISOString(),
});

/** Issue 11, slice C2: the client's invoices and their PDF; the operators' billing runs. */
@Injectable()
export class InvoicesService {
  constructor(
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(BillingRunService) private readonly runs: BillingRunService,
    @Inject(TaxRatesRepository) private readonly taxRates: TaxRatesRepository,
    @Inject(JobRunner) private readonly jobs: JobRunner,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(INVOICES_CONFIG) private readonly config: TInvoicesConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BillingInfoRepository) private readonly billingInfo: BillingInfoRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  /** Tenancy from the principal only: its client, in its region's shard. */
  private tenant(principal: TPrincipal): { shard: TShard; client: string } {
    if (!principal.client_uuid) throw new ServiceError(40011, 'invoice.not_found');
    return { shard: principal.region, client: principal.client_uuid };
  }

  /**
   * Issue 25: the back office's one search: the client of an invoice number (its prefix names the
   * shard that issued it). Operators and partners only; licence applies the caller's scope to the answer.
   */
  async clientOfNumber(principal: TPrincipal, number: string): Promise<{ client: { region: TRegion; uuid: string } | null }> {
    if (principal.context === 'client') throw ServiceError.forbidden();
    const invoice = searchTerm(number).invoice;
    const region = REGIONS.find((r) => r === invoice?.shard);
    if (!invoice || !region) return { client: null };
    const uuid = await this.invoices.clientOfNumber(region, invoice.number);
    return { client: uuid ? { region, uuid } : null };
  }

  async list(principal: TPrincipal, query: TInvoiceListQuery): Promise<TInvoiceList> {
    const { shard, client } = this.tenant(principal);
    const today = businessDate(this.clock.now());
    // One statement for the page, the count, the unpaid invoices and the latest month.
    const { rows, total, unpaid, latestMonth } = await this.invoices.overview(shard, client, query.page, query.per_page, { year: query.year, status: query.status });
    const row = (r: InvoiceListRow): TInvoiceRow => ({
      id: r.id, number: r.number, month: r.month, issued_on: r.issuedOn, billing_date: r.billingDate, products: r.products,
      total_minor: r.totalMinor, currency: r.currency, charge_total_minor: r.chargeTotalMinor, charge_currency: r.chargeCurrency, status: r.status,
    });
    const open = unpaid.map((u) => ({ ...row(u), ...unpaidState(u, today, this.config.BANK_TRANSFER_GRACE_DAYS) }));
    return {
      invoices: rows.map(row),
      total,
      // Issue 23: `next` is the next invoice to be issued, never an issued one still unpaid; those are listed apart.
      next: await this.preview(shard, client, latestMonth),
      unpaid: open,
      transfer_account: open.some((u) => u.pay_action === 'bank_transfer') ? transferAccountLine(this.issuer().bank) : null,
    };
  }

  /**
   * The next invoice to be issued: the first month not yet invoiced (this month, or the next one)
   * in which the client's contracts bill, with its lines, priced as the run will price it (issue
   * 23: the rates at 00:00 JST on its invoice date, services/common/src/rates.ts). A contract
   * allowed today starts next month or the month after (the 25th rule), so when nothing bills in
   * the first month the two after it are asked as well (issue 22). The rate tables of the
   * principal's region are read while licence answers.
   */
  private async preview(shard: TShard, client: string, latest: string | null): Promise<TNextInvoice | null> {
    const thisMonth = monthOf(businessDate(this.clock.now()));
    const first = latest && latest >= thisMonth ? monthOf(addMonths(`${latest}-01`, 1)) : thisMonth;
    const tablesOf = (region: TShard) => this.taxRates.rateTables(this.taxRates.global, region as TTaxCountry, REGION_PROFILES[region as TRegion].currency !== 'JPY');
    const early = tablesOf(shard);
    early.catch(() => undefined); // awaited below only when licence has something to bill
    let month = first;
    let billable: TBillableClient | undefined;
    for (let ahead = 0; ahead <= NEXT_INVOICE_LOOKAHEAD && !billable; ahead++) {
      month = monthOf(addMonths(`${first}-01`, ahead));
      const page = await ask(this.transport, INTERNAL_ROUTES.contractsBillable, { shard, month, client_uuid: client, limit: 1 });
      billable = page.clients[0];
    }
    if (!billable) return null;
    const found = billable;
    const tables = found.region === shard ? await early : await tablesOf(found.region as TShard);
    const invoiceDate = invoiceDateOf(month);
    try {
      const priced = priceWithTables(tables, {
        country: found.region as TTaxCountry, invoice_date: invoiceDate,
        lines: found.items.map((i) => ({ amount_minor: i.unit_amount_minor * i.quantity, currency: found.currency, tax_category: 'standard' as const })),
      });
      return {
        month, status: 'scheduled', invoice_date: invoiceDate, rate_instant: rateInstant(invoiceDate).toISOString(),
        billing_date: invoiceBillingDate(month), subtotal_minor: priced.subtotal_minor, tax_minor: priced.tax_minor, total_minor: priced.total_minor,
        currency: priced.display_currency, charge_total_minor: priced.charge_total_minor, charge_currency: 'JPY',
        per_rate: priced.per_rate.map((r) => ({ rate: r.rate, subtotal_minor: r.subtotal_minor, tax_minor: r.tax_minor })),
        fx: priced.fx ? { rate: priced.fx.rate, applies_at: priced.fx.applies_at } : null,
        lines: found.items.map((i) => ({
          kind: i.kind, product: i.product, name: i.name, quantity: i.quantity, unit_amount_minor: i.unit_amount_minor,
          amount_minor: i.unit_amount_minor * i.quantity, period_from: i.period_from, period_to: i.period_to,
        })),
      };
    } catch {
      // No tax or FX rate in force yet: nothing to preview (the run itself would stop and say why).
      return null;
    }
  }

  /** The invoice's PDF, or (issue 23) the receipt of a paid one; another client's invoice is not found. */
  async pdf(principal: TPrincipal, id: string, kind: 'invoice' | 'receipt' = 'invoice'): Promise<TInvoicePdf> {
    const { shard, client } = this.tenant(principal);
    return this.render(shard, client, principal.region, id, kind);
  }

  /** Issue 25, point 5: an operator opens one of a client's invoices from the client's info page. */
  async clientInvoicePdf(principal: TPrincipal, region: TRegion, client: string, id: string): Promise<TInvoicePdf> {
    if (areaOf(principal) !== 'operator') throw ServiceError.notFound();
    return this.render(region as TShard, client, region, id, 'invoice');
  }

  /**
   * Issue 25, point 5: the billing section of an operator's client info page: the newest invoices
   * with their status and failed charges (attempts, decline reason in words), and the next billing
   * date by the billing schedule (the next invoice the run will issue, as /billing/list previews it).
   */
  async clientOverview(principal: TPrincipal, region: TRegion, client: string): Promise<TClientBillingOverview> {
    if (areaOf(principal) !== 'operator') throw ServiceError.notFound();
    const shard = region as TShard;
    const rows = await this.invoices.forClientInfo(shard, client, CLIENT_INFO_INVOICES);
    const latest = rows.reduce<string | null>((m, r) => (m === null || r.month > m ? r.month : m), null);
    const next = await this.preview(shard, client, latest);
    return {
      invoices: rows.map((r) => ({
        id: r.id, number: r.number, month: r.month, issued_on: r.issuedOn, billing_date: r.billingDate, total_minor: r.totalMinor, currency: r.currency,
        status: r.status, charge_attempts: r.chargeAttempts, decline_reason: chargeDeclineReason(r.chargeError), next_charge_on: r.nextChargeOn,
      })),
      next_billing_date: next?.billing_date ?? null,
      next_invoice_month: next?.month ?? null,
    };
  }

  private async render(shard: TShard, client: string, region: TRegion, id: string, kind: 'invoice' | 'receipt'): Promise<TInvoicePdf> {
    const [found, party] = await Promise.all([this.invoices.withLines(shard, client, id), this.party(shard, client)]);
    if (!found) throw ServiceError.form({ id: [{ key: 'invoice.not_found' }] });
    if (kind === 'receipt' && found.invoice.status !== 'paid') throw ServiceError.form({ id: [{ key: 'invoice.not_paid' }] });
    const bytes = await renderInvoicePdf({
      kind, invoice: found.invoice, lines: found.lines, issuer: this.issuer(), party, region, timeZone: REGION_PROFILES[region].timeZone,
    });
    const name = kind === 'receipt' ? `${found.invoice.number}-receipt.pdf` : `${found.invoice.number}.pdf`;
    return { file_name: name, content_type: 'application/pdf', content: bytes.toString('base64') };
  }

  /** Issue 23: every invoice the list's filters select, as CSV in the request's language. */
  async csv(principal: TPrincipal, filter: InvoiceFilter): Promise<TInvoiceCsv> {
    const { shard, client } = this.tenant(principal);
    const rows = await this.invoices.listAll(shard, client, filter);
    const stamp = businessDate(this.clock.now()).replaceAll('-', '');
    const suffix = [filter.year, filter.status].filter(Boolean).join('-');
    return {
      file_name: `invoices${suffix ? `-${suffix}` : ''}-${stamp}.csv`, content_type: 'text/csv; charset=utf-8',
      content: Buffer.from(invoiceCsv(rows, requireContext().language), 'utf8').toString('base64'), rows: rows.length,
    };
  }

  /** Issue 23: the year's invoices the gateway zips (it asks for each PDF in turn and streams the zip). */
  async zipManifest(principal: TPrincipal, year: number): Promise<TInvoiceZipManifest> {
    const { shard, client } = this.tenant(principal);
    const rows = await this.invoices.listAll(shard, client, { year });
    if (rows.length === 0) throw ServiceError.form({ year: [{ key: 'invoice.none_in_year' }] });
    return { file_name: `invoices-${year}.zip`, entries: rows.map((r) => ({ id: r.id, file_name: `${r.number}.pdf` })) };
  }

  /** The customer's billing details now, and its corporate number from licence (printed when known; licence down prints none). */
  private async party(shard: TShard, client: string): Promise<InvoiceParty | null> {
    const [info, corporate] = await Promise.all([
      this.billingInfo.find(shard, client),
      ask(this.transport, INTERNAL_ROUTES.invoiceParty, {}).then((r) => r.corporate_number, () => ''),
    ]);
    return { division: info?.division ?? '', address: info?.address ?? '', corporateNumber: corporate };
  }

  private issuer(): InvoiceIssuer {
    const c = this.config;
    return {
      nameEn: c.INVOICE_ISSUER_NAME_EN, address: c.INVOICE_ISSUER_ADDRESS, addressEn: c.INVOICE_ISSUER_ADDRESS_EN, phone: c.INVOICE_ISSUER_PHONE, email: c.INVOICE_ISSUER_EMAIL,
      bank: {
        name: c.INVOICE_BANK_NAME, code: c.INVOICE_BANK_CODE, branch: c.INVOICE_BANK_BRANCH, branchCode: c.INVOICE_BANK_BRANCH_CODE,
        accountType: c.INVOICE_BANK_ACCOUNT_TYPE, accountNumber: c.INVOICE_BANK_ACCOUNT_NUMBER, holder: c.INVOICE_BANK_ACCOUNT_HOLDER,
      },
    };
  }

  /** The runs of every region shard, and what the billing job is waiting for, if an operator should know. */
  async listRuns(month?: string): Promise<{ runs: TBillingRunView[]; waiting: TBillingJobWaiting | null }> {
    const [perShard, waiting] = await Promise.all([
      Promise.all(this.invoices.shards().filter((s) => s !== 'global').map((s) => this.invoices.listRuns(s, month))),
      this.waiting(false),
    ]);
    return { runs: perShard.flat().sort((a, b) => b.month.localeCompare(a.month) || a.shard.localeCompare(b.shard)).map(runView), waiting };
  }

  /**
   * Queues the month in every shard and asks the job runner to work it (or the next scheduled run,
   * where no runner is up); says what the job waits for when it cannot start at once (issue 21).
   */
  async start(month: string): Promise<{ runs: TBillingRunView[]; queued: boolean; waiting: TBillingJobWaiting | null }> {
    if (month > monthOf(businessDate(this.clock.now()))) throw ServiceError.form({ month: [{ key: 'billing_run.month_too_late' }] });
    const runs = await this.runs.queue(month);
    // Issue 25: who started it (the runs are queued per shard first; the entry follows in the global log).
    await this.uow.run('global', (tx) => recordOperation(tx, { shard: 'global', clientUuid: null, accountUuid: null, operation: 'billing_run_started', detail: { title: month }, target: { type: 'billing_run', id: month } }));
    const job = await this.jobs.trigger(BILLING_RUN_JOB);
    return { runs: runs.map(runView), queued: job !== null, waiting: await this.waiting(true) };
  }

  private async waiting(onStart: boolean): Promise<TBillingJobWaiting | null> {
    return billingJobWaiting(await this.jobs.activity(BILLING_RUN_JOB), requireContext().language, onStart);
  }
}
