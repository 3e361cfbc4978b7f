import { z } from 'zod';
import type { TMessageKey } from './messages.js';

/**
 * What a mailed single-use link (invitation, password reset, sign-up, email change) is now. The
 * checks of those links answer it, and a refusal (40011) carries it in `result.state`, so the SPA
 * can say "already accepted: log in" rather than "ask for a new one":
 *
 * - `valid`: it can still be used;
 * - `used`: it was used (the invitation accepted, the password set, the company registered, the
 *   address changed);
 * - `expired`: its time ran out unused;
 * - `replaced`: a newer link (a reinvite, another reset or email change) took its place;
 * - `invalid`: no such link (mistyped or cut off).
 */
export const LINK_STATES = ['valid', 'used', 'expired', 'replaced', 'invalid'] as const;
export const ZLinkState = z.enum(LINK_STATES);
export type TLinkState = z.infer<typeof ZLinkState>;

/** A state in which a link cannot be used. */
export type TUnusableLinkState = Exclude<TLinkState, 'valid'>;

/** The mailed links whose refusals say why (spec §8; docs/decisions.md "Foundations"). */
export const LINK_FLOWS = ['invitation', 'password_reset', 'signup', 'mail_update'] as const;
export type TLinkFlow = (typeof LINK_FLOWS)[number];

/**
 * The server message of each way a link cannot be used, per flow (what the visitor should do next
 * differs): identity answers its refusals with it, and the SPA's pages show the same text for the
 * state a check answered, also where the answer carries no message (a password-reset check).
 */
export const LINK_STATE_MESSAGES = {
  invitation: { used: 'invitation.already_accepted', expired: 'invitation.expired', replaced: 'token.replaced', invalid: 'token.unknown' },
  password_reset: { used: 'password_reset.used', expired: 'password_reset.expired', replaced: 'token.replaced', invalid: 'token.unknown' },
  signup: { used: 'signup.already_registered', expired: 'signup.link_expired', replaced: 'token.replaced', invalid: 'token.unknown' },
  mail_update: { used: 'account.mail_link_used', expired: 'account.mail_link_expired', replaced: 'account.mail_link_replaced', invalid: 'token.unknown' },
} as const satisfies Record<TLinkFlow, Record<TUnusableLinkState, TMessageKey>>;
