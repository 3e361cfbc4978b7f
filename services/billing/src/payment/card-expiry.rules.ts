import { addDays, daysInMonth, type IsoDate } from '@portal/service-common/business-dates';
import type { TCardExpiryState } from '@portal/proto';

/** Issue 23 item 7: a card is mailed, and /payment warns, from this many days before it expires. */
export const CARD_EXPIRY_NOTICE_DAYS = 30;

/**
 * The last business (Asia/Tokyo) day a card can be charged: a card is valid to the end of its
 * expiry month (spec §5's "today or later" reads the month the same way).
 */
export function cardExpiresOn(expiry: { year: number; month: number }): IsoDate {
  return `${String(expiry.year).padStart(4, '0')}-${String(expiry.month).padStart(2, '0')}-${String(daysInMonth(expiry.year, expiry.month)).padStart(2, '0')}`;
}

/** The first business day a card counts as expiring: 30 days before its last day. */
export function cardExpiringFrom(expiry: { year: number; month: number }): IsoDate {
  return addDays(cardExpiresOn(expiry), -CARD_EXPIRY_NOTICE_DAYS);
}

/**
 * Where a card stands on a business date: `expired` after its last day, `expiring` from 30 days
 * before it to the last day itself, else `valid`.
 */
export function cardExpiryState(expiry: { year: number; month: number }, today: IsoDate): TCardExpiryState {
  if (today > cardExpiresOn(expiry)) return 'expired';
  return today >= cardExpiringFrom(expiry) ? 'expiring' : 'valid';
}
