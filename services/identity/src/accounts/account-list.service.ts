import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_STATUSES, type ApiReply, type InternalReply, type TAccountStatus, type TLanguage, type TPrincipal, type TUserListQuery } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { AccountListRepository, type AccountSort } from './account-list.repository.js';
import { ACTIVE_STATUSES, rowActions } from './account.rules.js';
import { accountName, nameColumns } from './person-name.js';

/** Strongest first (spec §6 levels 3, 6, 9); accounts without one (partner staff) last. */
const AUTHORITY_ORDER: (string | null)[] = ['owner', 'admin', 'user', null];

/** The user list (spec §2 /user/list): the principal's company only. */
@Injectable()
export class AccountListService {
  constructor(
    @Inject(AccountListRepository) private readonly lists: AccountListRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(principal: TPrincipal, query: TUserListQuery): Promise<ApiReply<'userList'>> {
    const empty = Object.fromEntries(ACCOUNT_STATUSES.map((s) => [s, 0])) as Record<TAccountStatus, number>;
    if (!principal.client_uuid) return { users: [], total: 0, status_counts: empty };
    const shard = principal.home_shard;
    // Invitations unanswered for 24 hours read as expired now (a status computed at read time);
    // the sweep (InvitationExpiryJob) writes it. A read never writes.
    const search = { tenantUuid: principal.client_uuid, q: query.q, status: query.status };
    // The name sorts by its parts in the order of the company's region (family name first in Japan).
    const sort: AccountSort = query.sort === 'authority'
      ? { by: 'authority', groups: AUTHORITY_ORDER }
      : { by: 'columns', sort: query.sort, nameFields: nameColumns(principal.region) };
    const { rows, byStatus, owners: activeOwners } = await this.lists.page(
      shard, search, sort, query.order, (query.page - 1) * query.per_page, query.per_page, ACTIVE_STATUSES, this.clock.now());
    const caller = { accountUuid: principal.account_uuid, activeOwners, proxy: principal.proxy };
    const statusCounts = { ...empty };
    for (const [status, count] of byStatus) if (status in statusCounts) statusCounts[status as TAccountStatus] = count;
    // The per-status counts of the search already hold the total (one query fewer per page).
    const total = query.status ? statusCounts[query.status] : [...byStatus.values()].reduce((n, c) => n + c, 0);
    return {
      users: rows.map((a) => {
        const status = a.status as TAccountStatus;
        return {
          uuid: a.uuid, name: accountName(principal.region, a), email: a.email, authority: a.authority, services: a.products,
          status, pending_email: a.pendingEmail, language: a.language as TLanguage,
          actions: rowActions({ uuid: a.uuid, status, authority: a.authority, products: a.products }, caller),
          // Issue 21: who created or last changed it in a support session.
          support_created_by: a.supportCreatedBy, support_changed_by: a.supportChangedBy,
          support_changed_at: a.supportChangedAt ? new Date(a.supportChangedAt).toISOString() : null,
        };
      }),
      total,
      status_counts: statusCounts,
    };
  }

  /**
   * Names and emails of the given accounts, limited to the principal's company (for the operation
   * log); for an operator, the operators among them (issue 25: who published a terms version).
   */
  async names(principal: TPrincipal, uuids: string[]): Promise<InternalReply<'accountNames'>> {
    if (principal.context === 'operator' && !principal.proxy && uuids.length) {
      const rows = await this.lists.operatorNames(uuids);
      return { accounts: rows.map((a) => ({ uuid: a.uuid, name: accountName(principal.region, a), email: a.email })) };
    }
    if (!principal.client_uuid || !uuids.length) return { accounts: [] };
    const rows = await this.lists.names(principal.home_shard, principal.client_uuid, uuids);
    return { accounts: rows.map((a) => ({ uuid: a.uuid, name: accountName(principal.region, a), email: a.email })) };
  }
}
