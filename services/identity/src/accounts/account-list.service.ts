import { Inject, Injectable } from '@nestjs/common';
import type { TPrincipal } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { displayName, type IdentityDb } from '../db.js';

export interface UserListQuery { page: number; per_page: number; q?: string; sort: 'name' | 'email' | 'authority' | 'status' | 'created_at'; order: 'asc' | 'desc' }

const SORT = { name: 'familyName', email: 'email', authority: 'authority', status: 'status', created_at: 'createdAt' } as const;

/** The user list (spec §2 /user/list): the principal's company only. */
@Injectable()
export class AccountListService {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  async list(principal: TPrincipal, query: UserListQuery) {
    if (!principal.client_uuid) return { users: [], total: 0 };
    const where = {
      tenantUuid: principal.client_uuid,
      ...(query.q ? { OR: [{ email: { contains: query.q, mode: 'insensitive' as const } }, { familyName: { contains: query.q, mode: 'insensitive' as const } }, { givenName: { contains: query.q, mode: 'insensitive' as const } }] } : {}),
    };
    const client = this.db.client(principal.home_shard);
    const [rows, total] = await Promise.all([
      client.account.findMany({ where, orderBy: [{ [SORT[query.sort]]: query.order }, { uuid: 'asc' }], skip: (query.page - 1) * query.per_page, take: query.per_page }),
      client.account.count({ where }),
    ]);
    return {
      users: rows.map((a) => ({ uuid: a.uuid, name: displayName(a), email: a.email, authority: a.authority, services: a.products, status: a.status })),
      total,
    };
  }

  /** Names and emails of the given accounts, limited to the principal's company (for the operation log). */
  async names(principal: TPrincipal, uuids: string[]) {
    if (!principal.client_uuid || !uuids.length) return { accounts: [] };
    const rows = await this.db.client(principal.home_shard).account.findMany({
      where: { tenantUuid: principal.client_uuid, uuid: { in: uuids } },
      select: { uuid: true, familyName: true, givenName: true, email: true },
    });
    return { accounts: rows.map((a) => ({ uuid: a.uuid, name: displayName(a), email: a.email })) };
  }
}
