import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, INTERNAL_ROUTES, type TBillingPaymentCheck, type TBillingPaymentState, type TPrincipal, type TShard } from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { ServiceError } from '@portal/service-common/errors';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { billingPaymentCheck, billingPaymentState } from './billing-payment.rules.js';
import { PlanApplicationsRepository } from './plan-applications.repository.js';

/**
 * GET /v1/plan/billingPayment and GET /v1/plan/check_plan_billing_payment (issue 22 item 9): the
 * real state, asked of billing (which owns billing info and payment methods) over the transport,
 * with the client's contract type from licence's own row.
 */
@Injectable()
export class BillingPaymentService {
  constructor(
    @Inject(PlanApplicationsRepository) private readonly applications: PlanApplicationsRepository,
    @Inject(TRANSPORT) private readonly transport: Transport,
  ) {}

  async state(principal: TPrincipal): Promise<TBillingPaymentState> {
    if (!principal.client_uuid) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    const [client, standing] = await Promise.all([
      this.applications.client(principal.region as TShard, principal.client_uuid),
      ask(this.transport, INTERNAL_ROUTES.paymentStanding, {}),
    ]);
    if (!client) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    return billingPaymentState(standing, client.contractType);
  }

  async check(principal: TPrincipal): Promise<TBillingPaymentCheck> {
    return billingPaymentCheck(await this.state(principal));
  }
}
