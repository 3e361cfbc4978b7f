import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_STATUSES, REGION_PROFILES, type TAccountStatus, type TLanguage, type TPrincipal, type TUserListQuery } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import type { Prisma } from '../generated/prisma/client.js';
import { displayName } from '../db.js';
import { AccountsRepository } from './accounts.repository.js';

type Order = 'asc' | 'desc';
/** Strongest first (spec §6 levels 3, 6, 9); accounts without one (partner staff) last. */
const AUTHORITY_ORDER: (string | null)[] = ['owner', 'admin', 'user', null];

/** The name in the order of the company's region (spec §5: family name first in Japan). */
function regionName(region: TPrincipal['region'], a: { familyName: string; givenName: string }): string {
  return REGION_PROFILES[region].nameOrder === 'given_first' ? `${a.givenName} ${a.familyName}`.trim() : displayName(a);
}

function orderBy(region: TPrincipal['region'], sort: TUserListQuery['sort'], order: Order): Prisma.AccountOrderByWithRelationInput[] {
  switch (sort) {
    case 'id': return [{ uuid: order }];
    case 'name': return REGION_PROFILES[region].nameOrder === 'given_first'
      ? [{ givenName: order }, { familyName: order }]
      : [{ familyName: order }, { givenName: order }];
    case 'email': return [{ email: order }];
    case 'authority': return [{ authority: order }]; // not used: see byAuthority
    case 'status': return [{ status: order }];
    case 'created_at': return [{ createdAt: order }];
    default: return sort satisfies never;
  }
}

/** The user list (spec §2 /user/list): the principal's company only. */
@Injectable()
export class AccountListService {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(principal: TPrincipal, query: TUserListQuery) {
    const empty = Object.fromEntries(ACCOUNT_STATUSES.map((s) => [s, 0])) as Record<TAccountStatus, number>;
    if (!principal.client_uuid) return { users: [], total: 0, status_counts: empty };
    const shard = principal.home_shard;
    // Invitations unanswered for 24 hours read as expired now, not when their link is next opened.
    await this.accounts.expireInvitations(shard, this.clock.now(), principal.client_uuid);
    const q = query.q;
    const search: Prisma.AccountWhereInput = {
      tenantUuid: principal.client_uuid,
      ...(q ? {
        OR: [
          { email: { contains: q, mode: 'insensitive' } }, { familyName: { contains: q, mode: 'insensitive' } },
          { givenName: { contains: q, mode: 'insensitive' } }, { products: { has: q.toLowerCase() } },
        ],
      } : {}),
    };
    const where: Prisma.AccountWhereInput = query.status ? { AND: [search, { status: query.status }] } : search;
    const client = this.accounts.client(shard);
    const skip = (query.page - 1) * query.per_page;
    const [rows, byStatus] = await Promise.all([
      query.sort === 'authority'
        ? this.byAuthority(shard, where, query.order, skip, query.per_page)
        : client.account.findMany({ where, orderBy: [...orderBy(principal.region, query.sort, query.order), { uuid: 'asc' }], skip, take: query.per_page }),
      client.account.groupBy({ by: ['status'], where: search, _count: { _all: true } }),
    ]);
    const statusCounts = { ...empty };
    for (const g of byStatus) if (g.status in statusCounts) statusCounts[g.status as TAccountStatus] = g._count._all;
    // The per-status counts of the search already hold the total (one query fewer per page).
    const total = query.status ? statusCounts[query.status] : byStatus.reduce((n, g) => n + g._count._all, 0);
    return {
      users: rows.map((a) => ({
        uuid: a.uuid, name: regionName(principal.region, a), email: a.email, authority: a.authority, services: a.products,
        status: a.status as TAccountStatus, pending_email: a.pendingEmail, language: a.language as TLanguage,
      })),
      total,
      status_counts: statusCounts,
    };
  }

  /**
   * Authority sorts by strength (owner, admin, user; `desc` the other way), not by the words:
   * one page is cut from the three authority groups in turn, by their sizes.
   */
  private async byAuthority(shard: TPrincipal['home_shard'], where: Prisma.AccountWhereInput, order: Order, skip: number, take: number) {
    const client = this.accounts.client(shard);
    const groups = order === 'asc' ? AUTHORITY_ORDER : [...AUTHORITY_ORDER].reverse();
    const sizes = await client.account.groupBy({ by: ['authority'], where, _count: { _all: true } });
    const size = (a: string | null) => sizes.find((g) => g.authority === a)?._count._all ?? 0;
    const rows = [];
    let offset = skip;
    for (const authority of groups) {
      if (rows.length >= take) break;
      const n = size(authority);
      if (offset >= n) {
        offset -= n;
        continue;
      }
      rows.push(...(await client.account.findMany({
        where: { AND: [where, { authority }] }, orderBy: [{ createdAt: 'asc' }, { uuid: 'asc' }], skip: offset, take: take - rows.length,
      })));
      offset = 0;
    }
    return rows;
  }

  /** Names and emails of the given accounts, limited to the principal's company (for the operation log). */
  async names(principal: TPrincipal, uuids: string[]) {
    if (!principal.client_uuid || !uuids.length) return { accounts: [] };
    const rows = await this.accounts.client(principal.home_shard).account.findMany({
      where: { tenantUuid: principal.client_uuid, uuid: { in: uuids } },
      select: { uuid: true, familyName: true, givenName: true, email: true },
    });
    return { accounts: rows.map((a) => ({ uuid: a.uuid, name: displayName(a), email: a.email })) };
  }
}
