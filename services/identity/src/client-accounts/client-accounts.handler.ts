import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { ClientAccountsService } from './client-accounts.service.js';

/** Issue 25, point 5: the accounts section of the back-office client info page. */
@Injectable()
export class ClientAccountsHandler {
  constructor(@Inject(ClientAccountsService) private readonly accounts: ClientAccountsService) {}

  @Handles(API_ROUTES.boClientAccounts)
  boList(q: ApiRequest<'boClientAccounts'>) { return this.accounts.list(requirePrincipal(), q.region, q.uuid); }
  @Handles(API_ROUTES.partnerClientAccounts)
  partnerList(q: ApiRequest<'partnerClientAccounts'>) { return this.accounts.list(requirePrincipal(), q.region, q.uuid); }

  @Handles(API_ROUTES.boClientAccountReinvite)
  reinvite(i: ApiRequest<'boClientAccountReinvite'>) { return this.accounts.act(requirePrincipal(), 'reinvite', i.region, i.uuid, i.account_uuid); }
  @Handles(API_ROUTES.boClientAccountUnlock)
  unlock(i: ApiRequest<'boClientAccountUnlock'>) { return this.accounts.act(requirePrincipal(), 'unlock', i.region, i.uuid, i.account_uuid); }
  @Handles(API_ROUTES.boClientAccountMfaReset)
  mfaReset(i: ApiRequest<'boClientAccountMfaReset'>) { return this.accounts.act(requirePrincipal(), 'mfa_reset', i.region, i.uuid, i.account_uuid); }

}
