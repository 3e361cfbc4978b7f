import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, REGIONS, TAX_CATEGORIES, type TFxRateCreate, type TFxRateList, type TFxRateView, type TInvoiceQuoteRequest, type TPricedInvoice, type TPrincipal,
  type TTaxCountry, type TTaxRateCreate, type TTaxRateList, type TTaxRateView,
} from '@portal/proto';
import { businessDate } from '@portal/service-common/business-dates';
import { recordOperation } from '@portal/service-common/audit';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { createLogger } from '@portal/service-common/logger';
import { normaliseDecimal, parseRateTenths, formatRateTenths } from '@portal/service-common/money';
import { earliestNewTaxDate } from '@portal/service-common/rates';
import type { Tx } from '../db.js';
import { displayCurrency, priceWithTables, PricingError } from '../pricing/pricing.js';
import { FxRatesRepository, type FxRateRecord } from './fx-rates.repository.js';
import { rateStatuses } from './tax-fx.rules.js';
import { TaxRatesRepository, type TaxRateRecord } from './tax-rates.repository.js';

type TQuoteInput = Required<Pick<TInvoiceQuoteRequest, 'invoice_date'>> & { lines: { amount_minor: number; currency: 'JPY' | 'USD'; tax_category: 'standard' | 'reduced' }[] };

/**
 * Tax rates and the standard FX rate (issue 11, slice C1): the operator screens, and pricing a
 * client's next invoice. Rates are added, never edited; a new one never applies to a date or time
 * that may already be invoiced (docs/decisions.md, slice C1): tax rates from tomorrow in Asia/Tokyo
 * at the earliest, FX rates from now. Only scheduled rows may be withdrawn.
 */
@Injectable()
export class TaxFxService {
  private readonly log = createLogger('TaxFxService');

