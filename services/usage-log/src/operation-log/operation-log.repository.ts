import { Inject, Injectable } from '@nestjs/common';
import { ZActorKind, operationsOf, zonedDayEnd, zonedDayStart, type TOperationActor, type TOperationCategory, type TOperationRecorded, type TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { Prisma } from '../generated/prisma/client.js';
import type { Tx, UsageLogDb } from '../db.js';

/**
 * The log's filters. `from` and `to` are calendar dates in `timeZone`, the zone of the host's
 * region (proto's REGION_PROFILES): the same zone the log's times are shown in, so a day on screen
 * and a day in the filter are the same day.
 */
export interface OperationLogFilter { from?: string; to?: string; account_uuid?: string; category?: TOperationCategory; operation?: string; timeZone: string }

/** Where a keyset page starts: after this entry (newest first: older than it). */
export interface LogKey { occurredAt: Date; id: string }

export interface LogRow {
  id: string; clientUuid: string | null; accountUuid: string | null; operation: string; detail: unknown; occurredAt: Date;
  actorKind: string; actorUuid: string | null; actorName: string | null; actorOrg: string | null; actorOrgUuid: string | null; actorBehind: string | null;
  targetType: string | null; targetId: string | null;
}

/** The actor of an entry whose event came without one (produced before issue 25): read as the migration reads old rows. */
export function formerActor(entry: Pick<TOperationRecorded, 'account_uuid' | 'operation' | 'detail'>): TOperationActor {
  const detail = entry.detail;
  if (detail.support === true || entry.operation === 'proxy_login') {
    const behind = detail.actor_kind === 'operator' || detail.actor_kind === 'partner' ? detail.actor_kind : null;
    return { kind: 'support', uuid: null, name: typeof detail.actor === 'string' ? detail.actor : null, organisation: null, behind };
  }
  return entry.account_uuid ? { kind: 'account', uuid: entry.account_uuid, name: null, organisation: null, behind: null } : { kind: 'system', uuid: null, name: null, organisation: null, behind: null };
}

/** An entry's actor as the API gives it. */
export function rowActor(r: LogRow): TOperationActor {
  const behind = r.actorBehind === 'operator' || r.actorBehind === 'partner' ? r.actorBehind : null;
  return { kind: ZActorKind.catch('system').parse(r.actorKind), uuid: r.actorUuid, name: r.actorName, organisation: r.actorOrg, organisation_uuid: r.actorOrgUuid, behind };
}

/** `<occurred_at ms>~<id>`: proto's OPERATION_LOG_CURSOR. */
export const encodeCursor = (key: LogKey): string => `${key.occurredAt.getTime()}~${key.id}`;
export function decodeCursor(cursor: string): LogKey {
  const [ms, id] = cursor.split('~');
  return { occurredAt: new Date(Number(ms)), id: id! };
}

export const COLUMNS = Prisma.sql`id::text AS id, client_uuid AS "clientUuid", account_uuid AS "accountUuid", operation, detail, occurred_at AS "occurredAt",
  actor_kind AS "actorKind", actor_uuid AS "actorUuid", actor_name AS "actorName", actor_org AS "actorOrg", actor_org_uuid AS "actorOrgUuid", actor_behind AS "actorBehind",
  target_type AS "targetType", target_id AS "targetId"`;

/**
 * The operation log of each region's companies. Only this repository touches the table.
 * Every read is bounded: pages by keyset on (occurred_at, id) descending (the index
 * operation_logs_client_keyset_idx and its account and operation siblings), counts up to a cap,
 * the accounts of a log by a skip scan, and exports in keyset batches. Nothing reads a whole log.
 */
@Injectable()
export class OperationLogRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: UsageLogDb) {}

  /** One entry (in the consumer's unit of work, once per event). */
  async record(tx: Tx, entry: TOperationRecorded): Promise<void> {
    const actor = entry.actor ?? formerActor(entry);
    await tx.operationLog.create({
      data: {
        clientUuid: entry.client_uuid, accountUuid: entry.account_uuid, operation: entry.operation, detail: entry.detail as object, occurredAt: new Date(entry.occurred_at),
        supportSession: entry.support_session ?? null,
        actorKind: actor.kind, actorUuid: actor.uuid, actorName: actor.name, actorOrg: actor.organisation, actorOrgUuid: actor.organisation_uuid ?? null, actorBehind: actor.behind,
        targetType: entry.target_type ?? (entry.client_uuid ? 'client' : null), targetId: entry.target_id ?? entry.client_uuid,
      },
    });
  }

  /**
   * Issue 21: the entries a support session made (by operation_logs_support_session_idx), oldest
   * first, at most `take`, without the operations in `except`, and how many there are in all.
   */
  async ofSupportSession(tx: Tx, clientUuid: string, session: string, except: readonly string[], take: number): Promise<{ rows: LogRow[]; total: number }> {
    const where = Prisma.sql`client_uuid = ${clientUuid} AND support_session = ${session} AND operation <> ALL(${[...except]}::text[])`;
    const [counted] = await tx.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM operation_logs WHERE ${where}`;
    const rows = await tx.$queryRaw<LogRow[]>`SELECT ${COLUMNS} FROM operation_logs WHERE ${where} ORDER BY occurred_at, id LIMIT ${take}`;
    return { rows, total: counted?.total ?? 0 };
  }

  /**
   * A page of a company's log, newest first, after `after` (or from `skip` entries in), with how
   * many entries match up to `countMax` (`total > countMax` means "more"). One statement, so the
   * page and its count see one snapshot: entries keep arriving, and a page read apart from its
   * count could say "1 entry" and show none. `more` says whether an older page exists.
   */
  async page(shard: TShard, clientUuid: string, filter: OperationLogFilter, position: { after?: LogKey; skip: number }, take: number, countMax: number) {
    const where = this.where(clientUuid, filter);
    const after = position.after ? Prisma.sql`AND (occurred_at, id) < (${position.after.occurredAt}, ${position.after.id}::uuid)` : Prisma.empty;
    const rows = await this.db.client(shard).$queryRaw<(LogRow & { total: number })[]>`
      SELECT c.total, p.* FROM
        (SELECT count(*)::int AS total FROM (SELECT 1 FROM operation_logs WHERE ${where} LIMIT ${countMax + 1}) x) c
        LEFT JOIN LATERAL (
          SELECT ${COLUMNS} FROM operation_logs WHERE ${where} ${after}
           ORDER BY occurred_at DESC, id DESC OFFSET ${position.skip} LIMIT ${take + 1}) p ON true`;
    const total = rows[0]?.total ?? 0;
    const entries = rows.filter((r) => r.id !== null).map(({ total: _, ...r }) => r as LogRow);
    return { rows: entries.slice(0, take), total, more: entries.length > take };
  }

  /**
   * The accounts that appear in a company's log (at most `take`): a skip scan over
   * operation_logs_client_account_keyset_idx, one index probe per account, however long the log.
   */
  async accountUuids(shard: TShard, clientUuid: string, take: number): Promise<string[]> {
    const rows = await this.db.client(shard).$queryRaw<{ account_uuid: string }[]>`
      WITH RECURSIVE a AS (
        (SELECT account_uuid FROM operation_logs WHERE client_uuid = ${clientUuid} AND account_uuid IS NOT NULL ORDER BY account_uuid LIMIT 1)
        UNION ALL
        SELECT (SELECT o.account_uuid FROM operation_logs o WHERE o.client_uuid = ${clientUuid} AND o.account_uuid > a.account_uuid ORDER BY o.account_uuid LIMIT 1)
          FROM a WHERE a.account_uuid IS NOT NULL)
      SELECT account_uuid FROM a WHERE account_uuid IS NOT NULL LIMIT ${take}`;
    return rows.map((r) => r.account_uuid);
  }

  /**
   * The matching entries, newest first, in keyset batches of `batch` (an export): at most `max`
   * rows in all; memory holds one batch at a time.
   */
  async *batches(shard: TShard, clientUuid: string, filter: OperationLogFilter, batch: number, max: number): AsyncGenerator<LogRow[]> {
    const where = this.where(clientUuid, filter);
    let after: LogKey | undefined;
    let read = 0;
    while (read < max) {
      const take = Math.min(batch, max - read);
      const cond = after ? Prisma.sql`AND (occurred_at, id) < (${after.occurredAt}, ${after.id}::uuid)` : Prisma.empty;
      const rows = await this.db.client(shard).$queryRaw<LogRow[]>`
        SELECT ${COLUMNS} FROM operation_logs WHERE ${where} ${cond} ORDER BY occurred_at DESC, id DESC LIMIT ${take}`;
      if (!rows.length) return;
      read += rows.length;
      yield rows;
      if (rows.length < take) return;
      const last = rows[rows.length - 1]!;
      after = { occurredAt: last.occurredAt, id: last.id };
    }
  }

  private where(clientUuid: string, filter: OperationLogFilter): Prisma.Sql {
    const parts = [Prisma.sql`client_uuid = ${clientUuid}`];
    if (filter.from) parts.push(Prisma.sql`occurred_at >= ${zonedDayStart(filter.from, filter.timeZone)}`);
    if (filter.to) parts.push(Prisma.sql`occurred_at < ${zonedDayEnd(filter.to, filter.timeZone)}`);
    if (filter.account_uuid) parts.push(Prisma.sql`account_uuid = ${filter.account_uuid}`);
    if (filter.operation) parts.push(Prisma.sql`operation = ${filter.operation}`);
    if (filter.category) parts.push(Prisma.sql`operation = ANY(${operationsOf(filter.category) as string[]}::text[])`);
    return Prisma.join(parts, ' AND ');
  }
}
