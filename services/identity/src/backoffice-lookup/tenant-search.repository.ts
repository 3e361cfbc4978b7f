import { Inject, Injectable } from '@nestjs/common';
import { REGIONS, SEARCH_TRIGRAM_MIN, type TRegion, type TSearchTerm, type TTenantMatches } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { Prisma } from '../generated/prisma/client.js';
import type { IdentityDb } from '../db.js';

/** `%`, `_` and `\` in a search are letters, not patterns. */
const likeContains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Issue 25 point 4: the tenants (client companies, or partners) whose accounts match a search term,
 * over every region's shard. An email contains the term; a person's name contains it in either
 * order, spaces left out ("山田太郎", "山田 太郎", "太郎 山田" and "Taro Yamada" alike). Every branch
 * has an index (migration 20261225100000_tenant_search: pg_trgm GIN on the email and on both name
 * concatenations; a term too short for a trigram matches a whole family or given name by btree).
 */
@Injectable()
export class TenantSearchRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  async matching(term: TSearchTerm, kind: 'client' | 'partner', partners: readonly string[] | null, limit: number): Promise<TTenantMatches> {
    const match = term.compact.length >= SEARCH_TRIGRAM_MIN
      ? Prisma.sql`(a.email ILIKE ${likeContains(term.text)}
          OR (a.family_name || a.given_name) ILIKE ${likeContains(term.compact)}
          OR (a.given_name || a.family_name) ILIKE ${likeContains(term.compact)})`
      : Prisma.sql`(lower(a.family_name) = ${term.compact.toLowerCase()} OR lower(a.given_name) = ${term.compact.toLowerCase()})`;
    // A partner's search is bounded to the clients of its partners (identity's copy of the agency);
    // licence applies the scope again to whatever comes back.
    const scope = partners === null ? Prisma.empty : Prisma.sql`AND EXISTS (SELECT 1 FROM tenants t WHERE t.uuid = a.tenant_uuid AND t.partner_uuid = ANY(${[...partners]}::uuid[]))`;
    const shards = await Promise.all(REGIONS.map(async (region) => {
      // The matches first (MATERIALIZED: the trigram or name indexes), then distinct companies: with
      // DISTINCT ... LIMIT in one query the planner walked (tenant_uuid, created_at) instead, 10x slower
      // at 100,000 clients (scripts/bench/client-search.ts).
      const rows = await this.db.client(region).$queryRaw<{ uuid: string }[]>`
        WITH m AS MATERIALIZED (SELECT a.tenant_uuid FROM accounts a WHERE a.kind = ${kind} AND a.tenant_uuid IS NOT NULL AND ${match} ${scope})
        SELECT DISTINCT tenant_uuid::text AS uuid FROM m LIMIT ${limit + 1}`;
      return rows.map((r) => ({ uuid: r.uuid, region: region as TRegion }));
    }));
    const all = shards.flat();
    return { tenants: all.slice(0, limit), truncated: all.length > limit };
  }
}
