import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { PaymentRequestsService } from './payment-requests.service.js';

/** Issue 11, slice B: the client's request calls (BILLING) and the operator's (OPERATOR_ONLY), by the policy table. */
@Injectable()
export class PaymentRequestsHandler {
  constructor(@Inject(PaymentRequestsService) private readonly requests: PaymentRequestsService) {}

  @Handles(API_ROUTES.paymentRequestCheck)
  check(_input: ApiRequest<'paymentRequestCheck'>) {
    return this.requests.check(requirePrincipal());
  }

  @Handles(API_ROUTES.paymentRequestFile)
  file(input: ApiRequest<'paymentRequestFile'>) {
    return this.requests.file(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.paymentRequestCurrent)
  current() {
    return this.requests.current(requirePrincipal());
  }

  @Handles(API_ROUTES.paymentRequestList)
  list(query: ApiRequest<'paymentRequestList'>) {
    requirePrincipal();
    return this.requests.list(query);
  }

  @Handles(API_ROUTES.paymentRequestDetail)
  detail(query: ApiRequest<'paymentRequestDetail'>) {
    requirePrincipal();
    return this.requests.detail(query);
  }

  @Handles(API_ROUTES.paymentRequestConfirm)
  confirm(input: ApiRequest<'paymentRequestConfirm'>) {
    return this.requests.confirm(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.paymentRequestReject)
  reject(input: ApiRequest<'paymentRequestReject'>) {
    return this.requests.reject(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.paymentMethodRegister)
  register(input: ApiRequest<'paymentMethodRegister'>) {
    return this.requests.register(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.paymentMethodOfClient)
  ofClient(input: ApiRequest<'paymentMethodOfClient'>) {
    return this.requests.ofClient(input);
  }

  @Handles(API_ROUTES.paymentMethodImport)
  import(input: ApiRequest<'paymentMethodImport'>) {
    return this.requests.import(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.paymentMethodCsv)
  csv() {
    requirePrincipal();
    return this.requests.csv();
  }
}
