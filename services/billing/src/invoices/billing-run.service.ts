import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  Events, Headers, INTERNAL_ROUTES, REGION_PROFILES, ZRegion, type TBillableClient, type TLanguage, type TShard, type TTaxCategory, type TTaxCountry,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { businessDate, invoiceBillingDate, monthOf, type IsoDate } from '@portal/service-common/business-dates';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { runWithContext } from '@portal/service-common/context';
import { enqueueEvent } from '@portal/service-common/db/outbox';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { JobRunner } from '@portal/service-common/jobs';
import { invoiceDateOf, type RateTables } from '@portal/service-common/rates';
import { createLogger } from '@portal/service-common/logger';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import type { Tx } from '../db.js';
import { priceWithTables } from '../pricing/pricing.js';
import { TaxRatesRepository } from '../tax-fx/tax-rates.repository.js';
import { BILLING_CONTACTS, type BillingContact, type BillingContacts } from './billing-contacts.js';
import { formatAmount, formatDay, formatMonth } from './invoice-format.js';
import { INVOICES_CONFIG, type TInvoicesConfig } from './invoices.config.js';
import { InvoicesRepository, type BillingRunRecord, type NewInvoice } from './invoices.repository.js';
import { publicUrl } from '@portal/service-common/public-url';

export const BILLING_RUN_JOB = 'billing-monthly-run';
/** Clients written per transaction: each chunk commits its invoices, their mails and the run's cursor together. */
const CHUNK = 100;
const log = createLogger('BillingRun');

export interface RunSummary { runs: number; invoices: number }

/**
 * The retries of the billing jobs (the run and the card charges): every 10 s, for 5 minutes. A run
 * fails when a shard's database or licence is away (a restart); it resumes from its cursor, so a
 * retry costs little, and a monthly job that gave up would wait for an operator (issue 21, item 9).
 */
export const BILLING_JOB_RETRIES = { retryLimit: 30, retryDelaySeconds: 10, retryBackoff: false } as const;

/**
 * The monthly billing run (docs/design/billing.md): a pg-boss job (jobs.ts) that queues the
 * current month's run in every region shard and works every open run (queued, interrupted or
 * failed) from its cursor. Each chunk of clients commits its invoices, their mails and the run's
 * progress in one transaction; an invoice's unique key (client, month) and the look-up before
 * writing keep a second or resumed run from billing anyone twice. A run whose process died is
 * taken over by the job runner (jobs.ts, its lease) and finds its rows `running`: it resumes them
 * from their cursor as it resumes failed ones.
 */
@Injectable()
export class BillingRunService implements OnModuleInit {
  /** Tests only: invoices the first run of this process may write before it fails. */
  private faultBudget: number | undefined;

  constructor(
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(TaxRatesRepository) private readonly taxRates: TaxRatesRepository,
    @Inject(BILLING_CONTACTS) private readonly contacts: BillingContacts,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(JobRunner) private readonly jobs: JobRunner,
    @Inject(INVOICES_CONFIG) private readonly config: TInvoicesConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.faultBudget = config.NODE_ENV === 'test' ? config.BILLING_RUN_FAULT_AFTER : undefined;
  }

  onModuleInit(): void {
    this.jobs.register({ name: BILLING_RUN_JOB, cron: this.config.BILLING_RUN_CRON, tz: 'Asia/Tokyo', ...BILLING_JOB_RETRIES, run: (signal) => this.run(signal) });
  }

  /** Region shards (the global shard bills nobody). */
  private shards(): TShard[] {
    return this.invoices.shards().filter((s) => s !== 'global');
  }

  /** Queues a month's run in every shard (an operator's start, or a re-run of a finished month). */
  async queue(month: string): Promise<BillingRunRecord[]> {
    return Promise.all(this.shards().map((shard) => this.invoices.requeueRun(shard, month)));
  }

