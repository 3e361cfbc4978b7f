import { Inject, Injectable } from '@nestjs/common';
import {
  INTERNAL_ROUTES, NOTICE_CSV_MAX_ROWS, noticeFullyEditable, noticePublishStatus, noticeState,
  type TClientStanding, type TNoticeAdmin, type TNoticeFilter, type TNoticePreview, type TNoticeBadge, type TNoticeCreate, type TNoticeItem, type TNoticeUpdate, type TPrincipal, type TShard,
  type TNoticeDraftForClients,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { hostRegion } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { recordOperation } from '@portal/service-common/audit';
import { ServiceError } from '@portal/service-common/errors';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import type { Tx } from '../db.js';
import { NoticesRepository, type NoticeAdminRow, type NoticeFields, type NoticeReader } from './notices.repository.js';
import { parseClientCsv, resolveAudience, type NoticeAudience } from './notices.rules.js';
import { isBlankHtml, sanitizeRichText } from '@portal/service-common/rich-text';

/** Issue 25: a notice's entry in the audit log (no client's: the actor is the operator of the request). */
function recordNotice(tx: Tx, shard: TShard, operation: string, id: string, detail: Record<string, unknown>): Promise<void> {
  return recordOperation(tx, { shard, clientUuid: null, accountUuid: null, operation, detail, target: { type: 'notice', id } });
}

/** Which of a notice's fields an edit changes (their names: the log labels them). */
function changedFields(current: NoticeAdminRow, next: NoticeFields): string[] {
  const time = (d: Date | null) => d?.getTime() ?? null;
  const pairs: [string, unknown, unknown][] = [
    ['title', current.title, next.title], ['body', current.body, next.body], ['url', current.url, next.url], ['product', current.product, next.product],
    ['target', current.target, next.target], ['payment', current.payment, next.payment],
    ['starts_at', time(current.startsAt), time(next.startsAt)], ['ends_at', time(current.endsAt), time(next.endsAt)], ['on_top', current.onTop, next.onTop], ['fixed', current.fixed, next.fixed],
  ];
  return pairs.filter(([, a, b]) => a !== b).map(([f]) => f);
}

/**
 * Notices live in a region's shard. The operator, whose account is global, writes the region of the
 * host it works on; a client or partner reads its own region's, whatever host it calls (issue 21
 * item 4: a jpn owner on the usa host read usa notices).
 */
const shardOfHost = (): TShard => hostRegion();

function readerOf(p: Pick<TPrincipal, 'account_uuid' | 'client_uuid' | 'partner_uuid' | 'context' | 'region'>): NoticeReader {
  const shard: TShard = p.region;
  if (p.context === 'operator') return { shard, accountUuid: p.account_uuid, clientUuid: null, partnerUuid: null };
  return { shard, accountUuid: p.account_uuid, clientUuid: p.context === 'client' ? p.client_uuid : null, partnerUuid: p.context === 'client' ? null : p.partner_uuid };
}

function toAdmin(row: NoticeAdminRow, now: Date): TNoticeAdmin {
  return {
    id: row.id, product: row.product as TNoticeAdmin['product'], target: row.target as TNoticeAdmin['target'], payment: row.payment as TNoticeAdmin['payment'],
    clients: row.clients.map((c) => ({ client_uuid: c.clientUuid, company_name: c.companyName })),
    audience: row.audience === 'listed' ? row.selectedCount : null,
    title: row.title, body: row.body, url: row.url, starts_at: row.startsAt?.toISOString() ?? null, ends_at: row.endsAt?.toISOString() ?? null,
    on_top: row.onTop, fixed: row.fixed, publish_status: noticePublishStatus(row.startsAt, row.endsAt, now),
    state: noticeState(row.draft, row.startsAt, row.endsAt, now), archived: row.archivedAt !== null, reads: row.reads,
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  };
}

/** Notices (issue 12, slice B): the operator's CRUD, the readers' list, unread count and history. */
@Injectable()
export class NoticesService {
  constructor(
    @Inject(NoticesRepository) private readonly notices: NoticesRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(principal: TPrincipal, page: number, perPage: number): Promise<{ notices: TNoticeItem[]; total: number; news_num: number }> {
    const reader = readerOf(principal);
    const { rows, total, unread } = await this.notices.visible(reader.shard, reader, this.clock.now(), page, perPage);
    return {
      notices: rows.map((r) => ({
        id: r.id, product: r.product as TNoticeItem['product'], title: r.title, body: r.body, url: r.url, starts_at: r.startsAt.toISOString(),
        ends_at: r.endsAt.toISOString(), on_top: r.onTop, fixed: r.fixed, read: r.read,
      })),
      total, news_num: unread,
    };
  }

  async badge(reader: NoticeReader): Promise<TNoticeBadge> {
    if (!reader.clientUuid && !reader.partnerUuid) return { news_num: 0, top_notice_title: '' };
    const { unread, topTitle } = await this.notices.badge(reader.shard, reader, this.clock.now());
    return { news_num: unread, top_notice_title: topTitle };
  }

  badgeOf(principal: TPrincipal): Promise<TNoticeBadge> {
    return this.badge(readerOf(principal));
  }

  async markRead(principal: TPrincipal, ids: readonly string[]): Promise<TNoticeBadge> {
    const reader = readerOf(principal);
    if (reader.clientUuid || reader.partnerUuid) await this.notices.markRead(reader.shard, reader, ids, this.clock.now());
    return this.badge(reader);
  }

  async adminList(query: { page: number; per_page: number; status?: 'before' | 'between' | 'after'; filter?: TNoticeFilter }) {
    const now = this.clock.now();
    // `status` (the period, before issue 25) reads as the matching state.
    const filter = query.filter ?? (query.status ? ({ before: 'scheduled', between: 'delivering', after: 'ended' } as const)[query.status] : undefined);
    const { rows, total } = await this.notices.adminList(shardOfHost(), now, filter, query.page, query.per_page);
    return { notices: rows.map((r) => toAdmin(r, now)), total };
  }

  async get(id: string): Promise<{ notice: TNoticeAdmin }> {
    const row = await this.notices.get(shardOfHost(), id);
    if (!row) throw new ServiceError(40011, 'notice.not_found');
    return { notice: toAdmin(row, this.clock.now()) };
  }

  async create(principal: TPrincipal, input: TNoticeCreate): Promise<{ notice: TNoticeAdmin }> {
    const fields = this.fields(input);
    const audience = await this.audience(input, null);
    const shard = shardOfHost();
    const id = await this.uow.run(shard, async (tx) => {
      const created = await this.notices.create(tx, fields, audience, principal.account_uuid);
      await recordNotice(tx, shard, 'notice_created', created, { title: fields.title });
      return created;
    });
    return this.get(id);
  }

  async update(input: TNoticeUpdate): Promise<{ notice: TNoticeAdmin }> {
    const shard = shardOfHost();
    const current = await this.notices.get(shard, input.id);
    if (!current) throw new ServiceError(40011, 'notice.not_found');
    if (current.archivedAt) throw new ServiceError(40011, 'notice.archived');
    const fields = this.fields(input);
    const now = this.clock.now();
    if (!noticeFullyEditable(noticeState(current.draft, current.startsAt, current.endsAt, now))) {
      // Delivery has started (or ended): only title and body may change (spec §5); a draft or scheduled notice is fully editable (issue 25).
      const changed = this.lockedChanges(current, fields, input);
      if (changed.length) throw ServiceError.form(Object.fromEntries(changed.map((f) => [f, [{ key: 'notice.locked_after_start' }]])));
      await this.uow.run(shard, async (tx) => {
        await this.notices.updateText(tx, input.id, fields.title, fields.body);
        await recordNotice(tx, shard, 'notice_updated', input.id, { title: fields.title });
      });
      return this.get(input.id);
    }
    const keep = input.target === 'csv' && !input.csv?.trim() && current.target === 'csv' ? await this.notices.namedClients(shard, input.id) : null;
    if (input.target === 'csv' && !input.csv?.trim() && !keep) throw ServiceError.form({ csv: [{ key: 'notice.csv_empty' }] });
    const audience = await this.audience(input, keep);
    await this.uow.run(shard, async (tx) => {
      await this.notices.replace(tx, input.id, fields, audience);
      await recordNotice(tx, shard, 'notice_updated', input.id, { title: fields.title, fields: changedFields(current, fields) });
    });
    return this.get(input.id);
  }

  /**
   * Issue 25 point 5: a draft to exactly the clients selected on the client list (their UUIDs named
   * as a CSV target names them: a client-list audience). Never delivered until the operator sets its
   * dates and publishes it on the notice screen.
   */
  async draftForClients(principal: TPrincipal, input: TNoticeDraftForClients): Promise<{ notice: TNoticeAdmin }> {
    const body = sanitizeRichText(input.body);
    if (isBlankHtml(body)) throw ServiceError.form({ body: [{ key: 'notice.body_empty' }] });
    // Notices live in the host region's shard and reach that region's clients (the list shows every region).
    const elsewhere = input.clients.filter((c) => c.region !== shardOfHost()).length;
    if (elsewhere) throw ServiceError.form({ clients: [{ key: 'notice.selection_other_region', params: { count: elsewhere } }] });
    const uuids = [...new Set(input.clients.map((c) => c.uuid.toLowerCase()))];
    const audience = await this.audience({ target: 'csv', payment: 'all' } as TNoticeCreate, uuids).catch((error: unknown) => {
      // A client deleted since the list was read: the CSV's wording does not fit a selection.
      if (error instanceof ServiceError && error.fields?.csv) throw ServiceError.form({ clients: [{ key: 'notice.selection_unknown' }] });
      throw error;
    });
    const id = await this.uow.run(shardOfHost(), (tx) => this.notices.create(tx, {
      product: null, target: 'csv', payment: 'all', title: input.title, body, url: '', startsAt: null, endsAt: null, onTop: false, fixed: false,
    }, audience, principal.account_uuid, true));
    return this.get(id);
  }

  async duplicate(principal: TPrincipal, id: string): Promise<{ notice: TNoticeAdmin }> {
    const shard = shardOfHost();
    const copy = await this.uow.run(shard, async (tx) => {
      const made = await this.notices.duplicate(tx, id, principal.account_uuid);
      if (made) await recordNotice(tx, shard, 'notice_duplicated', made, {});
      return made;
    });
    if (!copy) throw new ServiceError(40011, 'notice.not_found');
    return this.get(copy);
  }

  /** Publishes a draft: its dates must be set and end after now; it becomes scheduled or delivering. */
  async publish(id: string): Promise<{ notice: TNoticeAdmin }> {
    const shard = shardOfHost();
    const current = await this.notices.get(shard, id);
    if (!current) throw new ServiceError(40011, 'notice.not_found');
    if (current.archivedAt) throw new ServiceError(40011, 'notice.archived');
    if (!current.draft) throw new ServiceError(40011, 'notice.not_draft');
    if (!current.startsAt || !current.endsAt) throw ServiceError.form({ starts_at: [{ key: 'notice.draft_dates_missing' }] });
    if (current.endsAt.getTime() <= this.clock.now().getTime()) throw ServiceError.form({ ends_at: [{ key: 'notice.draft_ends_past' }] });
    const published = await this.uow.run(shard, async (tx) => {
      if (!(await this.notices.publish(tx, id))) return false;
      await recordNotice(tx, shard, 'notice_published', id, { title: current.title });
      return true;
    });
    if (!published) throw new ServiceError(40011, 'notice.not_draft');
    return this.get(id);
  }

  /** Archives a notice (instead of deleting it): out of readers' lists, read counts kept. */
  async archive(id: string): Promise<{ notice: TNoticeAdmin }> {
    const shard = shardOfHost();
    const current = await this.notices.get(shard, id);
    if (!current) throw new ServiceError(40011, 'notice.not_found');
    if (!current.archivedAt) {
      await this.uow.run(shard, async (tx) => {
        if (await this.notices.archive(tx, id, this.clock.now())) await recordNotice(tx, shard, 'notice_archived', id, { title: current.title });
      });
    }
    return this.get(id);
  }

  /** The notice as a client's accounts would see it, and whether the client is in its audience. */
  async preview(id: string, clientUuid: string): Promise<TNoticePreview> {
    const shard = shardOfHost();
    const row = await this.notices.get(shard, id);
    if (!row) throw new ServiceError(40011, 'notice.not_found');
    const [client] = (await ask(this.transport, INTERNAL_ROUTES.clientStanding, { client_uuids: [clientUuid.toLowerCase()] })).clients;
    if (!client) throw ServiceError.form({ client_uuid: [{ key: 'notice.client_unknown' }] });
    // Issue 25: a preview shows a client's view to the operator: the audit log says whose.
    await this.uow.run(shard, (tx) => recordNotice(tx, shard, 'notice_previewed', id, { title: row.title, company_name: client.company_name }));
    return {
      in_audience: await this.notices.reachesClient(shard, id, client.client_uuid),
      company_name: client.company_name,
      notice: {
        id: row.id, product: row.product as TNoticePreview['notice']['product'], title: row.title, body: row.body, url: row.url,
        starts_at: row.startsAt?.toISOString() ?? null, ends_at: row.endsAt?.toISOString() ?? null, on_top: row.onTop, fixed: row.fixed, read: false,
      },
    };
  }

  /** The stored fields: the body sanitised (a body with no text left is refused). */
  private fields(input: TNoticeCreate): NoticeFields {
    const body = sanitizeRichText(input.body);
    if (isBlankHtml(body)) throw ServiceError.form({ body: [{ key: 'notice.body_empty' }] });
    return {
      product: input.product, target: input.target, payment: input.payment, title: input.title, body, url: input.url,
      startsAt: new Date(input.starts_at), endsAt: new Date(input.ends_at), onTop: input.on_top, fixed: input.fixed,
    };
  }

  private lockedChanges(current: NoticeAdminRow, next: NoticeFields, input: TNoticeUpdate): string[] {
    const changed: string[] = [];
    if (current.product !== next.product) changed.push('product');
    if (current.target !== next.target) changed.push('target');
    if (current.payment !== next.payment) changed.push('payment');
    if (current.url !== next.url) changed.push('url');
    if (current.startsAt?.getTime() !== next.startsAt.getTime()) changed.push('starts_at');
    if (current.endsAt?.getTime() !== next.endsAt.getTime()) changed.push('ends_at');
    if (current.onTop !== next.onTop) changed.push('on_top');
    if (current.fixed !== next.fixed) changed.push('fixed');
    if (input.target === 'client' && input.client_uuid && !current.clients.some((c) => c.clientUuid === input.client_uuid)) changed.push('client_uuid');
    if (input.target === 'csv' && input.csv?.trim()) changed.push('csv');
    return changed;
  }

  /** Resolves target and payment filter into stored rows, asking licence for clients and their standing. */
  private async audience(input: TNoticeCreate, keepNamed: string[] | null): Promise<NoticeAudience> {
    let named: TClientStanding['clients'] = [];
    let paid: TClientStanding['clients'] = [];
    if (input.target === 'client' || input.target === 'csv') {
      const field = input.target === 'client' ? 'client_uuid' : 'csv';
      let uuids: string[];
      let rowOf = new Map<string, number>();
      if (input.target === 'client') uuids = [input.client_uuid!.toLowerCase()];
      else if (keepNamed) uuids = keepNamed;
      else {
        const parsed = parseClientCsv(input.csv ?? '');
        if (parsed.badRows.length) throw ServiceError.form({ csv: [{ key: 'notice.csv_rows_invalid', params: { rows: parsed.badRows.slice(0, 20).join(', ') } }] });
        if (parsed.uuids.length === 0) throw ServiceError.form({ csv: [{ key: 'notice.csv_empty' }] });
        if (parsed.uuids.length > NOTICE_CSV_MAX_ROWS) throw ServiceError.form({ csv: [{ key: 'csv.over_limit', params: { max: NOTICE_CSV_MAX_ROWS } }] });
        uuids = parsed.uuids;
        rowOf = parsed.rowOf;
      }
      named = (await ask(this.transport, INTERNAL_ROUTES.clientStanding, { client_uuids: uuids })).clients;
      const known = new Set(named.map((c) => c.client_uuid.toLowerCase()));
      const unknown = uuids.filter((u) => !known.has(u));
      if (unknown.length) {
        if (field === 'client_uuid') throw ServiceError.form({ client_uuid: [{ key: 'notice.client_unknown' }] });
        const rows = unknown.map((u) => rowOf.get(u) ?? 0).filter((r) => r > 0).slice(0, 20).join(', ');
        throw ServiceError.form({ csv: [{ key: 'notice.csv_unknown_clients', params: { rows, count: unknown.length } }] });
      }
    } else if (input.target === 'clients' && input.payment !== 'all') {
      paid = (await ask(this.transport, INTERNAL_ROUTES.clientStanding, {})).clients.filter((c) => c.paid);
    }
    return resolveAudience(input.target, input.payment, named, paid);
  }
}
