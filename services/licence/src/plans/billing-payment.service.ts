import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, INTERNAL_ROUTES, type TBillingPaymentCheck, type TBillingPaymentState, type TPrincipal, type TRegion, type TShard } from '@portal/proto';
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

  /**
   * Issue 22: an operator's view of one client's state (the allow action refuses an application
   * whose client has lost its method since applying). Billing answers an operator for the client
   * it names; licence gives the contract type it holds.
   */
  async stateOf(region: TRegion, clientUuid: string, contractType: string): Promise<TBillingPaymentState> {
    const standing = await ask(this.transport, INTERNAL_ROUTES.paymentStanding, { client_uuid: clientUuid, region });
    return billingPaymentState(standing, contractType);
  }

  async check(principal: TPrincipal): Promise<TBillingPaymentCheck> {
    return billingPaymentCheck(await this.state(principal));
  }
}
