import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, REGION_PROFILES, areaOf, type TPaymentStanding, type TPrincipal, type TRegion, type TShard } from '@portal/proto';
import { dateInZone } from '@portal/service-common/business-dates';
import { ServiceError } from '@portal/service-common/errors';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { BillingInfoRepository } from '../billing-info/billing-info.repository.js';
import { tenant } from '../billing-info/billing-info.service.js';
import { PaymentMethodsRepository } from './payment-methods.repository.js';
import { billingInfoComplete, usableMethod } from './payment-standing.rules.js';

/**
 * Issue 22 item 9: a client's billing info and usable payment method, for licence's plan flow
 * (INTERNAL_ROUTES.paymentStanding). Tenancy from the principal: a client learns only its own; an
 * operator (the allow action of the plan review) names the client and its region.
 */
@Injectable()
export class PaymentStandingService {
  constructor(
    @Inject(BillingInfoRepository) private readonly infos: BillingInfoRepository,
    @Inject(PaymentMethodsRepository) private readonly methods: PaymentMethodsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async standing(principal: TPrincipal, query: { client_uuid?: string; region?: TRegion } = {}): Promise<TPaymentStanding> {
    const { shard, clientUuid, region } = this.subject(principal, query);
    const [info, method] = await Promise.all([this.infos.find(shard, clientUuid), this.methods.find(shard, clientUuid)]);
    const card = method?.method === 'credit_card' && method.cardReferenceId ? await this.methods.card(shard, method.cardReferenceId) : null;
    const [year, month] = dateInZone(this.clock.now(), REGION_PROFILES[region].timeZone).split('-').map(Number) as [number, number];
    const usable = method !== null && usableMethod(region, { method: method.method, card }, { year, month });
    return {
      billing_info: billingInfoComplete(region, info),
      payment_method: usable && method ? { method: method.method, label: card?.maskedNumber ?? method.details.bank_name ?? '' } : null,
    };
  }

  /** Whose standing: the client principal's own, or the one an operator names. */
  private subject(principal: TPrincipal, query: { client_uuid?: string; region?: TRegion }): { shard: TShard; clientUuid: string; region: TRegion } {
    if (areaOf(principal) === 'operator') {
      if (!query.client_uuid || !query.region) throw new ServiceError(AccessCode.SERVER_ERROR, 'status.server_error');
      return { shard: query.region as TShard, clientUuid: query.client_uuid, region: query.region };
    }
    return { ...tenant(principal), region: principal.region };
  }
}
