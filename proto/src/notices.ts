import { z } from 'zod';
import { ZProductId, ZRegion } from './enums.js';
import { keyed } from './identity.js';

// Issue 12, slice B: notices and inquiries (spec §3 "Notice", "Inquiry"; §5; §7 Notice, Inquiry).

/** Who a notice reaches: all clients and partners, all clients, all partners, one client, a CSV of clients. */
export const NOTICE_TARGETS = ['all', 'clients', 'partners', 'client', 'csv'] as const;
export const ZNoticeTarget = z.enum(NOTICE_TARGETS);
export type TNoticeTarget = z.infer<typeof ZNoticeTarget>;
/** The client payment-type filter: from the licence service's contracts, when the notice is saved. */
export const NOTICE_PAYMENTS = ['all', 'paid', 'free'] as const;
export const ZNoticePayment = z.enum(NOTICE_PAYMENTS);
export type TNoticePayment = z.infer<typeof ZNoticePayment>;
/** Computed from the delivery period (spec §5): before, between (delivering), after. */
export const NOTICE_PUBLISH_STATUSES = ['before', 'between', 'after'] as const;
export const ZNoticePublishStatus = z.enum(NOTICE_PUBLISH_STATUSES);
export type TNoticePublishStatus = z.infer<typeof ZNoticePublishStatus>;

/**
 * Issue 25: a notice's state. A draft (a duplicate) is never delivered; publishing it makes it
 * scheduled or delivering by its dates; ended after them. Archived is apart: out of readers' lists.
 */
export const NOTICE_STATES = ['draft', 'scheduled', 'delivering', 'ended'] as const;
export const ZNoticeState = z.enum(NOTICE_STATES);
export type TNoticeState = z.infer<typeof ZNoticeState>;
/** The state from the stored draft flag and dates, at `now` (the injected clock's). */
export function noticeState(draft: boolean, startsAt: Date | null, endsAt: Date | null, now: Date): TNoticeState {
  if (draft) return 'draft';
  const s = noticePublishStatus(startsAt, endsAt, now);
  return s === 'before' ? 'scheduled' : s === 'between' ? 'delivering' : 'ended';
}
/** Only a draft or a scheduled notice may change every field. */
export const noticeFullyEditable = (state: TNoticeState) => state === 'draft' || state === 'scheduled';
/** The operator list's filters: a state, or the archived notices (the others leave them out). */
export const NOTICE_FILTERS = [...NOTICE_STATES, 'archived'] as const;
export const ZNoticeFilter = z.enum(NOTICE_FILTERS);
export type TNoticeFilter = z.infer<typeof ZNoticeFilter>;

/** Text limits (NOTES: the spec leaves them open); the forms show a counter. */
export const NOTICE_TITLE_MAX = 100;
export const NOTICE_BODY_MAX = 2000;
export const NOTICE_URL_MAX = 2000;
/** A CSV target: at most this many clients (one client UUID a row). */
export const NOTICE_CSV_MAX_ROWS = 5000;
export const NOTICE_CSV_MAX_CHARS = 250_000;

/** The publish status of a period at `now` (the server decides; the SPA shows what it answers). */
export function noticePublishStatus(startsAt: Date | null, endsAt: Date | null, now: Date): TNoticePublishStatus {
  if (!startsAt || !endsAt || now.getTime() < startsAt.getTime()) return 'before';
  return now.getTime() < endsAt.getTime() ? 'between' : 'after';
}

/** Targets the payment-type filter applies to: it is about clients' contracts, so not partners. */
export function noticeTargetTakesPayment(target: TNoticeTarget): boolean {
  return target === 'clients' || target === 'client' || target === 'csv';
}

const ZHttpUrl = z.url({ protocol: /^https?$/ }).max(NOTICE_URL_MAX);

const ZNoticeFieldsBase = z.object({
  /** The product the notice is about; null: the portal in general. */
  product: ZProductId.nullable().default(null),
  target: ZNoticeTarget,
  payment: ZNoticePayment.default('all'),
  /** target = client: the client. */
  client_uuid: z.uuid().optional(),
  /** target = csv: the CSV's text, one client UUID a row (a header row `client_uuid` may lead). */
  csv: z.string().max(NOTICE_CSV_MAX_CHARS).optional(),
  title: z.string().trim().min(1).max(NOTICE_TITLE_MAX),
  /** HTML allowed; sanitised on the server with the terms' rules. */
  body: z.string().trim().min(1).max(NOTICE_BODY_MAX),
  url: z.union([z.literal(''), ZHttpUrl]).default(''),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  on_top: z.boolean().default(false),
  fixed: z.boolean().default(false),
});