  /**
   * The job: queue this month's run where none exists, then work every open run. `signal` aborts
   * when the job runner gave this run to another worker: it stops between two chunks and leaves
   * the rows to that worker.
   */
  async run(signal: AbortSignal = new AbortController().signal): Promise<RunSummary> {
    const month = monthOf(businessDate(this.clock.now()));
    const summary: RunSummary = { runs: 0, invoices: 0 };
    let failed: unknown;
    for (const shard of this.shards()) {
      try {
        await this.invoices.queueRun(shard, month);
        for (const run of await this.invoices.openRuns(shard)) {
          summary.invoices += await this.execute(shard, run, signal);
          summary.runs += 1;
        }
      } catch (err) {
        if (signal.aborted) throw err;
        // One shard's failure does not stop the others; the job then fails and pg-boss retries it.
        log.warn({ err, shard }, 'billing run failed in a shard');
        failed ??= err;
      }
    }
    if (failed) throw failed;
    return summary;
  }

  /** Works one run from its cursor to the end; the invoices it wrote. */
  private async execute(shard: TShard, queued: BillingRunRecord, signal: AbortSignal): Promise<number> {
    const now = this.clock.now();
    const region = ZRegion.catch('jpn').parse(shard);
    const context = { requestId: `billing-run-${queued.id}`, region: shard, language: REGION_PROFILES[region].defaultLanguage };
    return runWithContext(context, async () => {
      const run = await this.invoices.startRun(shard, queued.id, now, null);
      const issuedOn = businessDate(now);
      const rates = new RateTablesCache(this.taxRates);
      let after = run.cursor ?? undefined;
      let written = 0;
      try {
        for (;;) {
          signal.throwIfAborted();
          const page = await ask(this.transport, INTERNAL_ROUTES.contractsBillable, { shard, month: run.month, after, limit: this.config.BILLING_RUN_PAGE });
          if (page.total !== null) await this.invoices.setTotal(shard, run.id, page.total);
          for (let i = 0; i < page.clients.length; i += CHUNK) {
            signal.throwIfAborted();
            written += await this.writeChunk(shard, run, page.clients.slice(i, i + CHUNK), issuedOn, rates);
          }
          const skipped = page.scanned - page.clients.length;
          if (page.next_after) {
            await this.invoices.advance(shard, run.id, page.next_after, skipped);
            after = page.next_after;
          } else {
            break;
          }
        }
        await this.invoices.finishRun(shard, run.id, 'completed', this.clock.now());
        log.info({ shard, month: run.month, written }, 'billing run completed');
        return written;
      } catch (err) {
        // A run taken over belongs to its new worker: this one records nothing more on it.
        if (!signal.aborted) await this.invoices.finishRun(shard, run.id, 'failed', this.clock.now(), err instanceof Error ? err.message : String(err));
        throw err;
      }
    });
  }

  /** One transaction: the chunk's invoices (those not yet written), their mails, the run's cursor. */
  private async writeChunk(shard: TShard, run: BillingRunRecord, clients: TBillableClient[], issuedOn: IsoDate, rates: RateTablesCache): Promise<number> {
    const drafts = await Promise.all(clients.map((c) => this.draft(shard, run, c, issuedOn, rates)));
    const count = await this.uow.run(shard, async (tx) => {
      const uuids = clients.map((c) => c.client_uuid);
      const already = await this.invoices.existingFor(tx, uuids, run.month);
      const contacts = await this.contacts.forClients(tx, uuids);
      const fresh = drafts.filter((d) => !already.has(d.clientUuid));
      const withContacts = fresh.map((d) => finishDraft(d, contacts.get(d.clientUuid)));
      const created = await this.invoices.createMany(tx, withContacts);
      for (const inv of created) {
        const contact = contacts.get(inv.clientUuid);
        if (!contact?.email || inv.totalMinor === 0) continue;
        const language = inv.language as TLanguage;
        await enqueueEvent(tx, Events.notification.mailRequested, {
          to: contact.email, template: 'invoice_issued', language,
          params: {
            number: inv.number, month: formatMonth(inv.month, language), total: formatAmount(inv.totalMinor, inv.currency, language),
            billing_date: formatDay(inv.billingDate, language), url: publicUrl('/billing/list', shard),
          },
        }, { [Headers.region]: shard, [Headers.language]: language, [Headers.requestId]: `billing-run-${run.id}` });
      }
      await this.invoices.progress(tx, run.id, uuids.at(-1)!, clients.length, created.length);
      return created.length;
    });
    if (this.faultBudget !== undefined) {
      this.faultBudget -= count;
      if (this.faultBudget <= 0) {
        this.faultBudget = undefined;
        throw new Error('billing run interrupted (BILLING_RUN_FAULT_AFTER)');
      }
    }
    return count;
  }

