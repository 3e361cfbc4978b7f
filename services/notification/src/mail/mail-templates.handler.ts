import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { MailTemplatesService } from './mail-templates.service.js';

/** Issue 12, slice A: the operator's system mail calls (OPERATOR_ONLY in the policy table). */
@Injectable()
export class MailTemplatesHandler {
  constructor(@Inject(MailTemplatesService) private readonly templates: MailTemplatesService) {}

  @Handles(API_ROUTES.mailTemplateList)
  list() {
    return this.templates.list(requirePrincipal());
  }

  @Handles(API_ROUTES.mailTemplateGet)
  get(query: ApiRequest<'mailTemplateGet'>) {
    return this.templates.get(requirePrincipal(), query.template);
  }

  @Handles(API_ROUTES.mailTemplateUpdate)
  update(input: ApiRequest<'mailTemplateUpdate'>) {
    return this.templates.update(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.mailTemplatePreview)
  preview(input: ApiRequest<'mailTemplatePreview'>) {
    return this.templates.preview(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.mailTemplateTestSend)
  testSend(input: ApiRequest<'mailTemplateTestSend'>) {
    return this.templates.testSend(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.mailPartList)
  parts() {
    requirePrincipal();
    return this.templates.parts();
  }

  @Handles(API_ROUTES.mailPartUpdate)
  updatePart(input: ApiRequest<'mailPartUpdate'>) {
    requirePrincipal();
    return this.templates.updatePart(input);
  }

  @Handles(API_ROUTES.mailLogList)
  log(query: ApiRequest<'mailLogList'>) {
    requirePrincipal();
    return this.templates.log(query);
  }
}
