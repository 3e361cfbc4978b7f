import { Inject, Injectable } from '@nestjs/common';
import { Subjects, ZCompanyUpdate, type TCompanyUpdate } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { CompanyService } from './company.service.js';

@Injectable()
export class CompanyHandler {
  constructor(@Inject(CompanyService) private readonly company: CompanyService) {}

  @Handles(Subjects.licence.companyGet)
  get() {
    return this.company.get(requirePrincipal());
  }

  @Handles(Subjects.licence.companyUpdate, ZCompanyUpdate)
  update(input: TCompanyUpdate) {
    return this.company.update(requirePrincipal(), input);
  }
}
