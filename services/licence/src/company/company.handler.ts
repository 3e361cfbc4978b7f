import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { CompanyService } from './company.service.js';

@Injectable()
export class CompanyHandler {
  constructor(@Inject(CompanyService) private readonly company: CompanyService) {}

  @Handles(API_ROUTES.companyGet)
  get() {
    return this.company.get(requirePrincipal());
  }

  @Handles(API_ROUTES.companyUpdate)
  update(input: ApiRequest<'companyUpdate'>) {
    return this.company.update(requirePrincipal(), input);
  }

  // Issue 25, point 5: an operator, on the client's behalf (the client named by the request).
  @Handles(API_ROUTES.boClientCompany)
  getOnBehalf(query: ApiRequest<'boClientCompany'>) {
    return this.company.getOnBehalf(requirePrincipal(), query.region, query.uuid);
  }

  @Handles(API_ROUTES.boClientCompanyUpdate)
  updateOnBehalf(input: ApiRequest<'boClientCompanyUpdate'>) {
    return this.company.updateOnBehalf(requirePrincipal(), input);
  }
}
