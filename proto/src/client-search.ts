import { z } from 'zod';
import { ZClientRef } from './backoffice-clients.js';
import { ZShard } from './enums.js';
import { NOTICE_BODY_MAX, NOTICE_TITLE_MAX } from './notices.js';

/**
 * Issue 25 point 4: one search on the operator's and partner's client list and the operator's
 * partner list. The term is a company name, an account's email (any account, not only the owner's),
 * a client or partner UUID, a person's name (either order, with or without the space) or an
 * invoice number. The data lives in three services: company names in licence, accounts in identity,
 * invoices in billing; licence asks the other two over NATS for the tenants a term matches (each
 * answer bounded), joins them with its own company-name matches and applies the caller's scope
 * again (docs/decisions.md "One search").
 */

/** The most tenants one service answers for one term; beyond it the list says to narrow the search. */
export const SEARCH_MATCH_LIMIT = 500;
/**
 * A substring shorter than this has no trigram for pg_trgm's GIN index to look up: a shorter
 * name is matched whole (family or given name exactly), not as a part.
 */
export const SEARCH_TRIGRAM_MIN = 3;
/** Invoice numbers as billing prints them: `<SHARD>-<YYYYMM>-<seq>` (e.g. JPN-202612-000123). */
const INVOICE_NUMBER = /^([A-Za-z]{3,6})-(\d{6})-(\d{1,12})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TSearchTerm {
  /** The term as typed, trimmed. */
  text: string;
  /** Without spaces (ASCII and ideographic): a person's name in either order, with or without the space. */
  compact: string;
  /** The term is a UUID (lower case): it names one client or partner. */
  uuid: string | null;
  /** The term is an invoice number (upper case) and the shard it was issued in. */
  invoice: { number: string; shard: string } | null;
}

/** What a search term may be (the same reading in every service). */
export function searchTerm(raw: string): TSearchTerm {
  const text = raw.trim();
  const invoice = INVOICE_NUMBER.exec(text);
  return {
    text,
    compact: text.replace(/[\s\u3000]+/g, ''),
    uuid: UUID.test(text) ? text.toLowerCase() : null,
    invoice: invoice ? { number: text.toUpperCase(), shard: invoice[1]!.toLowerCase() } : null,
  };
}

// ---- Internal: identity's and billing's answers (no /v1 route) ----

export const ZTenantSearchQuery = z.object({
  term: z.string().trim().min(1).max(100),
  /** Client companies (their accounts) or partners (their staff accounts). */
  kind: z.enum(['client', 'partner']),
  /** The caller's scope: the partners whose clients may be answered; null for an operator (every client). */
  partners: z.array(z.uuid()).max(5000).nullable(),
  limit: z.number().int().min(1).max(SEARCH_MATCH_LIMIT),
});
export type TTenantSearchQuery = z.infer<typeof ZTenantSearchQuery>;
export const ZTenantMatches = z.object({
  tenants: z.array(z.object({ uuid: z.string(), region: ZShard })),
  /** More tenants matched than `limit`. */
  truncated: z.boolean(),
});
export type TTenantMatches = z.infer<typeof ZTenantMatches>;

export const ZInvoiceClientQuery = z.object({ number: z.string().trim().min(1).max(40) });
export const ZInvoiceClientAnswer = z.object({ client: ZClientRef.nullable() });

// ---- Issue 25 point 5: bulk actions on the client list ----

/** The most clients one bulk action takes (the SPA stops selecting there). */
export const CLIENT_BULK_MAX = 500;
export const ZClientSelection = z.object({
  clients: z.array(ZClientRef).min(1).max(CLIENT_BULK_MAX),
});
export type TClientSelection = z.infer<typeof ZClientSelection>;

/** What a bulk suspension did to one client. `not_found`: unknown, or not the caller's to change. */
export const CLIENT_BULK_OUTCOMES = ['suspended', 'already_suspended', 'not_found'] as const;
export const ZClientBulkOutcome = z.enum(CLIENT_BULK_OUTCOMES);
export const ZClientBulkSuspended = z.object({
  results: z.array(ZClientRef.extend({ company_name: z.string().nullable(), outcome: ZClientBulkOutcome })),
  /** Clients this call suspended. */
  suspended: z.number().int(),
});
export type TClientBulkSuspended = z.infer<typeof ZClientBulkSuspended>;

/** A notice draft to exactly the selected clients (dates and publishing on the notice screen). */
export const ZNoticeDraftForClients = ZClientSelection.extend({
  title: z.string().trim().min(1).max(NOTICE_TITLE_MAX),
  body: z.string().trim().min(1).max(NOTICE_BODY_MAX),
});
export type TNoticeDraftForClients = z.infer<typeof ZNoticeDraftForClients>;
