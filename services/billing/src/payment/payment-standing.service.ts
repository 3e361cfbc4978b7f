import { Inject, Injectable } from '@nestjs/common';
import { REGION_PROFILES, type TPaymentStanding, type TPrincipal } from '@portal/proto';
import { dateInZone } from '@portal/service-common/business-dates';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { BillingInfoRepository } from '../billing-info/billing-info.repository.js';
import { tenant } from '../billing-info/billing-info.service.js';
import { PaymentMethodsRepository } from './payment-methods.repository.js';
import { billingInfoComplete, usableMethod } from './payment-standing.rules.js';

/**
 * Issue 22 item 9: the caller's own client's billing info and usable payment method, for licence's
 * plan flow (INTERNAL_ROUTES.paymentStanding). Tenancy from the principal: a client learns only its own.
 */
@Injectable()
export class PaymentStandingService {
  constructor(
    @Inject(BillingInfoRepository) private readonly infos: BillingInfoRepository,
    @Inject(PaymentMethodsRepository) private readonly methods: PaymentMethodsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async standing(principal: TPrincipal): Promise<TPaymentStanding> {
    const { shard, clientUuid } = tenant(principal);
    const region = principal.region;
    const [info, method] = await Promise.all([this.infos.find(shard, clientUuid), this.methods.find(shard, clientUuid)]);
    const card = method?.method === 'credit_card' && method.cardReferenceId ? await this.methods.card(shard, method.cardReferenceId) : null;
    const [year, month] = dateInZone(this.clock.now(), REGION_PROFILES[region].timeZone).split('-').map(Number) as [number, number];
    const usable = method !== null && usableMethod(region, { method: method.method, card }, { year, month });
    return {
      billing_info: billingInfoComplete(region, info),
      payment_method: usable && method ? { method: method.method, label: card?.maskedNumber ?? method.details.bank_name ?? '' } : null,
    };
  }
}