type TNoticeFieldsShape = z.output<typeof ZNoticeFieldsBase>;
function checkNotice(v: TNoticeFieldsShape, ctx: z.RefinementCtx) {
  if (new Date(v.ends_at).getTime() <= new Date(v.starts_at).getTime()) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], ...keyed('notice.period_invalid') });
  }
  if (v.target === 'client' && !v.client_uuid) ctx.addIssue({ code: 'custom', path: ['client_uuid'], ...keyed('validation.required') });
  if (v.target === 'csv' && !v.csv?.trim() && !('id' in v)) ctx.addIssue({ code: 'custom', path: ['csv'], ...keyed('notice.csv_empty') });
  if (v.payment !== 'all' && !noticeTargetTakesPayment(v.target)) ctx.addIssue({ code: 'custom', path: ['payment'], ...keyed('notice.payment_for_clients') });
}

export const ZNoticeCreate = ZNoticeFieldsBase.superRefine(checkNotice);
export type TNoticeCreate = z.output<typeof ZNoticeCreate>;
/**
 * An edit (a CSV target may leave `csv` out to keep the clients it named). Before delivery starts every field may change; once it has started only title and body
 * (spec §5: otherwise copy and recreate). The other fields must then be sent unchanged or left out.
 */
export const ZNoticeUpdate = ZNoticeFieldsBase.extend({ id: z.uuid() }).superRefine(checkNotice);
export type TNoticeUpdate = z.output<typeof ZNoticeUpdate>;
export const ZNoticeRef = z.object({ id: z.uuid() });

