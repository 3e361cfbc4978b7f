import type { TNoticeFilter, TNoticePayment, TNoticeState, TNoticeTarget } from '@portal/proto';
import { regionTimeZone, zonedDayStart, zonedTimestamp, type TRegion } from '@portal/proto';

/** Catalogue keys of the notices' values (whole keys, so the unused-key test sees them). */
export const TARGET_LABEL: Record<TNoticeTarget, string> = {
  all: 'notices.target_all', clients: 'notices.target_clients', partners: 'notices.target_partners', client: 'notices.target_client', csv: 'notices.target_csv',
};
export const PAYMENT_LABEL: Record<TNoticePayment, string> = { all: 'notices.payment_all', paid: 'notices.payment_paid', free: 'notices.payment_free' };
/** Issue 25: draft → scheduled → delivering → ended, and the archived filter. */
export const FILTER_LABEL: Record<TNoticeFilter, string> = {
  draft: 'notices.state_draft', scheduled: 'notices.state_scheduled', delivering: 'notices.state_delivering', ended: 'notices.state_ended', archived: 'notices.archived',
};
export const STATE_LABEL: Record<TNoticeState, string> = FILTER_LABEL;
export const STATE_COLOR: Record<TNoticeState, string> = { draft: 'yellow', scheduled: 'blue', delivering: 'teal', ended: 'gray' };

/** An instant as a datetime-local input's value ("2026-11-24T09:30") in the host region's zone. */
export function toLocalInput(iso: string, region: TRegion): string {
  return zonedTimestamp(iso, regionTimeZone(region)).slice(0, 16).replace(' ', 'T');
}

/** A datetime-local input's value, read as a wall-clock time in the host region's zone, as an ISO instant ('' when empty). */
export function fromLocalInput(value: string, region: TRegion): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return '';
  const dayStart = zonedDayStart(match[1]!, regionTimeZone(region)).getTime();
  return new Date(dayStart + Number(match[2]) * 3600_000 + Number(match[3]) * 60_000).toISOString();
}
