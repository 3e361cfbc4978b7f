import { Inject, Injectable } from '@nestjs/common';
import {
  INTERNAL_ROUTES, ZRegion, ZTargetType, actorWords, areaOf, describeOperationDetail, isMessageKey, operationCategory, regionTimeZone, renderMessage, zonedDate, zonedTimestamp,
  type ApiReply, type ApiRequest, type TLanguage, type TPrincipal, type TRegion, type TShard,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { hostRegion } from '@portal/service-common/context';
import { csvField } from '@portal/service-common/csv';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { AuditLogRepository, type AuditRow, type PartnerScope } from './audit-log.repository.js';
import { decodeCursor, encodeCursor, rowActor } from './operation-log.repository.js';
import { actorText } from './operation-log.service.js';

/** Rows one CSV chunk carries (one NATS reply each; the gateway streams them as they come). */
export const AUDIT_EXPORT_CHUNK = 500;

/** Who may read what: every shard for an operator; a partner its staff's entries and its clients'. */
interface Reader { shards: readonly TShard[]; scope: PartnerScope | null; clientNames: Map<string, string> }

/**
 * Issue 25: the audit log of operators (every entry of every shard) and partners (their own
 * staff's actions, and their clients' log), filtered by actor, target, type and period, newest
 * first by keyset, and its CSV, a chunk per call (the gateway streams it; docs/decisions.md).
 */
@Injectable()
export class AuditLogService {
  constructor(
    @Inject(AuditLogRepository) private readonly entries: AuditLogRepository,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(principal: TPrincipal, query: ApiRequest<'auditLogList'>, language: TLanguage): Promise<ApiReply<'auditLogList'>> {
    const reader = await this.reader(principal);
    if (!reader) return { logs: [], next_cursor: null };
    const region = hostRegion();
    const timeZone = regionTimeZone(region);
    const rows = await this.entries.page(reader.shards, { ...query, timeZone }, reader.scope, query.cursor ? decodeCursor(query.cursor) : undefined, query.per_page + 1);
    const page = rows.slice(0, query.per_page);
    await this.nameClients(reader, page);
    const last = page[page.length - 1];
    return {
      logs: page.map((r) => {
        const actor = rowActor(r);
        const words = actorWords(actor, (key, params) => renderMessage(language, key, params));
        const target = ZTargetType.safeParse(r.targetType);
        return {
          id: r.id, occurred_at: r.occurredAt.toISOString(), operation: r.operation, category: operationCategory(r.operation), detail: r.detail as Record<string, unknown>,
          actor, actor_label: words.label, actor_person: words.person,
          target_type: target.success ? target.data : null, target_id: r.targetId,
          client_uuid: r.clientUuid, client_name: r.clientUuid ? reader.clientNames.get(r.clientUuid) ?? null : null, shard: r.shard,
        };
      }),
      next_cursor: rows.length > query.per_page && last ? encodeCursor(last) : null,
    };
  }

  /**
   * One chunk of the CSV (UTF-8 with BOM; the header in the first chunk), in the requester's
   * language, times in the host region's zone: AUDIT_EXPORT_CHUNK entries after `after`, and
   * where the next chunk starts (null: the last one).
   */
  async exportChunk(principal: TPrincipal, input: ApiRequest<'auditLogExport'>, language: TLanguage): Promise<ApiReply<'auditLogExport'>> {
    const region = hostRegion();
    const timeZone = regionTimeZone(region);
    const fileName = `audit_log_${zonedDate(this.clock.now(), timeZone).replace(/-/g, '')}.csv`;
    const m = (key: string, params?: Record<string, string>) => renderMessage(language, key, params);
    const header = input.after ? '' : `\uFEFF${[
      m('export.col_datetime', { zone: timeZone }), m('audit.col_actor'), m('audit.col_actor_kind'), m('export.col_category'), m('export.col_operation'),
      m('audit.col_target'), m('audit.col_client'), m('export.col_detail'),
    ].map(csvField).join(',')}\r\n`;
    const reader = await this.reader(principal);
    if (!reader) return { file_name: fileName, content: header, next: null };
    const rows = await this.entries.page(reader.shards, { ...input, timeZone }, reader.scope, input.after ? decodeCursor(input.after) : undefined, AUDIT_EXPORT_CHUNK);
    await this.nameClients(reader, rows);
    const lines = rows.map((r) => {
      const actor = rowActor(r);
      const category = operationCategory(r.operation);
      const target = ZTargetType.safeParse(r.targetType);
      return [
        zonedTimestamp(r.occurredAt, timeZone), actorText(actor, undefined, language), m(`actor_kind.${actor.kind}`),
        category ? m(`operation_category.${category}`) : '',
        isMessageKey(`operation.${r.operation}`) ? m(`operation.${r.operation}`) : r.operation,
        target.success ? `${m(`target_type.${target.data}`)} ${r.targetId ?? ''}`.trim() : '',
        r.clientUuid ? reader.clientNames.get(r.clientUuid) ?? r.clientUuid : '',
        describeOperationDetail(r.operation, r.detail as Record<string, unknown>, { language, timeZone, region, hide: actor.kind === 'support' ? ['actor'] : [] }).join('; '),
      ].map(csvField).join(',');
    });
    const last = rows[rows.length - 1];
    return { file_name: fileName, content: header + lines.map((l) => `${l}\r\n`).join(''), next: rows.length === AUDIT_EXPORT_CHUNK && last ? encodeCursor(last) : null };
  }

  /** The shards and scope the principal reads (null: nothing). */
  private async reader(principal: TPrincipal): Promise<Reader | null> {
    const area = areaOf(principal);
    if (area === 'operator' && !principal.proxy) return { shards: this.entries.shards(), scope: null, clientNames: new Map() };
    if (area !== 'partner' || !principal.partner_uuid) return null;
    const scope = await ask(this.transport, INTERNAL_ROUTES.partnerAuditScope, {});
    const clients = new Map<TShard, string[]>();
    for (const c of scope.clients) clients.set(c.region, [...(clients.get(c.region) ?? []), c.uuid]);
    const shards = this.entries.shards().filter((s) => s !== 'global');
    return {
      shards, scope: { partners: scope.partners.length ? scope.partners : [principal.partner_uuid], clients },
      clientNames: new Map(scope.clients.map((c) => [c.uuid, c.company_name])),
    };
  }

  /** Operators: the company names of the page's clients (licence's names; a partner's come with its scope). */
  private async nameClients(reader: Reader, rows: AuditRow[]): Promise<void> {
    if (reader.scope) return;
    const wanted = new Map<string, TRegion>();
    for (const r of rows) {
      const region = ZRegion.safeParse(r.shard);
      if (r.clientUuid && region.success && !reader.clientNames.has(r.clientUuid) && /^[0-9a-f-]{36}$/i.test(r.clientUuid)) wanted.set(r.clientUuid, region.data);
    }
    if (!wanted.size) return;
    const { clients } = await ask(this.transport, INTERNAL_ROUTES.clientNames, { clients: [...wanted].slice(0, 1000).map(([uuid, region]) => ({ uuid, region })) });
    for (const c of clients) reader.clientNames.set(c.uuid, c.company_name);
  }
}

