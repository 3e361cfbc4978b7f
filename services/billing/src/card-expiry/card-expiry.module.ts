import { Module } from '@nestjs/common';
import { CardExpiryRepository } from './card-expiry.repository.js';
import { CardExpiryService } from './card-expiry.service.js';

/** Issue 23 item 7: the daily "card expiring" mail. CARD_EXPIRY_CONFIG comes from the service's providers (src/index.ts). */
@Module({ providers: [CardExpiryService, CardExpiryRepository] })
export class CardExpiryModule {}
