import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, EXPORT_MAX_ROWS, Subjects, isMessageKey, operationCategory, operationsOf, renderMessage, type TLanguage, type TOperationCategory, type TPrincipal,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { ServiceError } from '@portal/service-common/errors';
import { SERVICE_DB, type ServiceDb } from '@portal/service-common/service-db';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import type { PrismaClient } from '../generated/prisma/client.js';

export interface OperationLogFilter { from?: string; to?: string; account_uuid?: string; category?: TOperationCategory; operation?: string }
export interface OperationLogQuery extends OperationLogFilter { page: number; per_page: number }
interface AccountName { uuid: string; name: string; email: string }

/** Who did it in a support login (the producer records it from the principal; audit.ts), else null. */
function supportActor(accountUuid: string | null, detail: Record<string, unknown>): string | null {
  const name = typeof detail.actor === 'string' ? detail.actor : '';
  if (detail.support === true) return name;
  // The support login itself (proxy_login) is recorded without an account, with the actor's name.
  return accountUuid === null && name ? name : null;
}

/** Business dates are Asia/Tokyo (DESIGN §5): a day runs from 00:00 JST (15:00 UTC the day before). */
const jstStart = (date: string) => new Date(`${date}T00:00:00+09:00`);
const JST = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', dateStyle: 'short', timeStyle: 'medium' });

/** A CSV field: quoted when needed; a leading = + - @ is neutralised (spreadsheet formula injection). */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The operation log (spec §2 /log/list, §7 POST /export): the principal's company only, newest first. */
@Injectable()
export class OperationLogService {
  constructor(
    @Inject(SERVICE_DB) private readonly db: ServiceDb<PrismaClient>,
    @Inject(TRANSPORT) private readonly transport: Transport,
  ) {}

  async list(principal: TPrincipal, query: OperationLogQuery) {
    if (!principal.client_uuid) return { logs: [], total: 0, accounts: [] };
    const where = this.where(principal.client_uuid, query);
    const client = this.db.client(principal.home_shard);
    const [rows, total, actors] = await Promise.all([
      client.operationLog.findMany({ where, orderBy: [{ occurredAt: 'desc' }, { id: 'asc' }], skip: (query.page - 1) * query.per_page, take: query.per_page }),
      client.operationLog.count({ where }),
      client.operationLog.findMany({ where: { clientUuid: principal.client_uuid, accountUuid: { not: null } }, distinct: ['accountUuid'], select: { accountUuid: true }, take: 1000 }),
    ]);
    return {
      logs: rows.map((r) => {
        const detail = r.detail as Record<string, unknown>;
        return {
          id: r.id, occurred_at: r.occurredAt.toISOString(), account_uuid: r.accountUuid,
          category: operationCategory(r.operation), operation: r.operation, detail, support_actor: supportActor(r.accountUuid, detail),
        };
      }),
      total,
      accounts: await this.names(actors.map((a) => a.accountUuid!)),
    };
  }

  /** The filtered log as CSV (UTF-8 with BOM, so that spreadsheet software opens Japanese text correctly). */
  async exportCsv(principal: TPrincipal, filter: OperationLogFilter, language: TLanguage) {
    if (!principal.client_uuid) return { file_name: 'operation_log.csv', content_type: 'text/csv; charset=utf-8', content: '\uFEFF', rows: 0 };
    const where = this.where(principal.client_uuid, filter);
    const client = this.db.client(principal.home_shard);
    // One read: a row beyond the limit is enough to know the export is too large.
    const rows = await client.operationLog.findMany({ where, orderBy: [{ occurredAt: 'desc' }, { id: 'asc' }], take: EXPORT_MAX_ROWS + 1 });
    if (rows.length > EXPORT_MAX_ROWS) throw new ServiceError(AccessCode.FORM_ERROR, 'export.too_many', { max: EXPORT_MAX_ROWS.toLocaleString('en-US') });
    const names = new Map((await this.names([...new Set(rows.flatMap((r) => (r.accountUuid ? [r.accountUuid] : [])))])).map((a) => [a.uuid, a]));
    const m = (key: string) => renderMessage(language, key);
    const lines = [[m('export.col_datetime'), m('export.col_account'), m('export.col_email'), m('export.col_category'), m('export.col_operation'), m('export.col_detail')]];
    for (const r of rows) {
      const detail = r.detail as Record<string, unknown>;
      const actor = supportActor(r.accountUuid, detail);
      const who = actor === null && r.accountUuid ? names.get(r.accountUuid) : undefined;
      const label = isMessageKey(`operation.${r.operation}`) ? renderMessage(language, `operation.${r.operation}`) : r.operation;
      const category = operationCategory(r.operation);
      lines.push([
        JST.format(r.occurredAt),
        actor !== null ? renderMessage(language, 'export.support_actor', { name: actor || m('export.support') }) : who?.name ?? (r.accountUuid ?? m('export.support')),
        who?.email ?? '',
        category ? m(`operation_category.${category}`) : '',
        label, JSON.stringify(detail),
      ]);
    }
    const stamp = JST.format(new Date()).slice(0, 10).replace(/-/g, '');
    return {
      file_name: `operation_log_${stamp}.csv`,
      content_type: 'text/csv; charset=utf-8',
      content: `\uFEFF${lines.map((l) => l.map(csvField).join(',')).join('\r\n')}\r\n`,
      rows: rows.length,
    };
  }

  private where(clientUuid: string, filter: OperationLogFilter) {
    const occurredAt = {
      ...(filter.from ? { gte: jstStart(filter.from) } : {}),
      ...(filter.to ? { lt: new Date(jstStart(filter.to).getTime() + 86_400_000) } : {}),
    };
    return {
      clientUuid,
      ...(filter.from || filter.to ? { occurredAt } : {}),
      ...(filter.account_uuid ? { accountUuid: filter.account_uuid } : {}),
      ...(filter.operation || filter.category
        ? { AND: [
          ...(filter.operation ? [{ operation: filter.operation }] : []),
          ...(filter.category ? [{ operation: { in: operationsOf(filter.category) as string[] } }] : []),
        ] }
        : {}),
    };
  }

  private async names(uuids: string[]): Promise<AccountName[]> {
    if (!uuids.length) return [];
    return (await ask<{ accounts: AccountName[] }>(this.transport, Subjects.identity.accountNames, { uuids })).accounts;
  }
}
