import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type TInvoicePayNowResult, type TLanguage, type TPrincipal, type TShard } from '@portal/proto';
import { addDays, businessDate, type IsoDate } from '@portal/service-common/business-dates';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { JobRunner } from '@portal/service-common/jobs';
import { ServiceError } from '@portal/service-common/errors';
import { createLogger } from '@portal/service-common/logger';
import type { Tx } from '../db.js';
import { PAYMENT_GATEWAY, type ChargeResult, type PaymentGateway } from '../payment/gateway/payment-gateway.port.js';
import { PaymentMethodsRepository } from '../payment/payment-methods.repository.js';
import { BILLING_CONTACTS, type BillingContacts } from './billing-contacts.js';
import { BILLING_JOB_RETRIES } from './billing-run.service.js';
import { formatDay } from './invoice-format.js';
import { mailInvoice, type TInvoiceMailTemplate } from './invoice-mail.js';
import { becomesOverdue, unpaidState } from './invoice-status.rules.js';
import { INVOICES_CONFIG, type TInvoicesConfig } from './invoices.config.js';
import { InvoicesRepository, type InvoiceRecord } from './invoices.repository.js';
import { publicUrl } from '@portal/service-common/public-url';

export const BILLING_CHARGE_JOB = 'billing-card-charges';
const log = createLogger('InvoiceCharges');

export interface ChargeSummary { paid: number; declined: number; failed: number; overdue: number }

/**
 * Card charging on the billing date (a daily pg-boss job): every scheduled card invoice due today
 * is charged through slice A's PaymentGateway, once per attempt (the order id names the invoice and
 * the attempt, so a job retried or taken over after a crash charges nothing twice: the gateway
 * answers the order id it already charged as `repeated`, and the invoice is recorded paid). A
 * decline is retried the next day; after BILLING_CHARGE_ATTEMPTS the invoice is failed and the
 * billing email is told.
 */
@Injectable()
export class ChargesService implements OnModuleInit {
  constructor(
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(PaymentMethodsRepository) private readonly methods: PaymentMethodsRepository,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(BILLING_CONTACTS) private readonly contacts: BillingContacts,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(JobRunner) private readonly jobs: JobRunner,
    @Inject(INVOICES_CONFIG) private readonly config: TInvoicesConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.jobs.register({ name: BILLING_CHARGE_JOB, cron: this.config.BILLING_CHARGE_CRON, tz: 'Asia/Tokyo', ...BILLING_JOB_RETRIES, run: (signal) => this.run(signal) });
  }

  /** `signal` aborts when the job runner gave this run to another worker: it stops before the next invoice. */
  async run(signal: AbortSignal = new AbortController().signal): Promise<ChargeSummary> {
    const summary: ChargeSummary = { paid: 0, declined: 0, failed: 0, overdue: 0 };
    const today = businessDate(this.clock.now());
    for (const shard of this.invoices.shards()) {
      if (shard === 'global') continue;
      // Page by page: each charged, declined or failed invoice leaves the due list (a decline moves
      // its next charge to tomorrow), so the next page is the rest.
      for (let due = await this.invoices.dueForCharge(shard, today); due.length; due = await this.invoices.dueForCharge(shard, today)) {
        for (const invoice of due) {
          signal.throwIfAborted();
          const outcome = await this.charge(shard, invoice, today);
          summary[outcome] += 1;
        }
      }
      summary.overdue += await this.sweepOverdue(shard, today, signal);
    }
    return summary;
  }

  /**
   * Issue 23: after the day's charges, every invoice unpaid past its billing date with no charge
   * attempt still to come becomes `failed` (reason `overdue`); the billing email is told and the
   * change is logged. Runs daily with the charges, so "overdue" is a status, not a guess of the page.
   */
  private async sweepOverdue(shard: TShard, today: IsoDate, signal: AbortSignal): Promise<number> {
    let marked = 0;
    for (const invoice of (await this.invoices.pastDueUnpaid(shard, today)).filter((i) => becomesOverdue(i, today, this.config.BANK_TRANSFER_GRACE_DAYS))) {
      signal.throwIfAborted();
      const done = await this.uow.run(shard, async (tx) => {
        if (!(await this.invoices.markOverdue(tx, invoice.id))) return false;
        await this.mail(tx, shard, invoice, 'invoice_overdue', { billing_date: formatDay(invoice.billingDate, invoice.language as TLanguage) });
        return true;
      });
      if (!done) continue;
      log.info({ shard, invoice: invoice.number, from: invoice.status, to: 'failed', reason: 'overdue' }, 'invoice status changed');
      marked += 1;
    }
    return marked;
  }

  /** A mail about an invoice to its client's billing email (none when the client has no billing email). */
  private mail(tx: Tx, shard: TShard, invoice: InvoiceRecord, template: TInvoiceMailTemplate, extra: Record<string, string>): Promise<void> {
    return mailInvoice(tx, this.contacts, shard, invoice, template, extra);
  }

