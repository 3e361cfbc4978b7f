import { Inject, Injectable } from '@nestjs/common';
import type { TShard, TUserListQuery } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { Prisma } from '../generated/prisma/client.js';
import type { Account, IdentityDb } from '../db.js';
import { liveTokenSql } from '../tokens/one-time-token.repository.js';

type Order = 'asc' | 'desc';
export interface AccountSearch { tenantUuid: string; q?: string; status?: string }
/** The order of a page: by column(s) (the name in the region's order), or by authority strength. */
export type AccountSort = { by: 'columns'; sort: Exclude<TUserListQuery['sort'], 'authority'>; nameFields: readonly ('familyName' | 'givenName')[] } | { by: 'authority'; groups: readonly (string | null)[] };

/** What a row of the list shows: the account as stored, with its status as of now. */
export type ListedAccount = Pick<Account, 'uuid' | 'email' | 'familyName' | 'givenName' | 'authority' | 'products' | 'status' | 'pendingEmail' | 'language' | 'supportCreatedBy' | 'supportChangedBy'>
  & { supportChangedAt: string | null };

export interface ListPage {
  rows: ListedAccount[];
  /** Accounts of the search by status as of now (the status filter does not apply). */
  byStatus: Map<string, number>;
  /** The company's owners in one of the statuses asked for (the last-owner rule of each row). */
  owners: number;
}

const NAME_COLUMN = { familyName: 'family_name', givenName: 'given_name' } as const;
const dir = (order: Order) => (order === 'asc' ? Prisma.sql`ASC` : Prisma.sql`DESC`);

/** `%`, `_` and `\` in a search are letters, not patterns. */
const likeContains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An `invited` account with no live invitation link (`a` is the accounts alias): it reads `expired`. */
const lapsedInvitation = (now: Date) => Prisma.sql`a.status = 'invited' AND NOT EXISTS (
    SELECT 1 FROM one_time_tokens t WHERE t.account_uuid = a.uuid AND t.purpose = 'invitation' AND ${liveTokenSql(now)})`;

/**
 * The status as of `now` (spec §4): an invitation with no live link reads `expired`, whether or
 * not the sweep (InvitationExpiryJob) has written it yet. Reads never write it themselves.
 * `a` is the accounts alias.
 */
export const statusNowSql = (now: Date) => Prisma.sql`CASE WHEN ${lapsedInvitation(now)} THEN 'expired' ELSE a.status END`;

/**
 * The counts by status as of now, from counts by stored status (an index-only scan of
 * (tenant_uuid, status) where the table is vacuumed, and the invitation check for invited rows
 * only): lapsed invitations move from `invited` to `expired`.
 */
function countsNow(groups: readonly { status: string; n: number; lapsed: number }[]): Map<string, number> {
  const out = new Map<string, number>();
  const add = (status: string, n: number) => { if (n) out.set(status, (out.get(status) ?? 0) + n); };
  for (const g of groups) {
    add(g.status, g.n - g.lapsed);
    add('expired', g.lapsed);
  }
  return out;
}

/**
 * The user list's reads (spec §2 /user/list): one company of one shard, in one statement (one
 * round trip): the page, the counts by status and the owner count. Sorts and searches have indexes
 * (migration 20261125140000_list_indexes: (tenant_uuid, column, uuid) per sort, pg_trgm GIN for
 * the name and email search).
 */
