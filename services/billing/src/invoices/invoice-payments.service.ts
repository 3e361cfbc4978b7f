import { Inject, Injectable } from '@nestjs/common';
import {
  ZManualPaymentMethod, type TInvoicePaymentRecord, type TLanguage, type TOperatorInvoiceList, type TOperatorInvoiceQuery, type TOperatorInvoiceRow,
  type TPrincipal, type TRegion, type TShard,
} from '@portal/proto';
import { recordOperation } from '@portal/service-common/audit';
import { businessDate } from '@portal/service-common/business-dates';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { requireContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { createLogger } from '@portal/service-common/logger';
import type { Tx } from '../db.js';
import { BILLING_CONTACTS, type BillingContacts } from './billing-contacts.js';
import { formatAmount, formatDay } from './invoice-format.js';
import { mailInvoice } from './invoice-mail.js';
import { checkManualPayment, receivedInstant } from './invoice-status.rules.js';
import { InvoicesRepository, type InvoiceRecord } from './invoices.repository.js';

const log = createLogger('InvoicePayments');

function operatorRow(invoice: InvoiceRecord, region: TRegion): TOperatorInvoiceRow {
  return {
    id: invoice.id, region, client_uuid: invoice.clientUuid, company_name: invoice.companyName, number: invoice.number, month: invoice.month,
    issued_on: invoice.issuedOn, billing_date: invoice.billingDate, payment_method: ZManualPaymentMethod.parse(invoice.paymentMethod),
    charge_total_minor: invoice.chargeTotalMinor, charge_currency: invoice.chargeCurrency, status: invoice.status,
    overdue: invoice.status === 'failed', paid_on: invoice.status === 'paid' && invoice.paidAt ? businessDate(invoice.paidAt) : null,
  };
}

/**
 * Issue 23 (receipts): the operator's record of money received outside the card gateway, a bank
 * transfer seen on the bank statement or a direct debit's result. The list spans every region's
 * shard (or the one picked); a payment is recorded in full only, once: the conditional update lets
 * one of two concurrent records win, and the status change, the `invoice_paid` mail and the
 * client's operation-log entry (the operator as actor) commit together.
 */
@Injectable()
export class InvoicePaymentsService {
  constructor(
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(BILLING_CONTACTS) private readonly contacts: BillingContacts,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private regionShards(): TRegion[] {
    return this.invoices.shards().filter((s): s is TRegion => s !== 'global');
  }

  async list(query: TOperatorInvoiceQuery): Promise<TOperatorInvoiceList> {
    const shards = this.regionShards().filter((s) => !query.region || s === query.region);
    const depth = query.page * query.per_page;
    const pages = await Promise.all(shards.map(async (region) => {
      const { rows, total } = await this.invoices.manualPage(region, { month: query.month, state: query.state }, depth);
      return { rows: rows.map((r) => operatorRow(r, region)), total };
    }));
    const sign = query.state === 'paid' ? -1 : 1;
    const all = pages.flatMap((p) => p.rows)
      .sort((a, b) => sign * (a.billing_date.localeCompare(b.billing_date) || a.number.localeCompare(b.number)));
    return { invoices: all.slice((query.page - 1) * query.per_page, depth), total: pages.reduce((sum, p) => sum + p.total, 0) };
  }

  async record(principal: TPrincipal, input: TInvoicePaymentRecord): Promise<{ invoice: TOperatorInvoiceRow }> {
    const notFound = () => ServiceError.form({ id: [{ key: 'invoice_payment.not_found' }] });
    if (!this.regionShards().includes(input.region)) throw notFound();
    const shard: TShard = input.region;
    const invoice = await this.invoices.findManual(shard, input.id);
    if (!invoice) throw notFound();
    const language = requireContext().language as TLanguage;
    const check = checkManualPayment(invoice, { receivedOn: input.received_on, amountMinor: input.amount_minor }, businessDate(this.clock.now()));
    if (!check.ok) {
      const params = { expected: formatAmount(invoice.chargeTotalMinor, invoice.chargeCurrency, language), issued_on: formatDay(invoice.issuedOn, language) };
      throw ServiceError.form({ [check.field]: [{ key: check.key, params }] });
    }
    const paidAt = receivedInstant(input.received_on);
    await this.uow.run(shard, async (tx) => {
      // A record that lost the race (or a status changed meanwhile) changes, mails and logs nothing.
      if (!(await this.invoices.recordManualPayment(tx, invoice.id, paidAt))) throw ServiceError.form({ id: [{ key: 'invoice_payment.already_paid' }] });
      await mailInvoice(tx, this.contacts, shard, invoice, 'invoice_paid', { paid_on: formatDay(input.received_on, invoice.language as TLanguage) });
      await recordOperation(tx, {
        shard, clientUuid: invoice.clientUuid, accountUuid: principal.account_uuid, operation: 'invoice_payment_recorded',
        detail: { invoice: invoice.number, method: invoice.paymentMethod, received_on: input.received_on, amount_minor: input.amount_minor, currency: invoice.chargeCurrency },
      });
    });
    log.info({ shard, invoice: invoice.number, from: invoice.status, to: 'paid', by: 'operator', received_on: input.received_on }, 'invoice status changed');
    return { invoice: operatorRow({ ...invoice, status: 'paid', paidAt }, input.region) };
  }
}
