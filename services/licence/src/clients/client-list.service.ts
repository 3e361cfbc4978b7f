import { Inject, Injectable } from '@nestjs/common';
import {
  CLIENT_LIST_MAX_DEPTH, INTERNAL_ROUTES, REGIONS, ZClientStatus, ZContractType, ZLicenceType, ZRegion, areaOf,
  type TClientList, type TClientListQuery, type TPrincipal, type TRegion,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { ServiceError } from '@portal/service-common/errors';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { ClientListRepository, type ClientListRow } from './client-list.repository.js';

type ShardRow = ClientListRow & { shard: TRegion };

/** UTF-8 byte order: what `COLLATE "C"` sorts by. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/**
 * GET /v1/client/list (spec §7): a partner sees the clients whose agency it is, an operator every
 * client. Clients live in their region's shard and a partner's clients may sit in any region, so
 * every region is asked for its first rows in the page's order and the rows are merged (DESIGN §5).
 * Whether the caller could support-login into each client is identity's answer, by the rules of
 * POST /v1/proxy_login/issue.
 */
@Injectable()
export class ClientListService {
  constructor(
    @Inject(ClientListRepository) private readonly clients: ClientListRepository,
    @Inject(TRANSPORT) private readonly transport: Transport,
  ) {}

  async list(principal: TPrincipal, query: TClientListQuery): Promise<TClientList> {
    const area = areaOf(principal);
    // Tenancy from the principal only: a client (or a support session) has no clients to list.
    if (area === 'client' || (area === 'partner' && !principal.partner_uuid)) return { clients: [], total: 0 };
    const depth = query.page * query.per_page;
    if (depth > CLIENT_LIST_MAX_DEPTH) {
      throw ServiceError.form({ page: [{ key: 'client_list.too_deep', params: { max: CLIENT_LIST_MAX_DEPTH.toLocaleString('en-US') } }] });
    }
    const filter = { partnerUuid: area === 'partner' ? principal.partner_uuid : null, q: query.q || undefined };
    const shards = await Promise.all(REGIONS.map(async (shard) => {
      const { rows, total } = await this.clients.firstRows(shard, filter, query.sort, query.order, depth);
      return { rows: rows.map((r): ShardRow => ({ ...r, shard })), total };
    }));
    const direction = query.order === 'asc' ? 1 : -1;
    const key = (r: ShardRow) => (query.sort === 'created_at' ? null : r[query.sort]);
    const page = shards.flatMap((s) => s.rows)
      .sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        const primary = ka === null || kb === null ? a.created_at.getTime() - b.created_at.getTime() : byBytes(ka, kb);
        return direction * (primary || byBytes(a.uuid, b.uuid));
      })
      .slice(depth - query.per_page, depth);
    const eligibility = page.length
      ? await ask(this.transport, INTERNAL_ROUTES.proxyEligibility, { clients: page.map((r) => ({ uuid: r.uuid, region: r.shard })) })
      : { clients: [] };
    const verdicts = new Map(eligibility.clients.map((e) => [`${e.region}/${e.uuid}`, e]));
    return {
      total: shards.reduce((sum, s) => sum + s.total, 0),
      clients: page.map((r) => {
        const verdict = verdicts.get(`${r.shard}/${r.uuid}`);
        return {
          uuid: r.uuid,
          company_name: r.company_name,
          region: ZRegion.catch(r.shard).parse(r.region),
          contract_type: ZContractType.catch('none').parse(r.contract_type),
          licence_type: ZLicenceType.nullable().catch(null).parse(r.licence_type),
          status: ZClientStatus.catch('inactive').parse(r.status),
          created_at: r.created_at.toISOString(),
          support_login: verdict ? { possible: verdict.possible, reason: verdict.reason } : { possible: false, reason: 'cannot' },
        };
      }),
    };
  }
}
