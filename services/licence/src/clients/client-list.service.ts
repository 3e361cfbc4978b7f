import { Inject, Injectable } from '@nestjs/common';
import {
  CLIENT_CSV_COLUMNS, CLIENT_CSV_MAX_ROWS, REGION_COUNTRY, CLIENT_LIST_MAX_DEPTH, INTERNAL_ROUTES, REGIONS, SEARCH_MATCH_LIMIT, ZClientStatus, ZContractType, ZLicenceType, ZRegion,
  areaOf, clientScope, renderMessage, regionTimeZone, searchTerm, zonedDate,
  type TBackofficeClientCsvQuery, type TBackofficeClientList, type TBackofficeClientQuery, type TClientCsvFile, type TClientList, type TClientListQuery,
  type TClientRef, type TClientScope, type TClientSelection, type TLanguage, type TPrincipal, type TRegion,
} from '@portal/proto';
import { csvDocument } from '@portal/service-common/csv';
import { ask } from '@portal/service-common/ask';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { hostRegion } from '@portal/service-common/context';
import { ServiceError } from '@portal/service-common/errors';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { ClientCreateRepository } from './client-create.repository.js';
import { ClientsRepository, type ClientFilters, type ClientRow } from './clients.repository.js';

type ShardRow = ClientRow & { shard: TRegion };

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
    @Inject(ClientsRepository) private readonly clients: ClientsRepository,
    @Inject(ClientCreateRepository) private readonly partners: ClientCreateRepository,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(principal: TPrincipal, query: TClientListQuery): Promise<TClientList> {
    const { page, total } = await this.merged(principal, query, { q: query.q || undefined }, query.page, query.per_page);
    const verdicts = await this.eligibility(page);
    return { total, clients: page.map((r) => ({ ...rowView(r), support_login: verdicts(r) })) };
  }

  /**
   * Issue 14, slice A: the operator's and partner's list with its filters. A primary partner's
   * sub-partners' clients are marked read-only; each row names its agency.
   */
  async backoffice(principal: TPrincipal, query: TBackofficeClientQuery): Promise<TBackofficeClientList> {
    const { page, total, exact, truncated } = await this.merged(principal, query, filtersOf(query), query.page, query.per_page, query.region);
    const [verdicts, names] = await Promise.all([this.eligibility(page), this.partnerNames(page)]);
    return {
      total, search_truncated: truncated,
      // A UUID or an invoice number names one client: the SPA opens it (only when the caller may see it).
      exact: exact && page.length === 1 && page[0]!.uuid === exact.uuid ? { region: page[0]!.shard, uuid: exact.uuid } : null,
      clients: page.map((r) => ({
        ...rowView(r), support_login: verdicts(r), partner_name: r.partner_uuid ? (names.get(r.partner_uuid) ?? null) : null,
        read_only: readOnly(principal, r),
      })),
    };
  }

  /** The CSV of the filtered list (every matching row up to CLIENT_CSV_MAX_ROWS), in the list's order. */
  async csv(principal: TPrincipal, query: TBackofficeClientCsvQuery, language: TLanguage): Promise<TClientCsvFile> {
    const { page } = await this.merged(principal, query, filtersOf(query), 1, CLIENT_CSV_MAX_ROWS, query.region);
    return this.csvFile(page, language);
  }

  /**
   * Issue 25 point 5: the CSV of a selection (the list's bulk export): the same columns and labels
   * as the list's CSV; clients outside the caller's scope are left out.
   */
  async selectionCsv(principal: TPrincipal, input: TClientSelection & Pick<TBackofficeClientCsvQuery, 'sort' | 'order'>, language: TLanguage): Promise<TClientCsvFile> {
    const { page } = await this.merged(principal, input, {}, 1, input.clients.length, undefined, bySelection(input.clients));
    return this.csvFile(page, language);
  }

  /** Issue 25: the selection's rows in the caller's scope (a bulk action's look-up), each with its shard. */
  async selected(scope: TClientScope, clients: readonly TClientRef[]): Promise<ShardRow[]> {
    const perShard = bySelection(clients);
    const shards = await Promise.all([...perShard.entries()].map(async ([shard, uuids]) => {
      const { rows } = await this.clients.inScope(this.clients.reader(shard), scope, { uuids }, { sort: 'created_at', order: 'desc', take: uuids.length });
      return rows.map((r): ShardRow => ({ ...r, shard }));
    }));
    return shards.flat();
  }

  private async csvFile(page: ShardRow[], language: TLanguage): Promise<TClientCsvFile> {
    const names = await this.partnerNames(page);
    const label = (key: string) => renderMessage(language, key);
    const countries = new Intl.DisplayNames([language], { type: 'region' });
    const regionName = (region: string) => {
      const country = REGION_COUNTRY[ZRegion.catch('other').parse(region)];
      return country ? (countries.of(country) ?? country) : label('client_csv.region_other');
    };
    const rows = page.map((r) => [
      r.uuid, r.company_name, regionName(r.region), label(`contract.${r.contract_type}`), label(`licence_type.${r.licence_type}`),
      label(`client_status.${r.status}`), r.partner_uuid ? (names.get(r.partner_uuid) ?? '') : '', r.created_at.toISOString(),
    ]);
    const header = CLIENT_CSV_COLUMNS.map((c) => label(`client_csv.${c}`));
    return {
      file_name: `clients_${zonedDate(this.clock.now(), regionTimeZone(hostRegion())).replace(/-/g, '')}.csv`, content_type: 'text/csv; charset=utf-8',
      content: csvDocument(header, rows), rows: rows.length,
    };
  }

  /**
   * The rows of one page over every region's shard (or one region's): each shard answers its first
   * `page × per_page` rows in the page's order (ClientsRepository.inScope applies the scope), and
   * the rows are merged in the same order.
   */
  private async merged(
    principal: TPrincipal, query: Pick<TClientListQuery, 'sort' | 'order'>, filters: ClientFilters, pageNo: number, perPage: number, region?: TRegion,
    selection?: Map<TRegion, string[]>,
  ) {
    // Tenancy from the principal only (the scope rule): a client (or a support session) has no clients to list.
    const scope = clientScope(principal);
    if (!scope) return { page: [] as ShardRow[], total: 0, exact: null, truncated: false };
    const depth = pageNo * perPage;
    if (depth > Math.max(CLIENT_LIST_MAX_DEPTH, CLIENT_CSV_MAX_ROWS)) {
      throw ServiceError.form({ page: [{ key: 'client_list.too_deep', params: { max: CLIENT_LIST_MAX_DEPTH.toLocaleString('en-US') } }] });
    }
    const search = await this.search(scope, filters.q);
    const regions = (region ? [region] : REGIONS).filter((r) => (!search.only?.region || search.only.region === r) && (!selection || selection.has(r)));
    const shards = await Promise.all(regions.map(async (shard) => {
      const shardFilters: ClientFilters = {
        ...filters, ...search.filters, alsoMatched: search.matched.get(shard), ...(selection ? { uuids: selection.get(shard) } : {}),
      };
      const { rows, total } = await this.clients.inScope(this.clients.reader(shard), scope, shardFilters, { sort: query.sort, order: query.order, take: depth });
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
      .slice(depth - perPage, depth);
    return { page, total: shards.reduce((sum, s) => sum + s.total, 0), exact: search.only, truncated: search.truncated };
  }

  /**
   * Issue 25 point 4: what a search term selects (docs/decisions.md "One search"). A UUID names one
   * client; an invoice number its client (billing's answer). Any other term is part of the company
   * name (here), or of an account's email or person name (identity's answer: the clients of the
   * caller's partners, at most SEARCH_MATCH_LIMIT); either matches. Every answer meets the scope
   * again in ClientsRepository.inScope, so another partner's client never comes back.
   */
  private async search(scope: TClientScope, q: string | undefined): Promise<{
    filters: ClientFilters; matched: Map<string, string[]>; only: { region: TRegion | null; uuid: string } | null; truncated: boolean;
  }> {
    const none = { filters: {}, matched: new Map<string, string[]>(), only: null, truncated: false };
    if (!q) return none;
    const term = searchTerm(q);
    if (term.uuid) return { ...none, filters: { q: undefined, uuid: term.uuid }, only: { region: null, uuid: term.uuid } };
    if (term.invoice) {
      const { client } = await ask(this.transport, INTERNAL_ROUTES.invoiceClient, { number: term.invoice.number });
      if (client) return { ...none, filters: { q: undefined, uuid: client.uuid }, only: client };
    }
    const partners = 'all' in scope ? null : [scope.partner, ...(scope.includeSubPartners ? await this.clients.subPartners(scope.partner) : [])];
    const found = await ask(this.transport, INTERNAL_ROUTES.tenantSearch, { term: term.text, kind: 'client', partners, limit: SEARCH_MATCH_LIMIT });
    const matched = new Map<string, string[]>();
    for (const t of found.tenants) matched.set(t.region, [...(matched.get(t.region) ?? []), t.uuid]);
    return { ...none, matched, truncated: found.truncated };
  }

  /** Whether the caller could support-login into each row (identity's answer). */
  private async eligibility(page: ShardRow[]) {
    const eligibility = page.length
      ? await ask(this.transport, INTERNAL_ROUTES.proxyEligibility, { clients: page.map((r) => ({ uuid: r.uuid, region: r.shard })) })
      : { clients: [] };
    const verdicts = new Map(eligibility.clients.map((e) => [`${e.region}/${e.uuid}`, e]));
    return (r: ShardRow) => {
      const verdict = verdicts.get(`${r.shard}/${r.uuid}`);
      return verdict ? { possible: verdict.possible, reason: verdict.reason } : { possible: false, reason: 'cannot' as const };
    };
  }

  private partnerNames(page: ShardRow[]) {
    return this.partners.partnerNames(page.flatMap((r) => (r.partner_uuid ? [r.partner_uuid] : [])));
  }
}

/** A selection's clients by their shard. */
function bySelection(clients: readonly TClientRef[]): Map<TRegion, string[]> {
  const out = new Map<TRegion, string[]>();
  for (const c of clients) out.set(c.region, [...new Set([...(out.get(c.region) ?? []), c.uuid.toLowerCase()])]);
  return out;
}

function filtersOf(query: TBackofficeClientCsvQuery): ClientFilters {
  return {
    q: query.q || undefined, status: query.status, licenceType: query.licence_type, contractType: query.contract_type,
    product: query.product, plan: query.plan,
  };
}

/** A primary partner sees its sub-partners' clients read-only. */
export function readOnly(principal: TPrincipal, row: { partner_uuid: string | null }): boolean {
  return areaOf(principal) === 'partner' && row.partner_uuid !== principal.partner_uuid;
}

function rowView(r: ShardRow) {
  return {
    uuid: r.uuid,
    company_name: r.company_name,
    region: ZRegion.catch(r.shard).parse(r.region),
    contract_type: ZContractType.catch('none').parse(r.contract_type),
    licence_type: ZLicenceType.nullable().catch(null).parse(r.licence_type),
    status: ZClientStatus.catch('inactive').parse(r.status),
    created_at: r.created_at.toISOString(),
  };
}
