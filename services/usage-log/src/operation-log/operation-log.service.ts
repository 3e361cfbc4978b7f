import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, EXPORT_MAX_ROWS, actorWords, type TOperationActor, INTERNAL_ROUTES, OPERATION_LOG_COUNT_MAX, describeOperationDetail, isMessageKey, operationCategory, regionTimeZone, renderMessage, zonedDate, zonedTimestamp,
  type ApiReply, type ApiRequest, type InternalReply, type TLanguage, type TPrincipal,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { hostRegion } from '@portal/service-common/context';
import { ServiceError } from '@portal/service-common/errors';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { decodeCursor, encodeCursor, OperationLogRepository, rowActor, type OperationLogFilter } from './operation-log.repository.js';
import { csvField } from '@portal/service-common/csv';

/** Rows an export reads at a time. */
const EXPORT_BATCH = 1000;

type AccountName = InternalReply<'accountNames'>['accounts'][number];

/** Who did it in a support login (the display name, for the page's earlier field), else null. */
function supportActor(actor: TOperationActor): string | null {
  return actor.kind === 'support' ? actor.name ?? '' : null;
}

/**
 * The actor in words for a CSV cell (proto's actorWords, the page's wording): an account by its
 * current name (a former account of the company when it has none any more), a support login with
 * the person behind it.
 */
export function actorText(actor: TOperationActor, accountName: string | undefined, language: TLanguage): string {
  if (actor.kind === 'account') return accountName ?? actor.name ?? renderMessage(language, 'actor.former_account');
  const words = actorWords(actor, (key, params) => renderMessage(language, key, params));
  return words.person ? `${words.label} ${words.person}` : words.label;
}

/** The operation log (spec §2 /log/list, §7 POST /export): the principal's company only, newest first. */
@Injectable()
export class OperationLogService {
  constructor(
    @Inject(OperationLogRepository) private readonly entries: OperationLogRepository,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The list's dates are days in the time zone of the host's region, from the request context
   * (never the client's say). Pages go by keyset: the SPA sends the previous page's `next_cursor`;
   * without one, `page` skips (the first pages, or a jump). The total is counted up to
   * OPERATION_LOG_COUNT_MAX: at 1,000,000 entries an exact count alone takes longer than a page should.
   */
  async list(principal: TPrincipal, query: ApiRequest<'operationLog'>): Promise<ApiReply<'operationLog'>> {
    if (!principal.client_uuid) return { logs: [], total: 0, accounts: [], next_cursor: null, total_capped: false };
    const shard = principal.home_shard;
    const filter = { ...query, timeZone: regionTimeZone(hostRegion()) };
    const position = query.cursor ? { after: decodeCursor(query.cursor), skip: 0 } : { skip: (query.page - 1) * query.per_page };
    // The names are asked while the page is read.
    const [{ rows, total, more }, accounts] = await Promise.all([
      this.entries.page(shard, principal.client_uuid, filter, position, query.per_page, OPERATION_LOG_COUNT_MAX),
      this.entries.accountUuids(shard, principal.client_uuid, 1000).then((uuids) => this.names(uuids)),
    ]);
    const last = rows[rows.length - 1];
    return {
      logs: rows.map((r) => {
        const detail = r.detail as Record<string, unknown>;
        const actor = rowActor(r);
        return {
          id: r.id, occurred_at: r.occurredAt.toISOString(), account_uuid: r.accountUuid,
          category: operationCategory(r.operation), operation: r.operation, detail, support_actor: supportActor(actor), actor,
        };
      }),
      total: Math.min(total, OPERATION_LOG_COUNT_MAX),
      total_capped: total > OPERATION_LOG_COUNT_MAX,
      next_cursor: more && last ? encodeCursor(last) : null,
      accounts,
    };
  }

  /**
   * The filtered log as CSV (UTF-8 with BOM, so that spreadsheet software opens Japanese text
   * correctly), in the requester's language: the same words as the page (operation, category and
   * detail), times in the host region's time zone (named in the header). Read in keyset batches
   * of EXPORT_BATCH rows, each rendered before the next is read (never the whole log at once);
   * a row beyond EXPORT_MAX_ROWS is enough to know the export is too large.
   */
  async exportCsv(principal: TPrincipal, input: ApiRequest<'exportCsv'>, language: TLanguage): Promise<ApiReply<'exportCsv'>> {
    if (!principal.client_uuid) return { file_name: 'operation_log.csv', content_type: 'text/csv; charset=utf-8', content: '\uFEFF', rows: 0 };
    const region = hostRegion();
    const timeZone = regionTimeZone(region);
    const filter: OperationLogFilter = { ...input, timeZone };
    const m = (key: string) => renderMessage(language, key);
    const header = [renderMessage(language, 'export.col_datetime', { zone: timeZone }), m('export.col_account'), m('export.col_email'), m('export.col_category'), m('export.col_operation'), m('export.col_detail')];
    const chunks = [`\uFEFF${header.map(csvField).join(',')}\r\n`];
    const names = new Map<string, AccountName>();
    let count = 0;
    for await (const rows of this.entries.batches(principal.home_shard, principal.client_uuid, filter, EXPORT_BATCH, EXPORT_MAX_ROWS + 1)) {
      count += rows.length;
      if (count > EXPORT_MAX_ROWS) throw new ServiceError(AccessCode.FORM_ERROR, 'export.too_many', { max: EXPORT_MAX_ROWS.toLocaleString('en-US') });
      const unknown = [...new Set(rows.flatMap((r) => (r.actorKind === 'account' && r.accountUuid && !names.has(r.accountUuid) ? [r.accountUuid] : [])))];
      for (const a of await this.names(unknown)) names.set(a.uuid, a);
      const lines: string[] = [];
      for (const r of rows) {
        const detail = r.detail as Record<string, unknown>;
        const actor = rowActor(r);
        const who = actor.kind === 'account' && r.accountUuid ? names.get(r.accountUuid) : undefined;
        const label = isMessageKey(`operation.${r.operation}`) ? renderMessage(language, `operation.${r.operation}`) : r.operation;
        const category = operationCategory(r.operation);
        lines.push([
          zonedTimestamp(r.occurredAt, timeZone),
          actorText(actor, who?.name, language),
          who?.email ?? '',
          category ? m(`operation_category.${category}`) : '',
          label, describeOperationDetail(r.operation, detail, { language, timeZone, region, hide: actor.kind === 'support' ? ['actor'] : [] }).join('; '),
        ].map(csvField).join(','));
      }
      chunks.push(`${lines.join('\r\n')}\r\n`);
    }
    const stamp = zonedDate(this.clock.now(), timeZone).replace(/-/g, '');
    return { file_name: `operation_log_${stamp}.csv`, content_type: 'text/csv; charset=utf-8', content: chunks.join(''), rows: count };
  }

  private async names(uuids: string[]): Promise<AccountName[]> {
    if (!uuids.length) return [];
    return (await ask(this.transport, INTERNAL_ROUTES.accountNames, { uuids })).accounts;
  }
}
