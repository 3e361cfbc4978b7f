import { Inject, Injectable } from '@nestjs/common';
import { INTERNAL_ROUTES, areaOf, type InternalRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { BillingInfoRepository } from '../billing-info/billing-info.repository.js';
import { PaymentMethodsRepository } from './payment-methods.repository.js';
import { PaymentStandingService } from './payment-standing.service.js';

/**
 * Issue 14, slice A: one client's billing info and payment method for the back office's client
 * info. Licence asks after checking the client is in the caller's scope; only an operator or
 * partner gets an answer (a client learns nothing of another).
 */
@Injectable()
export class ClientBillingHandler {
  constructor(
    @Inject(BillingInfoRepository) private readonly infos: BillingInfoRepository,
    @Inject(PaymentMethodsRepository) private readonly methods: PaymentMethodsRepository,
    @Inject(PaymentStandingService) private readonly standing: PaymentStandingService,
  ) {}

  /** Issue 22: a client's billing info and usable method (licence's plan flow: the client's own; the operator's allow: the one it names). */
  @Handles(INTERNAL_ROUTES.paymentStanding)
  paymentStanding(query: InternalRequest<'paymentStanding'>) { return this.standing.standing(requirePrincipal(), query); }

  @Handles(INTERNAL_ROUTES.clientBillingSummary)
  async summary(query: InternalRequest<'clientBillingSummary'>) {
    if (areaOf(requirePrincipal()) === 'client') return { billing: null, payment_method: null };
    const [info, method] = await Promise.all([this.infos.find(query.region, query.uuid), this.methods.find(query.region, query.uuid)]);
    let label = '';
    if (method?.method === 'credit_card' && method.cardReferenceId) label = (await this.methods.card(query.region, method.cardReferenceId))?.maskedNumber ?? '';
    else if (method) label = method.details.bank_name ?? '';
    return {
      billing: info ? { company_name: info.company_name, email: info.email, phone: info.phone, address: info.address } : null,
      payment_method: method ? { method: method.method, label } : null,
    };
  }
}