  private async draft(shard: TShard, run: BillingRunRecord, client: TBillableClient, issuedOn: IsoDate, rates: RateTablesCache): Promise<Draft> {
    const region = ZRegion.catch('jpn').parse(client.region);
    const country: TTaxCountry = region;
    const currency = client.currency;
    // Issue 23: the rates at 00:00 JST on the invoice date (the first of the billed month), not
    // those of the day the run works it: a late or resumed run prices as the run on the 1st would.
    const priced = priceWithTables(await rates.tables(country), {
      country, invoice_date: invoiceDateOf(run.month),
      lines: client.items.map((i) => ({ amount_minor: i.unit_amount_minor * i.quantity, currency, tax_category: 'standard' as const })),
    });
    const rateTenths = priced.per_rate.find((r) => r.categories.includes('standard'))?.rate_tenths ?? 0;
    const billingDate = maxDate(invoiceBillingDate(run.month), issuedOn);
    return {
      shard, runId: run.id, clientUuid: client.client_uuid, month: run.month, issuedOn, billingDate, companyName: client.company_name,
      language: REGION_PROFILES[region].defaultLanguage, currency, subtotalMinor: priced.subtotal_minor,
      taxMinor: priced.tax_minor, totalMinor: priced.total_minor, chargeCurrency: 'JPY', chargeTotalMinor: priced.charge_total_minor,
      taxSummary: priced.per_rate.map((r) => ({ rate_tenths: r.rate_tenths, subtotal_minor: r.subtotal_minor, tax_minor: r.tax_minor })),
      fxRate: priced.fx?.rate ?? null, fxRateAt: priced.fx ? new Date(priced.fx.applies_at) : null,
      issuerName: this.config.INVOICE_ISSUER_NAME, issuerRegistration: country === 'jpn' ? this.config.INVOICE_ISSUER_REGISTRATION : '',
      status: 'billed', paymentMethod: 'none', nextChargeOn: null,
      lines: client.items.map((i) => ({
        kind: i.kind, product: i.product, planId: i.plan_id, contractId: i.contract_id, name: i.name, quantity: i.quantity,
        unitMinor: i.unit_amount_minor, amountMinor: i.unit_amount_minor * i.quantity, taxRateTenths: rateTenths, periodFrom: i.period_from, periodTo: i.period_to,
      })),
      id: randomUUID(),
    };
  }
}

type Draft = NewInvoice & { id: string };

const maxDate = (a: IsoDate, b: IsoDate) => (a > b ? a : b);

/** Status and charge date by how the client pays: a card is charged on the billing date; other methods are billed. */
function finishDraft(d: Draft, contact: BillingContact | undefined): Draft {
  const method = contact?.method ?? 'none';
  if (d.totalMinor === 0) return { ...d, paymentMethod: method, status: 'other', nextChargeOn: null };
  if (method === 'card') return { ...d, paymentMethod: method, status: 'scheduled', nextChargeOn: d.billingDate };
  return { ...d, paymentMethod: method, status: 'billed', nextChargeOn: null };
}

/** The rate tables of one run's execution, read once per country (the rule picks from them per invoice date). */
class RateTablesCache {
  private readonly byCountry = new Map<TTaxCountry, Promise<RateTables<TTaxCountry, TTaxCategory>>>();
  constructor(private readonly taxRates: TaxRatesRepository) {}

  tables(country: TTaxCountry): Promise<RateTables<TTaxCountry, TTaxCategory>> {
    let tables = this.byCountry.get(country);
    if (!tables) {
      tables = this.taxRates.rateTables(this.taxRates.global, country, REGION_PROFILES[country].currency !== 'JPY');
      this.byCountry.set(country, tables);
    }
    return tables;
  }
}
