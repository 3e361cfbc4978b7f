import { Inject, Injectable } from '@nestjs/common';
import type { TShard, TUserListQuery } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { Prisma } from '../generated/prisma/client.js';
import type { Account, IdentityDb } from '../db.js';

type Order = 'asc' | 'desc';
export interface AccountSearch { tenantUuid: string; q?: string; status?: string }
/** The order of a page: by column(s) (the name in the region's order), or by authority strength. */
export type AccountSort = { by: 'columns'; sort: Exclude<TUserListQuery['sort'], 'authority'>; nameFields: readonly ('familyName' | 'givenName')[] } | { by: 'authority'; groups: readonly (string | null)[] };

function orderBy(sort: Exclude<TUserListQuery['sort'], 'authority'>, nameFields: readonly ('familyName' | 'givenName')[], order: Order): Prisma.AccountOrderByWithRelationInput[] {
  switch (sort) {
    case 'id': return [{ uuid: order }];
    case 'name': return nameFields.map((f) => ({ [f]: order }));
    case 'email': return [{ email: order }];
    case 'status': return [{ status: order }];
    case 'created_at': return [{ createdAt: order }];
    default: return sort satisfies never;
  }
}

/** The user list's reads (spec §2 /user/list): one company of one shard. */
@Injectable()
export class AccountListRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  /** A page of the company's accounts matching the search and status, in the given order. */
  async page(shard: TShard, search: AccountSearch, sort: AccountSort, order: Order, skip: number, take: number): Promise<Account[]> {
    const where = this.where(search);
    const client = this.db.client(shard);
    if (sort.by === 'columns') {
      return client.account.findMany({ where, orderBy: [...orderBy(sort.sort, sort.nameFields, order), { uuid: 'asc' }], skip, take });
    }
    // Authority sorts by strength, not by the words: the page is cut from the groups in turn, by their sizes.
    const sizes = await client.account.groupBy({ by: ['authority'], where, _count: { _all: true } });
    const size = (a: string | null) => sizes.find((g) => g.authority === a)?._count._all ?? 0;
    const rows: Account[] = [];
    let offset = skip;
    for (const authority of order === 'asc' ? sort.groups : [...sort.groups].reverse()) {
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

  /** How many of the company's accounts match the search, per status (the status filter does not apply). */
  async countByStatus(shard: TShard, search: Omit<AccountSearch, 'status'>): Promise<Map<string, number>> {
    const groups = await this.db.client(shard).account.groupBy({ by: ['status'], where: this.where(search), _count: { _all: true } });
    return new Map(groups.map((g) => [g.status, g._count._all]));
  }

  /** How many of the company's owners are in one of `statuses` (the last-owner rule of each row). */
  countOwners(shard: TShard, tenantUuid: string, statuses: readonly string[]): Promise<number> {
    return this.db.client(shard).account.count({ where: { tenantUuid, authority: 'owner', status: { in: [...statuses] } } });
  }

  /** Names and emails of the given accounts of one company. */
  names(shard: TShard, tenantUuid: string, uuids: readonly string[]): Promise<Pick<Account, 'uuid' | 'familyName' | 'givenName' | 'email'>[]> {
    return this.db.client(shard).account.findMany({
      where: { tenantUuid, uuid: { in: [...uuids] } },
      select: { uuid: true, familyName: true, givenName: true, email: true },
    });
  }

  /** The email, a part of the name, or a product id exactly. */
  private where(search: AccountSearch): Prisma.AccountWhereInput {
    const q = search.q;
    const matching: Prisma.AccountWhereInput = {
      tenantUuid: search.tenantUuid,
      ...(q ? {
        OR: [
          { email: { contains: q, mode: 'insensitive' } }, { familyName: { contains: q, mode: 'insensitive' } },
          { givenName: { contains: q, mode: 'insensitive' } }, { products: { has: q.toLowerCase() } },
        ],
      } : {}),
    };
    return search.status ? { AND: [matching, { status: search.status }] } : matching;
  }
}
