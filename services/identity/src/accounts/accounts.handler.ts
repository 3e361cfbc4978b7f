import { Inject, Injectable } from '@nestjs/common';
import {
  Subjects, ZAccountNamesQuery, ZAccountRef, ZAccountStatusChange, ZAccountUpdate, ZInviteCsv, ZInviteRequest, ZMailUpdateConfirm, ZUserListQuery, type TAccountUpdate, type TInviteRequest, type TUserListQuery,
} from '@portal/proto';
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

  @Handles(Subjects.identity.userInviteCsv, ZInviteCsv)
  inviteCsv(input: { file_name: string; content: string; dry_run: boolean }) {
    return this.csv.run(requirePrincipal(), input);
  }

  @Handles(Subjects.identity.userInvite, ZInviteRequest)
  invite(input: TInviteRequest) {
    return this.admin.invite(requirePrincipal(), input);
  }

  @Handles(Subjects.identity.userStatus, ZAccountStatusChange)
  setStatus(input: { uuid: string; status: 'active' | 'inactive' }) {
    return this.admin.setStatus(requirePrincipal(), input.uuid, input.status);
  }

  @Handles(Subjects.identity.userDelete, ZAccountRef)
  remove(input: { uuid: string }) {
    return this.admin.remove(requirePrincipal(), input.uuid);
  }

  @Handles(Subjects.identity.userReinvite, ZAccountRef)
  reinvite(input: { uuid: string }) {
    return this.admin.reinvite(requirePrincipal(), input.uuid);
  }

  @Handles(Subjects.identity.userGet, ZAccountRef)
  get(input: { uuid: string }) {
    return this.admin.get(requirePrincipal(), input.uuid);
  }

  @Handles(Subjects.identity.userUpdate, ZAccountUpdate)
  update(input: TAccountUpdate) {
    return this.admin.update(requirePrincipal(), input);
  }

  @Handles(Subjects.identity.mailUpdateConfirm, ZMailUpdateConfirm)
  confirmMailUpdate(input: { user_uuid: string; access_token: string }) {
    return this.admin.confirmMailUpdate(input.user_uuid, input.access_token);
  }

  @Handles(Subjects.identity.accountNames, ZAccountNamesQuery)
  names(input: { uuids: string[] }) {
    return this.list.names(requirePrincipal(), input.uuids);
  }

  @Handles(Subjects.identity.userList, ZUserListQuery)
  userList(query: TUserListQuery) {
    return this.list.list(requirePrincipal(), query);
  }
}
