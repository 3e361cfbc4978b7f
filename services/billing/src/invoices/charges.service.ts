import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Events, Headers, type TLanguage, type TShard } from '@portal/proto';
import { addDays, businessDate } from '@portal/service-common/business-dates';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { enqueueEvent } from '@portal/service-common/db/outbox';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { JobRunner } from '@portal/service-common/jobs';
import { createLogger } from '@portal/service-common/logger';
import type { Tx } from '../db.js';
import { PAYMENT_GATEWAY, type ChargeResult, type PaymentGateway } from '../payment/gateway/payment-gateway.port.js';
import { PaymentMethodsRepository } from '../payment/payment-methods.repository.js';
import { BILLING_CONTACTS, type BillingContacts } from './billing-contacts.js';
import { BILLING_JOB_RETRIES } from './billing-run.service.js';
import { formatAmount, formatMonth } from './invoice-format.js';
import { INVOICES_CONFIG, type TInvoicesConfig } from './invoices.config.js';
import { InvoicesRepository, type InvoiceRecord } from './invoices.repository.js';
import { publicUrl } from '@portal/service-common/public-url';

export const BILLING_CHARGE_JOB = 'billing-card-charges';
const log = createLogger('InvoiceCharges');

export interface ChargeSummary { paid: number; declined: number; failed: number }

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
    const summary: ChargeSummary = { paid: 0, declined: 0, failed: 0 };
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
    }
    return summary;
  }

  private async charge(shard: TShard, invoice: InvoiceRecord, today: string): Promise<keyof ChargeSummary> {
    const attempt = invoice.chargeAttempts + 1;
    const result = await this.chargeCard(shard, invoice, attempt);
    const now = this.clock.now();
    return this.uow.run(shard, async (tx) => {
      if (result.ok) {
        await this.invoices.recordCharge(tx, invoice.id, { status: 'paid', ref: result.orderId, nextChargeOn: null, paidAt: now });
        return 'paid';
      }
      const final = attempt >= this.config.BILLING_CHARGE_ATTEMPTS;
      // The decline code only (42G…): never card data.
      log.info({ shard, invoice: invoice.number, attempt, code: result.code }, 'card charge declined');
      const recorded = await this.invoices.recordCharge(tx, invoice.id, { status: final ? 'failed' : 'scheduled', error: result.code, nextChargeOn: final ? null : addDays(today, 1) });
      if (!recorded || !final) return 'declined';
      const email = (await this.contacts.forClients(tx, [invoice.clientUuid])).get(invoice.clientUuid)?.email;
      if (email) {
        const language = invoice.language as TLanguage;
        await enqueueEvent(tx, Events.notification.mailRequested, {
          to: email, template: 'invoice_charge_failed', language,
          params: {
            number: invoice.number, month: formatMonth(invoice.month, language), total: formatAmount(invoice.chargeTotalMinor, invoice.chargeCurrency, language),
            attempts: String(attempt), url: publicUrl('/payment', shard),
          },
        }, { [Headers.region]: shard, [Headers.language]: language, [Headers.requestId]: `billing-charge-${invoice.id}` });
      }
      return 'failed';
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