/** A notice as the operator screens show it. */
export const ZNoticeAdmin = z.object({
  id: z.string(),
  product: ZProductId.nullable(),
  target: ZNoticeTarget,
  payment: ZNoticePayment,
  /** The clients a one-client or CSV target listed (company names for the screen). */
  clients: z.array(z.object({ client_uuid: z.string(), company_name: z.string() })),
  /** How many clients the target and filter selected when it was saved (null: every client or partner). */
  audience: z.number().int().nullable(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  /** Null only on a draft whose dates are not set yet. */
  starts_at: z.iso.datetime().nullable(),
  ends_at: z.iso.datetime().nullable(),
  on_top: z.boolean(),
  fixed: z.boolean(),
  /** The period alone ('before' for a draft without dates); `state` is what the screens show. */
  publish_status: ZNoticePublishStatus,
  state: ZNoticeState,
  archived: z.boolean(),
  /** Accounts that have read it. */
  reads: z.number().int(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type TNoticeAdmin = z.infer<typeof ZNoticeAdmin>;
export const ZNoticeAdminListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  status: ZNoticePublishStatus.optional(),
  /** Issue 25: a state, or `archived` (without it archived notices are left out). */
  filter: ZNoticeFilter.optional(),
});
export const ZNoticeAdminList = z.object({ notices: z.array(ZNoticeAdmin), total: z.number().int() });
export const ZNoticeAdminOne = z.object({ notice: ZNoticeAdmin });
/** Issue 25: preview a notice as one client's accounts would see it. */
export const ZNoticePreviewQuery = z.object({ id: z.uuid(), client_uuid: z.uuid() });

/** A notice as a client or partner reads it. */
export const ZNoticeItem = z.object({
  id: z.string(),
  product: ZProductId.nullable(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  on_top: z.boolean(),
  fixed: z.boolean(),
  read: z.boolean(),
});
export type TNoticeItem = z.infer<typeof ZNoticeItem>;
export const ZNoticePreview = z.object({
  /** Whether the client is in the notice's audience (its dates and draft state aside). */
  in_audience: z.boolean(),
  company_name: z.string(),
  /** The notice as the client's list renders it (body sanitised as stored; read false). */
  notice: ZNoticeItem.extend({ starts_at: z.iso.datetime().nullable(), ends_at: z.iso.datetime().nullable() }),
});
export type TNoticePreview = z.infer<typeof ZNoticePreview>;
export const ZNoticeListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZNoticeList = z.object({ notices: z.array(ZNoticeItem), total: z.number().int(), news_num: z.number().int() });
/** The unread count and the newest "show on top" notice's title (the auth info carries the same). */
export const ZNoticeBadge = z.object({ news_num: z.number().int(), top_notice_title: z.string() });
export type TNoticeBadge = z.infer<typeof ZNoticeBadge>;
/** POST /v1/notice/history: the notices the account has now read. */
export const ZNoticeHistory = z.object({ ids: z.array(z.uuid()).min(1).max(100) });
export const ZNoticeBadgeQuery = z.object({
  /** The account's own region (its notices' shard), never the host's. */
  region: ZRegion,
  account_uuid: z.uuid(),
  client_uuid: z.uuid().nullable(),
  partner_uuid: z.uuid().nullable(),
});

/** Internal (licence): the paid standing and partner of clients; without `client_uuids`, every paid client. */
export const ZClientStandingQuery = z.object({ client_uuids: z.array(z.uuid()).max(NOTICE_CSV_MAX_ROWS).optional() });
export const ZClientStanding = z.object({
  /** Known clients only (an unknown UUID is left out). */
  clients: z.array(z.object({ client_uuid: z.string(), company_name: z.string(), paid: z.boolean(), partner_uuid: z.string().nullable() })),
});
export type TClientStanding = z.infer<typeof ZClientStanding>;

// ---- Inquiries ----

export const INQUIRY_PURPOSES = ['charge', 'payment', 'feature', 'operation', 'requestproposal', 'requestdocuments', 'others'] as const;
export const ZInquiryPurpose = z.enum(INQUIRY_PURPOSES);
export type TInquiryPurpose = z.infer<typeof ZInquiryPurpose>;
export const INQUIRY_STATUSES = ['new', 'answered', 'closed'] as const;
export const ZInquiryStatus = z.enum(INQUIRY_STATUSES);
export type TInquiryStatus = z.infer<typeof ZInquiryStatus>;
export const INQUIRY_TEXT_MAX = 2000;

export const ZInquiryCreate = z.object({
  products: z.array(ZProductId).max(20).default([]),
  company_name: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1).max(100),
  email: z.email().max(254),
  phone: z.string().trim().max(30).regex(/^[0-9+\-() ]*$/, keyed('validation.phone')).default(''),
  /** A string first, so that none chosen reads "Please enter purpose" rather than "not valid". */
  purpose: z.string().pipe(ZInquiryPurpose),
  text: z.string().trim().min(1).max(INQUIRY_TEXT_MAX),
});
export type TInquiryCreate = z.output<typeof ZInquiryCreate>;
export const ZInquiry = z.object({
  id: z.string(),
  products: z.array(ZProductId),
  company_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  purpose: ZInquiryPurpose,
  text: z.string(),
  status: ZInquiryStatus,
  /** Who receives it: the operator, or the client's partner. */
  receiver: z.enum(['operator', 'partner']),
  created_at: z.iso.datetime(),
});
export type TInquiry = z.infer<typeof ZInquiry>;
export const ZInquirySent = z.object({ inquiry: ZInquiry });
export const ZInquiryMineQuery = z.object({});
export const ZInquiryMine = z.object({ inquiries: z.array(ZInquiry) });
export const ZInquiryInboxQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  status: ZInquiryStatus.optional(),
});
export const ZInquiryInbox = z.object({ inquiries: z.array(ZInquiry), total: z.number().int() });
export const ZInquiryStatusChange = z.object({ id: z.uuid(), status: ZInquiryStatus });

/** A partner's inquiry receivers: addresses its clients' inquiries are mailed to (at least one remains). */
export const ZInquiryReceiver = z.object({ email: z.string(), name: z.string() });
export const ZInquiryReceivers = z.object({ receivers: z.array(ZInquiryReceiver) });
export const ZInquiryReceiverAdd = z.object({ email: z.email().max(254), name: z.string().trim().max(100).default('') });
export const ZInquiryReceiverRemove = z.object({ email: z.email().max(254) });
export const ZInquiryReceiversQuery = z.object({});
