import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { PartnersService } from './partners.service.js';

/** Issue 14, slice B: the operator's partners, a primary partner's sub-partners, a partner's settings. */
@Injectable()
export class PartnersHandler {
  constructor(@Inject(PartnersService) private readonly partners: PartnersService) {}

  @Handles(API_ROUTES.operatorPartnerList)
  list(query: ApiRequest<'operatorPartnerList'>) { return this.partners.list(query); }

  @Handles(API_ROUTES.operatorPartnerCsv)
  csv(query: ApiRequest<'operatorPartnerCsv'>) { return this.partners.csv(query); }

  @Handles(API_ROUTES.operatorPartnerGet)
  get(query: ApiRequest<'operatorPartnerGet'>) { return this.partners.detail(query.partner_uuid); }

  // The wizard's steps: the same schemas as confirm, validated before the handler; nothing is written.
  @Handles(API_ROUTES.operatorPartnerCheckLicence)
  checkLicence(_input: ApiRequest<'operatorPartnerCheckLicence'>) { return { valid: true as const }; }

  @Handles(API_ROUTES.operatorPartnerCheckInfo)
  checkInfo(input: ApiRequest<'operatorPartnerCheckInfo'>) { return this.partners.checkEmail(input.email); }

  @Handles(API_ROUTES.operatorPartnerCheckBilling)
  checkBilling(_input: ApiRequest<'operatorPartnerCheckBilling'>) { return { valid: true as const }; }

  @Handles(API_ROUTES.operatorPartnerCheckRegistration)
  checkRegistration(_input: ApiRequest<'operatorPartnerCheckRegistration'>) { return { valid: true as const }; }

  @Handles(API_ROUTES.operatorPartnerCreate)
  create(input: ApiRequest<'operatorPartnerCreate'>) { return this.partners.create(requirePrincipal(), input); }

  @Handles(API_ROUTES.operatorPartnerContracts)
  contracts(input: ApiRequest<'operatorPartnerContracts'>) { return this.partners.setContracts(requirePrincipal(), input.partner_uuid, input.grantable_contracts); }

  @Handles(API_ROUTES.operatorPartnerRegistration)
  registration(input: ApiRequest<'operatorPartnerRegistration'>) { return this.partners.setRegistration(requirePrincipal(), input); }

  @Handles(API_ROUTES.operatorPartnerStatus)
  status(input: ApiRequest<'operatorPartnerStatus'>) { return this.partners.setStatus(requirePrincipal(), input.partner_uuid, input.status); }

  @Handles(API_ROUTES.operatorPartnerReview)
  review(input: ApiRequest<'operatorPartnerReview'>) { return this.partners.review(requirePrincipal(), input.partner_uuid, input.decision); }

  @Handles(API_ROUTES.operatorPartnerDirectContract)
  directContract(input: ApiRequest<'operatorPartnerDirectContract'>) {
    return this.partners.toDirectContract(requirePrincipal(), input.partner_uuid, input.client_uuids);
  }

  @Handles(API_ROUTES.partnerSubPartnerList)
  subPartners() { return this.partners.subPartners(requirePrincipal()); }

  @Handles(API_ROUTES.partnerSubPartnerCheck)
  subPartnerCheck(input: ApiRequest<'partnerSubPartnerCheck'>) { return this.partners.checkEmail(input.email); }

  @Handles(API_ROUTES.partnerSubPartnerCreate)
  subPartnerCreate(input: ApiRequest<'partnerSubPartnerCreate'>) { return this.partners.registerSubPartner(requirePrincipal(), input); }

  @Handles(API_ROUTES.partnerSettingsGet)
  settings() { return this.partners.settings(requirePrincipal()); }

  @Handles(API_ROUTES.partnerSettingsUpdate)
  updateSettings(input: ApiRequest<'partnerSettingsUpdate'>) { return this.partners.updateSettings(requirePrincipal(), input); }
}
