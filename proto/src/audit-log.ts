import { z } from 'zod';
import { ZRegion, ZShard } from './enums.js';
import { OPERATION_CATEGORIES, OPERATION_LOG_CURSOR } from './identity-api.js';
import { ZActorKind, ZOperationActor, ZTargetType } from './audit-actor.js';

export * from './audit-actor.js';

/** The filters of the audit log (the list and its CSV). Dates are days in the host region's time zone. */
export const ZAuditLogFilter = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  actor_kind: ZActorKind.optional(),
  /** Part of the actor's name or company (case-insensitive). */
  actor: z.string().trim().max(100).optional(),
  target_type: ZTargetType.optional(),
  /** The target's id exactly (a client's, partner's or notice's uuid…). */
  target_id: z.string().trim().max(100).optional(),
  category: z.enum(OPERATION_CATEGORIES).optional(),
  operation: z.string().max(100).optional(),
});
export type TAuditLogFilter = z.infer<typeof ZAuditLogFilter>;

/** GET /v1/audit_log: one keyset page, newest first. */
export const ZAuditLogQuery = ZAuditLogFilter.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  /** The `next_cursor` of the previous page (absent: the newest page). */
  cursor: z.string().regex(OPERATION_LOG_CURSOR).optional(),
});

export const ZAuditLogEntry = z.object({
  id: z.string(),
  occurred_at: z.iso.datetime(),
  operation: z.string(),
  category: z.enum(OPERATION_CATEGORIES).nullable(),
  detail: z.record(z.string(), z.unknown()),
  actor: ZOperationActor,
  /** The actor in words, in the requester's language (actorWords). */
  actor_label: z.string(),
  actor_person: z.string().nullable(),
  target_type: ZTargetType.nullable(),
  target_id: z.string().nullable(),
  /** The client the entry belongs to (null: a back-office entry of no client), its company name when known. */
  client_uuid: z.string().nullable(),
  client_name: z.string().nullable(),
  /** Which log (shard) holds it: a region, or global for operator-wide data. */
  shard: ZShard,
});
export const ZAuditLogPage = z.object({
  logs: z.array(ZAuditLogEntry),
  /** The cursor of the next (older) page, or null on the last page. */
  next_cursor: z.string().nullable(),
});

/**
 * GET /v1/audit_log/export: the filtered log as CSV, streamed. The gateway asks the service for
 * one chunk at a time (`after`: the previous chunk's `next`) and writes each to the response as it
 * comes, so neither the service nor the gateway holds the whole file (docs/decisions.md).
 */
export const ZAuditExportQuery = ZAuditLogFilter.extend({
  after: z.string().regex(OPERATION_LOG_CURSOR).optional(),
});
export const ZCsvChunk = z.object({
  file_name: z.string(),
  /** CSV text: with the BOM and the header line in the first chunk. */
  content: z.string(),
  /** Where the next chunk starts, or null: this was the last. */
  next: z.string().nullable(),
});

/** Internal (licence): the clients and partners a partner's audit log covers. */
export const ZPartnerAuditScopeQuery = z.object({});
export const ZPartnerAuditScope = z.object({
  partners: z.array(z.uuid()),
  clients: z.array(z.object({ uuid: z.uuid(), region: ZRegion, company_name: z.string() })),
  /** More clients than the scope carries (the log then covers the first ones; docs/decisions.md). */
  truncated: z.boolean(),
});
/** The scope carries at most this many clients. */
export const PARTNER_AUDIT_SCOPE_MAX = 20_000;