  private async charge(shard: TShard, invoice: InvoiceRecord, today: string): Promise<keyof ChargeSummary> {
    const attempt = invoice.chargeAttempts + 1;
    const result = await this.chargeCard(shard, invoice, attempt);
    const now = this.clock.now();
    return this.uow.run(shard, async (tx) => {
      if (result.ok) {
        // Issue 23: every status change is mailed and logged; paid too.
        if (await this.invoices.recordCharge(tx, invoice.id, { status: 'paid', ref: result.orderId, nextChargeOn: null, paidAt: now })) {
          await this.mail(tx, shard, invoice, 'invoice_paid', { paid_on: formatDay(today, invoice.language as TLanguage) });
          log.info({ shard, invoice: invoice.number, from: invoice.status, to: 'paid' }, 'invoice status changed');
        }
        return 'paid';
      }
      const final = attempt >= this.config.BILLING_CHARGE_ATTEMPTS;
      // The decline code only (42G…): never card data.
      log.info({ shard, invoice: invoice.number, attempt, code: result.code }, 'card charge declined');
      const recorded = await this.invoices.recordCharge(tx, invoice.id, { status: final ? 'failed' : 'scheduled', error: result.code, nextChargeOn: final ? null : addDays(today, 1) });
      if (!recorded || !final) return 'declined';
      await this.mail(tx, shard, invoice, 'invoice_charge_failed', { attempts: String(attempt), url: publicUrl('/payment', shard) });
      log.info({ shard, invoice: invoice.number, from: invoice.status, to: 'failed', reason: result.code }, 'invoice status changed');
      return 'failed';
    });
  }

  /**
   * Issue 23, "pay now": charges the card on file again for one of the principal's invoices that is
   * failed or overdue (tenancy from the principal: its client, its region's shard). Paid: recorded,
   * mailed and logged as any charge. Declined: the invoice stays failed (an overdue one becomes
   * failed, mailed), the attempt counted; the answer says not paid.
   */
  async payNow(principal: TPrincipal, id: string): Promise<TInvoicePayNowResult> {
    if (!principal.client_uuid) throw ServiceError.form({ id: [{ key: 'invoice.not_found' }] });
    const shard = principal.region as TShard;
    const today = businessDate(this.clock.now());
    const invoice = await this.invoices.findForClient(shard, principal.client_uuid, id);
    if (!invoice) throw ServiceError.form({ id: [{ key: 'invoice.not_found' }] });
    if (unpaidState(invoice, today, this.config.BANK_TRANSFER_GRACE_DAYS).pay_action !== 'retry_card') throw ServiceError.form({ id: [{ key: 'invoice.pay_now_refused' }] });
    const result = await this.chargeCard(shard, invoice, invoice.chargeAttempts + 1);
    const now = this.clock.now();
    return this.uow.run(shard, async (tx) => {
      if (result.ok) {
        if (await this.invoices.recordRetry(tx, invoice.id, { status: 'paid', ref: result.orderId, paidAt: now })) {
          await this.mail(tx, shard, invoice, 'invoice_paid', { paid_on: formatDay(today, invoice.language as TLanguage) });
          log.info({ shard, invoice: invoice.number, from: invoice.status, to: 'paid', by: 'pay_now' }, 'invoice status changed');
        }
        return { id: invoice.id, status: 'paid', paid: true };
      }
      log.info({ shard, invoice: invoice.number, code: result.code }, 'card charge declined (pay now)');
      if (await this.invoices.recordRetry(tx, invoice.id, { status: 'failed', error: result.code }) && invoice.status !== 'failed') {
        await this.mail(tx, shard, invoice, 'invoice_charge_failed', { attempts: String(invoice.chargeAttempts + 1), url: publicUrl('/payment', shard) });
        log.info({ shard, invoice: invoice.number, from: invoice.status, to: 'failed', reason: result.code }, 'invoice status changed');
      }
      return { id: invoice.id, status: 'failed', paid: false };
    });
  }

  /** The gateway's answer for this attempt; a client without an active card is a decline of its own. */
  private async chargeCard(shard: TShard, invoice: InvoiceRecord, attempt: number): Promise<ChargeResult> {
    const method = await this.methods.find(shard, invoice.clientUuid);
    const card = method?.method === 'credit_card' && method.cardReferenceId ? await this.methods.card(shard, method.cardReferenceId) : null;
    if (!card || card.status !== 'active') return { ok: false, code: 'no_card', errors: [] };
    return this.gateway.charge({
      orderId: `I${invoice.id.replace(/-/g, '').slice(0, 22)}-${attempt}`.slice(0, 27),
      amountMinor: invoice.chargeTotalMinor, currency: 'JPY', memberId: card.memberId, cardSeq: card.cardSeq,
    });
  }
}

