import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, INTERNAL_ROUTES, type ApiRequest, type InternalRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { AccountListService } from './account-list.service.js';
import { AccountAdminService } from './account-admin.service.js';
import { CsvInviteService } from './csv-invite.service.js';

@Injectable()
export class AccountsHandler {
  constructor(
    @Inject(AccountListService) private readonly list: AccountListService,
    @Inject(AccountAdminService) private readonly admin: AccountAdminService,
    @Inject(CsvInviteService) private readonly csv: CsvInviteService,
  ) {}

  @Handles(API_ROUTES.userInviteCsv)
  inviteCsv(input: ApiRequest<'userInviteCsv'>) {
    return this.csv.run(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.userInvite)
  invite(input: ApiRequest<'userInvite'>) {
    return this.admin.invite(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.userStatus)
  setStatus(input: ApiRequest<'userStatus'>) {
    return this.admin.setStatus(requirePrincipal(), input.uuid, input.status);
  }

  @Handles(API_ROUTES.userDelete)
  remove(input: ApiRequest<'userDelete'>) {
    return this.admin.remove(requirePrincipal(), input.uuid);
  }

  @Handles(API_ROUTES.userReinvite)
  reinvite(input: ApiRequest<'userReinvite'>) {
    return this.admin.reinvite(requirePrincipal(), input.uuid);
  }

  @Handles(API_ROUTES.userGet)
  get(input: ApiRequest<'userGet'>) {
    return this.admin.get(requirePrincipal(), input.uuid);
  }

  @Handles(API_ROUTES.userUpdate)
  update(input: ApiRequest<'userUpdate'>) {
    return this.admin.update(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.mailUpdateConfirm)
  confirmMailUpdate(input: ApiRequest<'mailUpdateConfirm'>) {
    return this.admin.confirmMailUpdate(input.user_uuid, input.access_token);
  }

  @Handles(INTERNAL_ROUTES.accountNames)
  names(input: InternalRequest<'accountNames'>) {
    return this.list.names(requirePrincipal(), input.uuids);
  }

  @Handles(API_ROUTES.userList)
  userList(query: ApiRequest<'userList'>) {
    return this.list.list(requirePrincipal(), query);
  }
}
