import { LIST_SETTABLE_LICENCE_TYPES, type TLicenceType, type TLicenceTypeRefusal } from '@portal/proto';

/**
 * Licence types (spec §3 Client, §4 "Licence review", §6 "Support login"): test, demo, normal,
 * special, in-house, reviewing, rejected.
 * - An operator sets test, demo, normal and special from the list or the client info.
 * - reviewing and rejected are the outcome of a plan application's review, never set by hand.
 * - In-house: the partner operates the client as its own, so it needs the client's partner
 *   support login (permission in its system settings) and is set by a support login to the
 *   partner (an operator acting as the partner), not from the operator's list.
 * - A demo licence cannot be in-house (neither demo → in-house nor in-house → demo directly).
 * - The support login to the partner sets in-house, or takes in-house back to normal, and nothing
 *   else (test → normal and the like stay the operator's); the partner's own session sets none.
 */
export type LicenceTypeRefusal = TLicenceTypeRefusal;

export interface LicenceTypeContext {
  /** Who sets it: the operator's list/info, or a support login to the client's partner. */
  via: 'operator' | 'partner_support_login' | 'partner';
  /** The client lets its partner support-login (system settings). */
  partnerProxyAllowed: boolean;
  /** The client has a partner (in-house is a partner's client). */
  hasPartner: boolean;
}

/** Why `from` → `to` is refused, or null when it is allowed. */
export function licenceTypeChangeRefusal(from: string, to: TLicenceType, ctx: LicenceTypeContext): LicenceTypeRefusal | null {
  if (to === 'reviewing' || to === 'rejected') return 'review_state';
  if (to === 'in_house' || from === 'in_house') {
    if (ctx.via === 'operator' && to === 'in_house') return 'in_house_from_list';
    if (ctx.via === 'partner') return 'in_house_needs_support_login';
    if (ctx.via === 'partner_support_login' && !ctx.hasPartner) return 'not_own_partner';
    if (to === 'in_house' && !ctx.partnerProxyAllowed) return 'in_house_needs_partner_proxy';
  }
  if ((from === 'demo' && to === 'in_house') || (from === 'in_house' && to === 'demo')) return 'demo_in_house';
  // The partner's own session changes no licence type; its support login only sets in-house or takes it back to normal.
  if (ctx.via === 'partner') return 'in_house_needs_support_login';
  if (ctx.via === 'partner_support_login' && to !== 'in_house' && !(from === 'in_house' && to === 'normal')) return 'support_login_in_house_only';
  if (ctx.via === 'operator' && !(LIST_SETTABLE_LICENCE_TYPES as readonly string[]).includes(to)) return 'in_house_from_list';
  return null;
}

/** The licence types the caller may choose for this client now (the info screen's choices). */
export function settableLicenceTypes(from: string, ctx: LicenceTypeContext): TLicenceType[] {
  const all: TLicenceType[] = ['normal', 'test', 'demo', 'special', 'in_house', 'reviewing', 'rejected'];
  return all.filter((to) => to === from || licenceTypeChangeRefusal(from, to, ctx) === null);
}