  constructor(
    @Inject(TaxRatesRepository) private readonly taxRates: TaxRatesRepository,
    @Inject(FxRatesRepository) private readonly fxRates: FxRatesRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private taxView(row: TaxRateRecord, status: TTaxRateView['status']): TTaxRateView {
    return {
      id: row.id, country: row.country, category: row.category, rate: formatRateTenths(row.rateTenths), applies_from: row.appliesFrom,
      status, created_at: row.createdAt.toISOString(),
    };
  }

  private fxView(row: FxRateRecord, status: TFxRateView['status']): TFxRateView {
    return { id: row.id, base: row.base, quote: row.quote, rate: row.rate, applies_at: row.appliesAt.toISOString(), status, created_at: row.createdAt.toISOString() };
  }

  async listTaxRates(query: { country?: TTaxCountry }): Promise<TTaxRateList> {
    const today = businessDate(this.clock.now());
    // Regions in their usual order (Japan first, other countries last), standard before reduced, newest first.
    const order = (r: TaxRateRecord) => [REGIONS.indexOf(r.country), TAX_CATEGORIES.indexOf(r.category)] as const;
    const rows = (await this.taxRates.history(this.taxRates.global, query.country)).sort((a, b) => {
      const [ca, ka] = order(a);
      const [cb, kb] = order(b);
      return ca - cb || ka - kb || (a.appliesFrom < b.appliesFrom ? 1 : a.appliesFrom > b.appliesFrom ? -1 : 0);
    });
    const status = rateStatuses(rows, (r) => `${r.country}/${r.category}`, (r) => r.appliesFrom, today);
    return { today, earliest_new: earliestNewTaxDate(today), rates: rows.map((r) => this.taxView(r, status.get(r.id) ?? 'past')) };
  }

  async createTaxRate(principal: TPrincipal, input: TTaxRateCreate): Promise<{ tax_rate: TTaxRateView }> {
    const today = businessDate(this.clock.now());
    const earliest = earliestNewTaxDate(today);
    // Today's and earlier invoices may exist already: a rate must not change them (past invoices keep their rates).
    if (input.applies_from < earliest) throw ServiceError.form({ applies_from: [{ key: 'tax.not_retroactive', params: { date: earliest } }] });
    const rateTenths = parseRateTenths(input.rate);
    const row = await this.uow.run('global', async (tx) => {
      const added = await this.taxRates.add(tx, {
        country: input.country, category: input.category, rateTenths, appliesFrom: input.applies_from, createdBy: principal.account_uuid,
      });
      if (added) await recordOperation(tx, { shard: 'global', clientUuid: null, accountUuid: null, operation: 'tax_rate_added', detail: { title: `${added.country} ${input.rate}%`, effective_from: added.appliesFrom }, target: { type: 'tax_rate', id: added.id } });
      return added;
    });
    if (!row) throw ServiceError.form({ applies_from: [{ key: 'tax.duplicate_date' }] });
    this.log.info({ country: row.country, category: row.category, rate_tenths: row.rateTenths, applies_from: row.appliesFrom }, 'tax rate added');
    return { tax_rate: this.taxView(row, 'scheduled') };
  }

  async deleteTaxRate(id: string): Promise<{ deleted: true }> {
    const today = businessDate(this.clock.now());
    await this.uow.run('global', async (tx) => {
      const row = await this.taxRates.get(tx, id);
      if (!row) throw ServiceError.form({ id: [{ key: 'tax.not_found' }] });
      if (row.appliesFrom <= today) throw ServiceError.form({ id: [{ key: 'tax.not_scheduled' }] });
      await this.taxRates.remove(tx, id);
      await recordOperation(tx, { shard: 'global', clientUuid: null, accountUuid: null, operation: 'tax_rate_deleted', detail: { title: `${row.country} ${formatRateTenths(row.rateTenths)}%`, effective_from: row.appliesFrom }, target: { type: 'tax_rate', id } });
    });
    return { deleted: true };
  }

  async listFxRates(): Promise<TFxRateList> {
    const now = this.clock.now();
    const rows = await this.fxRates.history(this.fxRates.global);
    const status = rateStatuses(rows, () => 'USD/JPY', (r) => r.appliesAt.getTime(), now.getTime());
    const views = rows.map((r) => this.fxView(r, status.get(r.id) ?? 'past'));
    return { current: views.find((v) => v.status === 'in_force') ?? null, rates: views };
  }

  async createFxRate(principal: TPrincipal, input: TFxRateCreate): Promise<{ fx_rate: TFxRateView }> {
    const now = this.clock.now();
    const appliesAt = input.applies_at ? new Date(input.applies_at) : now;
    // Invoices are priced at the rate in force when their date began: a backdated rate could change one already issued.
    if (appliesAt.getTime() < now.getTime()) throw ServiceError.form({ applies_at: [{ key: 'fx.not_retroactive' }] });
    const rate = normaliseDecimal(input.rate);
    const row = await this.uow.run('global', async (tx) => {
      const added = await this.fxRates.add(tx, { rate, appliesAt, createdBy: principal.account_uuid });
      if (added) await recordOperation(tx, { shard: 'global', clientUuid: null, accountUuid: null, operation: 'fx_rate_added', detail: { title: `USD/JPY ${added.rate}` }, target: { type: 'fx_rate', id: added.id } });
      return added;
    });
    if (!row) throw ServiceError.form({ applies_at: [{ key: 'fx.duplicate_time' }] });
    this.log.info({ rate: row.rate, applies_at: row.appliesAt.toISOString() }, 'standard FX rate added');
    return { fx_rate: this.fxView(row, appliesAt.getTime() > now.getTime() ? 'scheduled' : 'in_force') };
  }

  async deleteFxRate(id: string): Promise<{ deleted: true }> {
    const now = this.clock.now();
    await this.uow.run('global', async (tx) => {
      const row = await this.fxRates.get(tx, id);
      if (!row) throw ServiceError.form({ id: [{ key: 'fx.not_found' }] });
      if (row.appliesAt.getTime() <= now.getTime()) throw ServiceError.form({ id: [{ key: 'fx.not_scheduled' }] });
      await this.fxRates.remove(tx, id);
      await recordOperation(tx, { shard: 'global', clientUuid: null, accountUuid: null, operation: 'fx_rate_deleted', detail: { title: `USD/JPY ${row.rate}` }, target: { type: 'fx_rate', id } });
    });
    return { deleted: true };
  }

  /**
   * Prices an invoice of `country` dated `invoice_date` with the rates in force at 00:00 JST on that
   * date (issue 23, services/common/src/rates.ts). The billing run and the /billing/list preview
   * price through the same `priceWithTables`, so a quote and the invoice agree.
   */
  async price(country: TTaxCountry, input: TQuoteInput): Promise<TPricedInvoice> {
    const tables = await this.taxRates.rateTables(this.taxRates.global, country, displayCurrency(country) !== 'JPY');
    try {
      return priceWithTables(tables, { country, invoice_date: input.invoice_date, lines: input.lines });
    } catch (error) {
      if (!(error instanceof PricingError)) throw error;
      this.log.warn({ country, invoice_date: input.invoice_date, code: error.code }, 'invoice cannot be priced');
      throw new ServiceError(AccessCode.FORM_ERROR, 'tax.cannot_price', undefined, { invoice_date: [{ key: 'tax.cannot_price' }] });
    }
  }

  /** The caller's next invoice (licence's plan-change preview): its country is the principal's region. */
  async quote(principal: TPrincipal, input: TQuoteInput): Promise<{ invoice: TPricedInvoice }> {
    const country = principal.region as string;
    if (!(REGIONS as readonly string[]).includes(country)) throw ServiceError.form({ invoice_date: [{ key: 'tax.cannot_price' }] });
    return { invoice: await this.price(country as TTaxCountry, input) };
  }
}
