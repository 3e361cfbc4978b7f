import { Inject, Injectable } from '@nestjs/common';
import type { TNoticeFilter, TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { Prisma } from '../generated/prisma/client.js';
import type { NotificationDb, Tx } from '../db.js';
import type { NoticeAudience } from './notices.rules.js';

export interface NoticeRow {
  id: string;
  product: string | null;
  target: string;
  payment: string;
  audience: string;
  title: string;
  body: string;
  url: string;
  startsAt: Date | null;
  endsAt: Date | null;
  onTop: boolean;
  fixed: boolean;
  draft: boolean;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export interface NoticeAdminRow extends NoticeRow {
  clients: { clientUuid: string; companyName: string }[];
  selectedCount: number;
  reads: number;
}
export interface NoticeFields {
  product: string | null;
  target: string;
  payment: string;
  title: string;
  body: string;
  url: string;
  startsAt: Date;
  endsAt: Date;
  onTop: boolean;
  fixed: boolean;
}
/** Whose notices: the account, and its client or partner (one of them, or neither for an operator). */
/** A reader of notices, and the shard of its region where its notices live. */
export interface NoticeReader { shard: TShard; accountUuid: string; clientUuid: string | null; partnerUuid: string | null }
export interface VisibleNotice extends Omit<NoticeRow, 'startsAt' | 'endsAt' | 'draft' | 'archivedAt'> { startsAt: Date; endsAt: Date; read: boolean }

/**
 * The notices delivered at `now` to a reader (schema.prisma, model Notice): one statement, the
 * same in the list, the badge and the auth info.
 */
function visibleSql(reader: NoticeReader, now: Date): Prisma.Sql {
  return Prisma.sql`
    SELECT n.id, n.product, n.target, n.payment, n.audience, n.title, n.body, n.url, n.starts_at AS "startsAt", n.ends_at AS "endsAt",
           n.on_top AS "onTop", n.fixed, n.created_at AS "createdAt", n.updated_at AS "updatedAt",
           EXISTS (SELECT 1 FROM notice_reads r WHERE r.notice_id = n.id AND r.account_uuid = ${reader.accountUuid}::uuid) AS read
    FROM notices n
    WHERE n.starts_at <= ${now} AND n.ends_at > ${now} AND NOT n.draft AND n.archived_at IS NULL
      AND (
        (${reader.clientUuid}::uuid IS NOT NULL AND n.reaches_clients AND (
          n.audience = 'every'
          OR (n.audience = 'listed' AND EXISTS (SELECT 1 FROM notice_targets t WHERE t.notice_id = n.id AND t.client_uuid = ${reader.clientUuid}::uuid AND t.selected))
          OR (n.audience = 'except' AND NOT EXISTS (SELECT 1 FROM notice_targets t WHERE t.notice_id = n.id AND t.client_uuid = ${reader.clientUuid}::uuid AND t.selected))
        ))
        OR (${reader.partnerUuid}::uuid IS NOT NULL AND n.reaches_partners)
      )`;
}

/** Notices, their targets and read history (the host region's shard). Only this class touches them. */
@Injectable()
export class NoticesRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: NotificationDb) {}

  async visible(shard: TShard, reader: NoticeReader, now: Date, page: number, perPage: number): Promise<{ rows: VisibleNotice[]; total: number; unread: number }> {
    const rows = await this.db.client(shard).$queryRaw<(VisibleNotice & { total: number; unread: number })[]>`
      WITH v AS (${visibleSql(reader, now)})
      SELECT v.*, count(*) OVER ()::int AS total, (count(*) FILTER (WHERE NOT v.read) OVER ())::int AS unread FROM v
      ORDER BY v.fixed DESC, v."onTop" DESC, v."startsAt" DESC, v.id
      LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`;
    if (rows.length === 0 && page > 1) {
      const badge = await this.badge(shard, reader, now);
      return { rows: [], total: badge.total, unread: badge.unread };
    }
    return { rows, total: rows[0]?.total ?? 0, unread: rows[0]?.unread ?? 0 };
  }

  /** The unread count and the newest on-top notice's title, in one statement (login and auth info). */
  async badge(shard: TShard, reader: NoticeReader, now: Date): Promise<{ unread: number; total: number; topTitle: string }> {
    const [row] = await this.db.client(shard).$queryRaw<{ unread: number; total: number; top: string | null }[]>`
      WITH v AS (${visibleSql(reader, now)})
      SELECT (SELECT count(*) FROM v WHERE NOT v.read)::int AS unread, (SELECT count(*) FROM v)::int AS total,
             (SELECT v.title FROM v WHERE v."onTop" ORDER BY v."startsAt" DESC, v.id LIMIT 1) AS top`;
    return { unread: row?.unread ?? 0, total: row?.total ?? 0, topTitle: row?.top ?? '' };
  }

  /** Records reads of the given notices that the reader can see now; others are ignored. */
  async markRead(shard: TShard, reader: NoticeReader, ids: readonly string[], now: Date): Promise<void> {
    await this.db.client(shard).$executeRaw`
      INSERT INTO notice_reads (notice_id, account_uuid)
      SELECT v.id, ${reader.accountUuid}::uuid FROM (${visibleSql(reader, now)}) v WHERE v.id = ANY(${[...ids]}::uuid[])
      ON CONFLICT DO NOTHING`;
  }

  async adminList(shard: TShard, now: Date, filter: TNoticeFilter | undefined, page: number, perPage: number): Promise<{ rows: NoticeAdminRow[]; total: number }> {
    const published = { draft: false, archivedAt: null };
    const where: Prisma.NoticeWhereInput = filter === 'archived' ? { archivedAt: { not: null } }
      : filter === 'draft' ? { draft: true, archivedAt: null }
        : filter === 'scheduled' ? { ...published, startsAt: { gt: now } }
          : filter === 'delivering' ? { ...published, startsAt: { lte: now }, endsAt: { gt: now } }
            : filter === 'ended' ? { ...published, endsAt: { lte: now } } : { archivedAt: null };
    const client = this.db.client(shard);
    const [rows, total] = await Promise.all([
      // Drafts first (no dates yet), then newest delivery first.
      client.notice.findMany({ where, orderBy: [{ draft: 'desc' }, { startsAt: { sort: 'desc', nulls: 'first' } }, { createdAt: 'desc' }, { id: 'asc' }], skip: (page - 1) * perPage, take: perPage }),
      client.notice.count({ where }),
    ]);
    return { rows: await this.withDetails(shard, rows), total };
  }

  async get(shard: TShard, id: string): Promise<NoticeAdminRow | null> {
    const row = await this.db.client(shard).notice.findUnique({ where: { id } });
    return row ? (await this.withDetails(shard, [row]))[0] ?? null : null;
  }

  private async withDetails(shard: TShard, rows: NoticeRow[]): Promise<NoticeAdminRow[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const client = this.db.client(shard);
    const [named, selected, reads] = await Promise.all([
      client.noticeTarget.findMany({ where: { noticeId: { in: ids }, named: true }, orderBy: { companyName: 'asc' } }),
      client.noticeTarget.groupBy({ by: ['noticeId'], where: { noticeId: { in: ids }, selected: true }, _count: { _all: true } }),
      client.noticeRead.groupBy({ by: ['noticeId'], where: { noticeId: { in: ids } }, _count: { _all: true } }),
    ]);
    return rows.map((r) => ({
      ...r,
      clients: named.filter((t) => t.noticeId === r.id).map((t) => ({ clientUuid: t.clientUuid, companyName: t.companyName })),
      selectedCount: selected.find((s) => s.noticeId === r.id)?._count._all ?? 0,
      reads: reads.find((s) => s.noticeId === r.id)?._count._all ?? 0,
    }));
  }

  /** A notice; a draft (issue 25: the client list's bulk notice) may have no dates yet. */
  async create(tx: Tx, fields: NoticeFields | (Omit<NoticeFields, 'startsAt' | 'endsAt'> & { startsAt: null; endsAt: null }), audience: NoticeAudience, createdBy: string, draft = false): Promise<string> {
    const row = await tx.notice.create({
      data: {
        ...fields, draft, audience: audience.audience, reachesClients: audience.reachesClients, reachesPartners: audience.reachesPartners, createdBy,
        targets: { create: audience.rows.map((t) => ({ clientUuid: t.clientUuid, companyName: t.companyName, named: t.named, selected: t.selected })) },
      },
    });
    return row.id;
  }

  /** Rewrites every field and the targets (a notice whose delivery has not started). */
  async replace(tx: Tx, id: string, fields: NoticeFields, audience: NoticeAudience): Promise<void> {
    await tx.noticeTarget.deleteMany({ where: { noticeId: id } });
    await tx.notice.update({
      where: { id },
      data: {
        ...fields, audience: audience.audience, reachesClients: audience.reachesClients, reachesPartners: audience.reachesPartners,
        targets: { create: audience.rows.map((t) => ({ clientUuid: t.clientUuid, companyName: t.companyName, named: t.named, selected: t.selected })) },
      },
    });
  }

  async updateText(tx: Tx, id: string, title: string, body: string): Promise<void> {
    await tx.notice.update({ where: { id }, data: { title, body } });
  }

  /** A draft copy with the same text and targets, without dates (not its read history): delivered to no one. */
  async duplicate(tx: Tx, id: string, createdBy: string): Promise<string | null> {
    const source = await tx.notice.findUnique({ where: { id }, include: { targets: true } });
    if (!source) return null;
    const copy = await tx.notice.create({
      data: {
        product: source.product, target: source.target, payment: source.payment, audience: source.audience, reachesClients: source.reachesClients,
        reachesPartners: source.reachesPartners, title: source.title, body: source.body, url: source.url, startsAt: null, endsAt: null,
        onTop: source.onTop, fixed: source.fixed, draft: true, createdBy,
        targets: { create: source.targets.map((t) => ({ clientUuid: t.clientUuid, companyName: t.companyName, named: t.named, selected: t.selected })) },
      },
    });
    return copy.id;
  }

  /** The clients a one-client or CSV target named (to keep them when an edit sends no new CSV). */
  async namedClients(shard: TShard, id: string): Promise<string[]> {
    const rows = await this.db.client(shard).noticeTarget.findMany({ where: { noticeId: id, named: true }, select: { clientUuid: true } });
    return rows.map((r) => r.clientUuid);
  }

  /** Publishes a draft (in one statement: a notice published or archived meanwhile is left alone). */
  async publish(tx: Tx, id: string): Promise<boolean> {
    const { count } = await tx.notice.updateMany({ where: { id, draft: true, archivedAt: null, startsAt: { not: null }, endsAt: { not: null } }, data: { draft: false } });
    return count > 0;
  }

  /** Archives a notice: targets and read history stay. */
  async archive(tx: Tx, id: string, now: Date): Promise<boolean> {
    const { count } = await tx.notice.updateMany({ where: { id, archivedAt: null }, data: { archivedAt: now } });
    return count > 0;
  }

  /** Whether a client is in a notice's audience (the readers' rule of visibleSql, without dates, draft or archive). */
  async reachesClient(shard: TShard, id: string, clientUuid: string): Promise<boolean> {
    const [row] = await this.db.client(shard).$queryRaw<{ reaches: boolean }[]>`
      SELECT n.reaches_clients AND (
        n.audience = 'every'
        OR (n.audience = 'listed' AND EXISTS (SELECT 1 FROM notice_targets t WHERE t.notice_id = n.id AND t.client_uuid = ${clientUuid}::uuid AND t.selected))
        OR (n.audience = 'except' AND NOT EXISTS (SELECT 1 FROM notice_targets t WHERE t.notice_id = n.id AND t.client_uuid = ${clientUuid}::uuid AND t.selected))
      ) AS reaches
      FROM notices n WHERE n.id = ${id}::uuid`;
    return row?.reaches ?? false;
  }
}
