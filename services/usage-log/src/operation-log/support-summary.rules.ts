import {
  describeOperationDetail, formatDateTime, isMessageKey, regionTimeZone, renderMessage,
  type TLanguage, type TRegion, type TSupportSessionEnded,
} from '@portal/proto';

/**
 * The summary of a support session mailed to the client's owners when it ends (issue 21), without
 * a database: the session's operation-log entries as lines in the reader's language ("2026/12/12
 * 10:02 Account invited: Email: helper@example.com, Authority: User"), in the order they happened,
 * at most SUMMARY_LINES of them, and the mail's insertion codes.
 */

/** Lines a summary lists; the rest are counted and left to the operation log. */
export const SUMMARY_LINES = 50;

/** Entries that are the session's own beginning and end (the mail's header says those): not read for the summary. */
export const SUMMARY_FRAME: readonly string[] = ['proxy_login', 'logout', 'support_session_ended'];

/** One entry of the session, as the log holds it. */
export interface SummaryEntry { operation: string; detail: Record<string, unknown>; occurredAt: Date }

/** Keys the summary does not repeat on every line: the support actor (the mail names it once) and the flags of the entry's source. */
const HIDDEN = ['actor', 'actor_kind', 'support', 'ip'];

/** One entry as a line in `language`, its time in the client's region's zone. */
export function summaryLine(entry: SummaryEntry, language: TLanguage, region: TRegion): string {
  const timeZone = regionTimeZone(region);
  const label = isMessageKey(`operation.${entry.operation}`) ? renderMessage(language, `operation.${entry.operation}`) : entry.operation;
  const detail = describeOperationDetail(entry.operation, entry.detail, { language, timeZone, region, hide: HIDDEN });
  return `- ${formatDateTime(entry.occurredAt, { language, timeZone })} ${label}${detail.length ? `: ${detail.join(', ')}` : ''}`;
}

/**
 * The mail's insertion codes in `language`: company, actor, start and end (the zone named),
 * the reason, and the summary (the lines, "…and N more", or "no changes"). `entries` are the
 * session's entries in order (its frame left out), the first of them at least; `total` counts them all.
 */
export function summaryParams(ended: TSupportSessionEnded, entries: readonly SummaryEntry[], total: number, language: TLanguage, region: TRegion): Record<string, string> {
  const setting = { language, timeZone: regionTimeZone(region) };
  const at = (iso: string) => formatDateTime(iso, setting);
  const shown = entries.slice(0, SUMMARY_LINES);
  const lines = shown.map((e) => summaryLine(e, language, region));
  const more = Math.max(0, total - shown.length);
  if (!lines.length) lines.push(renderMessage(language, 'support_summary.nothing'));
  else if (more) lines.push(renderMessage(language, 'support_summary.more', { count: more }));
  return {
    company: ended.company,
    actor: ended.actor,
    started_at: at(ended.started_at),
    ended_at: at(ended.ended_at),
    reason: renderMessage(language, `support_summary.reason.${ended.reason}`),
    summary: lines.join('\n'),
  };
}
