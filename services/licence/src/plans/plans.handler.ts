import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { BillingPaymentService } from './billing-payment.service.js';
import { PlanApplicationService } from './plan-application.service.js';
import { PlanReviewService } from './plan-review.service.js';

/** The client's plan pages (spec §2 /plan/*, §7 "Plan"). */
@Injectable()
export class PlansHandler {
  constructor(
    @Inject(PlanApplicationService) private readonly plans: PlanApplicationService,
    @Inject(BillingPaymentService) private readonly payment: BillingPaymentService,
  ) {}

  @Handles(API_ROUTES.planClientList)
  clientList() {
    return this.plans.clientList(requirePrincipal());
  }

  @Handles(API_ROUTES.planModifyCheck)
  modifyCheck() {
    return this.plans.modifyCheck(requirePrincipal());
  }

  @Handles(API_ROUTES.planCorporateSearch)
  corporateSearch(input: ApiRequest<'planCorporateSearch'>) {
    return this.plans.corporateSearch(requirePrincipal(), input.corporate_name);
  }

  @Handles(API_ROUTES.planContractInfo)
  contractInfo() {
    return this.plans.contractInfo(requirePrincipal());
  }

  @Handles(API_ROUTES.planCheckContractInfo)
  checkContractInfo(input: ApiRequest<'planCheckContractInfo'>) {
    return this.plans.checkContractInfo(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.planApplyInfo)
  applyInfo(input: ApiRequest<'planApplyInfo'>) {
    return this.plans.applyInfo(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.planApply)
  apply(input: ApiRequest<'planApply'>) {
    return this.plans.apply(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.planBillingPayment)
  billingPayment() {
    return this.payment.state(requirePrincipal());
  }

  @Handles(API_ROUTES.planCheckBillingPayment)
  checkBillingPayment() {
    return this.payment.check(requirePrincipal());
  }

  @Handles(API_ROUTES.planCancel)
  cancel(input: ApiRequest<'planCancel'>) {
    return this.plans.cancel(requirePrincipal(), input.contract_id);
  }

  @Handles(API_ROUTES.planWithdraw)
  withdraw(input: ApiRequest<'planWithdraw'>) {
    return this.plans.withdraw(requirePrincipal(), input.application_id);
  }
}

/** The operator's review screen (spec §4 "Licence review"). */
@Injectable()
export class PlanReviewHandler {
  constructor(@Inject(PlanReviewService) private readonly review: PlanReviewService) {}

  @Handles(API_ROUTES.planApplicationList)
  list(query: ApiRequest<'planApplicationList'>) {
    return this.review.list(requirePrincipal(), query);
  }

  @Handles(API_ROUTES.planApplicationPreview)
  previewAllow(input: ApiRequest<'planApplicationPreview'>) {
    return this.review.preview(requirePrincipal(), input.id, input.region);
  }

  @Handles(API_ROUTES.planApplicationAllow)
  allow(input: ApiRequest<'planApplicationAllow'>) {
    return this.review.allow(requirePrincipal(), input.id, input.region);
  }

  @Handles(API_ROUTES.planApplicationReject)
  reject(input: ApiRequest<'planApplicationReject'>) {
    return this.review.reject(requirePrincipal(), input.id, input.region, input.reason);
  }
}