@Injectable()
export class AccountListRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  async page(shard: TShard, search: AccountSearch, sort: AccountSort, order: Order, skip: number, take: number, owners: readonly string[], now: Date): Promise<ListPage> {
    const matching = this.where(search);
    const statusNow = statusNowSql(now);
    const statusFilter = search.status ? Prisma.sql`AND (${statusNow}) = ${search.status}` : Prisma.empty;
    const orderBy = this.orderBy(sort, order, now);
    // A named prepared statement per shape (ServiceDb.prepared): PostgreSQL planned this statement
    // on every call (1.4 ms of its CPU, more than running it) when Prisma sent it unnamed.
    const [result] = await this.db.prepared<{ rows: ListedAccount[] | null; counts: { status: string; n: number; lapsed: number }[] | null; owners: number }>(shard, 'user_list', Prisma.sql`
      SELECT
        (SELECT json_agg(p ORDER BY p.n) FROM (
           SELECT row_number() OVER (ORDER BY ${orderBy}) AS n, a.uuid, a.email, a.family_name AS "familyName", a.given_name AS "givenName", a.authority, a.products,
                  ${statusNow} AS status, a.pending_email AS "pendingEmail", a.language,
                  a.support_created_by AS "supportCreatedBy", a.support_changed_by AS "supportChangedBy", a.support_changed_at AS "supportChangedAt"
             FROM accounts a WHERE ${matching} ${statusFilter}
            ORDER BY ${orderBy} OFFSET ${skip} LIMIT ${take}) p) AS rows,
        (SELECT json_agg(s) FROM (${this.counts(search, matching, now)}) s) AS counts,
        (SELECT count(*)::int FROM accounts a
          WHERE a.tenant_uuid = ${search.tenantUuid}::uuid AND a.authority = 'owner' AND a.status = ANY(${[...owners]}::text[])) AS owners`);
    return {
      rows: (result?.rows ?? []).map(({ n: _, ...r }: ListedAccount & { n?: number }) => r),
      byStatus: countsNow(result?.counts ?? []),
      owners: result?.owners ?? 0,
    };
  }

  /**
   * The counts by stored status, with the lapsed invitations among them. Without a search, from
   * the company's row per status in `account_status_counts` (kept by triggers on `accounts` in the
   * same transaction as each change, migration 20261126090000_account_status_counts) and the
   * invited accounts only: counting the company's 1,000 accounts was most of PostgreSQL's time
   * per list request. A search counts its matches.
   */
  private counts(search: AccountSearch, matching: Prisma.Sql, now: Date): Prisma.Sql {
    if (search.q) {
      return Prisma.sql`SELECT a.status, count(*)::int AS n, count(*) FILTER (WHERE ${lapsedInvitation(now)})::int AS lapsed
             FROM accounts a WHERE ${matching} GROUP BY a.status`;
    }
    return Prisma.sql`SELECT c.status, c.n, CASE WHEN c.status = 'invited' THEN (
               SELECT count(*)::int FROM accounts a WHERE a.tenant_uuid = ${search.tenantUuid}::uuid AND ${lapsedInvitation(now)}) ELSE 0 END AS lapsed
             FROM account_status_counts c WHERE c.tenant_uuid = ${search.tenantUuid}::uuid AND c.n <> 0`;
  }

  /** Issue 25: names and emails of the given operator accounts (global shard), for an operator's screens. */
  operatorNames(uuids: readonly string[]): Promise<Pick<Account, 'uuid' | 'familyName' | 'givenName' | 'email'>[]> {
    return this.db.client('global').account.findMany({
      where: { kind: 'operator', uuid: { in: [...uuids] } },
      select: { uuid: true, familyName: true, givenName: true, email: true },
    });
  }

  /** Names and emails of the given accounts of one company. */
  names(shard: TShard, tenantUuid: string, uuids: readonly string[]): Promise<Pick<Account, 'uuid' | 'familyName' | 'givenName' | 'email'>[]> {
    return this.db.client(shard).account.findMany({
      where: { tenantUuid, uuid: { in: [...uuids] } },
      select: { uuid: true, familyName: true, givenName: true, email: true },
    });
  }

  /** Authority sorts by strength, not by the words: its groups in turn, each by creation. */
  private orderBy(sort: AccountSort, order: Order, now: Date): Prisma.Sql {
    if (sort.by === 'authority') {
      const rank = Prisma.join(sort.groups.map((g, i) => (g === null ? Prisma.sql`WHEN a.authority IS NULL THEN ${i}::int` : Prisma.sql`WHEN a.authority = ${g} THEN ${i}::int`)), ' ');
      return Prisma.sql`CASE ${rank} ELSE ${sort.groups.length}::int END ${dir(order)}, a.created_at ASC, a.uuid ASC`;
    }
    const d = dir(order);
    switch (sort.sort) {
      case 'id': return Prisma.sql`a.uuid ${d}`;
      case 'name': return Prisma.sql`${Prisma.join(sort.nameFields.map((f) => Prisma.sql`${Prisma.raw(`a.${NAME_COLUMN[f]}`)} ${d}`), ', ')}, a.uuid ASC`;
      case 'email': return Prisma.sql`a.email ${d}, a.uuid ASC`;
      case 'status': return Prisma.sql`(${statusNowSql(now)}) ${d}, a.uuid ASC`;
      case 'created_at': return Prisma.sql`a.created_at ${d}, a.uuid ASC`;
      default: return sort.sort satisfies never;
    }
  }

  /** The email, a part of the name, or a product id exactly. */
  private where(search: AccountSearch): Prisma.Sql {
    const tenant = Prisma.sql`a.tenant_uuid = ${search.tenantUuid}::uuid`;
    const q = search.q;
    if (!q) return tenant;
    const like = likeContains(q);
    return Prisma.sql`${tenant} AND (a.email ILIKE ${like} OR a.family_name ILIKE ${like} OR a.given_name ILIKE ${like} OR a.products @> ARRAY[${q.toLowerCase()}]::text[])`;
  }
}
