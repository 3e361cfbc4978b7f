import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Events, Headers, REGION_PROFILES, ZRegion, type TShard } from '@portal/proto';
import { addDays, businessDate, type IsoDate } from '@portal/service-common/business-dates';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { enqueueEvent } from '@portal/service-common/db/outbox';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { JobRunner } from '@portal/service-common/jobs';
import { createLogger } from '@portal/service-common/logger';
import { publicUrl } from '@portal/service-common/public-url';
import type { Tx } from '../db.js';
import { BILLING_JOB_RETRIES } from '../invoices/billing-run.service.js';
import { formatMonth } from '../invoices/invoice-format.js';
import { CARD_EXPIRY_NOTICE_DAYS, cardExpiryState } from '../payment/card-expiry.rules.js';
import { CARD_EXPIRY_CONFIG, type TCardExpiryConfig } from './card-expiry.config.js';
import { CardExpiryRepository, type ExpiringCard } from './card-expiry.repository.js';

export const CARD_EXPIRY_JOB = 'billing-card-expiry';
const log = createLogger('CardExpiry');

export interface CardExpirySummary { mailed: number; skipped: number }

/** The (year, month) pairs from `today`'s month to the month 30 days ahead (one or two). */
function monthsAhead(today: IsoDate): { year: number; month: number }[] {
  const months = [today, addDays(today, CARD_EXPIRY_NOTICE_DAYS)].map((d) => ({ year: Number(d.slice(0, 4)), month: Number(d.slice(5, 7)) }));
  return months[0]!.month === months[1]!.month && months[0]!.year === months[1]!.year ? [months[0]!] : months;
}

/**
 * Issue 23 item 7: a daily job mails the billing email of every client whose card on file enters
 * its last 30 days (card-expiry.rules.ts), once per card and expiry: the notice row and the mail's
 * outbox row commit together and the row's key refuses a second claim, so a run repeated, retried,
 * taken over or racing on another replica mails nothing twice. A day the job missed is caught up
 * the next day (the whole window is looked at); a card already expired is not mailed (/payment
 * says so, and the charge fails with its own mail).
 */
@Injectable()
export class CardExpiryService implements OnModuleInit {
  constructor(
    @Inject(CardExpiryRepository) private readonly cards: CardExpiryRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(JobRunner) private readonly jobs: JobRunner,
    @Inject(CARD_EXPIRY_CONFIG) private readonly config: TCardExpiryConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.jobs.register({ name: CARD_EXPIRY_JOB, cron: this.config.CARD_EXPIRY_CRON, tz: 'Asia/Tokyo', ...BILLING_JOB_RETRIES, run: (signal) => this.run(signal) });
  }

  async run(signal: AbortSignal = new AbortController().signal): Promise<CardExpirySummary> {
    const summary: CardExpirySummary = { mailed: 0, skipped: 0 };
    const today = businessDate(this.clock.now());
    for (const shard of this.cards.shards()) {
      if (shard === 'global') continue;
      for (const card of await this.cards.unnotified(shard, monthsAhead(today))) {
        signal.throwIfAborted();
        if (cardExpiryState({ year: card.expiryYear, month: card.expiryMonth }, today) !== 'expiring') continue;
        summary[(await this.notify(shard, card, today)) ? 'mailed' : 'skipped'] += 1;
      }
    }
    return summary;
  }

  /** Claims and mails one card; false when it was claimed before or its client has no billing email. */
  private async notify(shard: TShard, card: ExpiringCard, today: IsoDate): Promise<boolean> {
    const language = REGION_PROFILES[ZRegion.catch('jpn').parse(shard)].defaultLanguage;
    const mailed = await this.uow.run(shard, async (tx) => {
      const contact = await this.cards.contact(tx, card.clientUuid);
      if (!contact?.email || !(await this.cards.claim(tx, card, today))) return false;
      const expiry = `${card.expiryYear}-${String(card.expiryMonth).padStart(2, '0')}`;
      await enqueueEvent(tx, Events.notification.mailRequested, {
        to: contact.email, template: 'card_expiring', language,
        params: { company: contact.companyName, card: card.maskedNumber, expiry: formatMonth(expiry, language), url: publicUrl('/payment', shard) },
      }, { [Headers.region]: shard, [Headers.language]: language, [Headers.requestId]: `billing-card-expiring-${card.id}-${expiry}` });
      return true;
    });
    // The masked number's last digits only: never card data.
    if (mailed) log.info({ shard, client: card.clientUuid, card: card.maskedNumber.slice(-4), expiry: `${card.expiryYear}-${card.expiryMonth}` }, 'card expiring mailed');
    return mailed;
  }
}
