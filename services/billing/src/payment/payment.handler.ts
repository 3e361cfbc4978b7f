import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, INTERNAL_ROUTES, type ApiRequest, type InternalRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { PaymentService } from './payment.service.js';

/** /payment, /gmo*, /check_payment (spec §7 "Payment"; issue 11, slice A). */
@Injectable()
export class PaymentHandler {
  constructor(@Inject(PaymentService) private readonly service: PaymentService) {}

  @Handles(API_ROUTES.paymentGet)
  get() { return this.service.view(requirePrincipal()); }

  @Handles(API_ROUTES.paymentUpdate)
  update(_input: ApiRequest<'paymentUpdate'>) { return this.service.useCard(requirePrincipal()); }

  @Handles(API_ROUTES.gmoJs)
  tokenizer() { requirePrincipal(); return this.service.tokenizer(); }

  /** Issue 22: GET /v1/user-auth's `gmo_token_link` (identity asks): the script for the origin the visitor uses. */
  @Handles(INTERNAL_ROUTES.tokenScript)
  tokenScript(input: InternalRequest<'tokenScript'>) { return { script_url: this.service.tokenizer(input.origin).script_url }; }

  @Handles(API_ROUTES.gmoAuth)
  register(input: ApiRequest<'gmoAuth'>) { return this.service.register(requirePrincipal(), input); }

  @Handles(API_ROUTES.gmoSecureTran)
  complete(input: ApiRequest<'gmoSecureTran'>) { return this.service.complete(requirePrincipal(), input); }

  @Handles(API_ROUTES.gmoCard)
  card() { return this.service.card(requirePrincipal()); }

  @Handles(API_ROUTES.checkPayment)
  check() { return this.service.check(requirePrincipal()); }
}
