import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, INTERNAL_ROUTES, type ApiRequest, type InternalRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { MigrationService } from './migration.service.js';

@Injectable()
export class MigrationHandler {
  constructor(@Inject(MigrationService) private readonly migration: MigrationService) {}

  @Handles(API_ROUTES.migrationCheck)
  check(input: ApiRequest<'migrationCheck'>) { requirePrincipal(); return this.migration.check(input); }

  @Handles(API_ROUTES.migrationConfirm)
  confirm(input: ApiRequest<'migrationConfirm'>) { return this.migration.confirm(requirePrincipal(), input); }

  @Handles(API_ROUTES.migrationList)
  list() { requirePrincipal(); return this.migration.list(); }

  @Handles(API_ROUTES.migrationClients)
  clients(input: ApiRequest<'migrationClients'>) { requirePrincipal(); return this.migration.clients(input.q); }

  @Handles(API_ROUTES.registrationCheck)
  registrationCheck(input: ApiRequest<'registrationCheck'>) { return this.migration.registrationCheck(requirePrincipal(), input); }

  @Handles(API_ROUTES.registrationConfirm)
  register(input: ApiRequest<'registrationConfirm'>) { return this.migration.register(requirePrincipal(), input); }

  @Handles(API_ROUTES.registrationList)
  registrations() { return this.migration.registrations(requirePrincipal()); }

  @Handles(API_ROUTES.embedFormGet)
  embedForm() { return this.migration.embedForm(requirePrincipal()); }

  @Handles(API_ROUTES.embedFormUpdate)
  embedFormUpdate(input: ApiRequest<'embedFormUpdate'>) { return this.migration.embedFormUpdate(requirePrincipal(), input.origins); }

  @Handles(API_ROUTES.embedFormOperatorList)
  operatorForms() { requirePrincipal(); return this.migration.operatorEmbedForms(); }

  @Handles(API_ROUTES.embedFormOperatorGet)
  operatorForm(input: ApiRequest<'embedFormOperatorGet'>) { requirePrincipal(); return this.migration.operatorEmbedForm(input.partner_uuid); }

  @Handles(API_ROUTES.embedFormFields)
  fields(input: ApiRequest<'embedFormFields'>) { return this.migration.embedFields(input.token); }

  @Handles(API_ROUTES.embedFormSubmit)
  submit(input: ApiRequest<'embedFormSubmit'>) { return this.migration.embedSubmit(input); }

  @Handles(INTERNAL_ROUTES.embedFormOrigins)
  origins(input: InternalRequest<'embedFormOrigins'>) { return this.migration.embedOrigins(input.token); }
}
