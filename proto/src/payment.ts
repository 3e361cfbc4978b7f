import { z } from 'zod';

/**
 * Issue 11, slice A: payment methods, cards and 3-D Secure (spec §3, §5). One schema for the SPA
 * and the server. Card numbers and security codes never reach the server: the SPA validates them
 * (ZCardEntry) and tokenises them with the gateway's script; the server receives the token, the
 * masked number, the expiry and the holder (ZCardRegistration).
 */

const keyed = (key: string) => ({ message: key, params: { key } });

export const PAYMENT_METHODS = ['credit_card', 'bank_transfer', 'direct_debit'] as const;
export const ZPaymentMethodKind = z.enum(PAYMENT_METHODS);
export type TPaymentMethodKind = z.infer<typeof ZPaymentMethodKind>;

/** Spec §9: 14–16 digits; holder up to 50; security code 3–4 digits; 15 expiry years to choose from. */
export const CARD_LIMITS = { numberMin: 14, numberMax: 16, holderMax: 50, codeMin: 3, codeMax: 4, expiryYears: 15 } as const;

/** Spec §5: half-width alphanumerics, space, comma, period, hyphen and slash. */
export const CARD_HOLDER_PATTERN = /^[A-Za-z0-9 ,./-]+$/;

/** The selectable expiry years: this year and the 14 after it (spec §9: 15 choices). */
export function expiryYearChoices(today: { year: number }): number[] {
  return Array.from({ length: CARD_LIMITS.expiryYears }, (_, i) => today.year + i);
}

/** Whether a card expiring at the end of month/year is still valid on `today` (spec §5: today or later). */
export function expiryValid(expiry: { month: number; year: number }, today: { year: number; month: number }): boolean {
  return expiry.year > today.year || (expiry.year === today.year && expiry.month >= today.month);
}

const ZHolder = z.string().trim()
  .min(1, keyed('validation.required'))
  .refine((v) => v.length <= CARD_LIMITS.holderMax, keyed('payment.validation.holder_length'))
  .refine((v) => v === '' || CARD_HOLDER_PATTERN.test(v), keyed('payment.validation.holder_chars'));
/** An expiry part: a number (a select's string too); nothing chosen is "required" (issue 22 item 8), a number out of range "invalid". */
const expiryPart = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)), z.number().int().min(min).max(max));
const ZExpiryMonth = expiryPart(1, 12);
const ZExpiryYear = expiryPart(2000, 2100);

/**
 * Issue 22 item 8: a card number as people type or paste it ("4111 1111 1111 1111",
 * "4111-1111-1111-1111", full-width digits from a Japanese IME) reduced to its digits before any
 * length check. Anything else stays, so that a letter is still refused.
 */
export function normaliseCardNumber(value: string): string {
  return value
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000\-‐‑‒–—―－ー]/g, '');
}

/** Whether the expiry was entered at all (both selects chosen); only then is it checked against today. */
const expiryEntered = (v: { expiry_month: number; expiry_year: number }) => v.expiry_month >= 1 && v.expiry_month <= 12 && v.expiry_year >= 2000;

/** What the SPA's card form holds (validated in the browser only; never sent). `today` in the region's zone. */
export function cardEntrySchema(today: { year: number; month: number }) {
  return z.object({
    number: z.string().transform(normaliseCardNumber).pipe(z.string().min(1, keyed('validation.required'))
      .refine((v) => v === '' || (/^\d+$/.test(v) && v.length >= CARD_LIMITS.numberMin && v.length <= CARD_LIMITS.numberMax), keyed('payment.validation.number'))),
    holder_name: ZHolder,
    expiry_month: ZExpiryMonth,
    expiry_year: ZExpiryYear,
    security_code: z.string().trim().min(1, keyed('validation.required'))
      .refine((v) => v === '' || /^\d{3,4}$/.test(v), keyed('payment.validation.security_code')),
    // An expiry not chosen is only "required" (its fields say so), never also "expired".
  }).refine((v) => !expiryEntered(v) || expiryValid({ month: v.expiry_month, year: v.expiry_year }, today), { ...keyed('payment.validation.expired'), path: ['expiry_month'] });
}
export type TCardEntry = z.input<ReturnType<typeof cardEntrySchema>>;

/** `POST /v1/gmo_auth`: the tokenised card. The server checks the expiry against its own today. */
export const ZCardRegistration = z.object({
  token: z.string().trim().min(1, keyed('validation.required')).max(512),
  /** As the tokeniser answered it, e.g. `411111******1111` (14–16 characters). */
  masked_number: z.string().transform(normaliseCardNumber)
    .refine((v) => /^[0-9*]+$/.test(v) && v.length >= CARD_LIMITS.numberMin && v.length <= CARD_LIMITS.numberMax, keyed('payment.validation.number')),
  holder_name: ZHolder,
  expiry_month: ZExpiryMonth,
  expiry_year: ZExpiryYear,
});
export type TCardRegistration = z.infer<typeof ZCardRegistration>;

/** A stored card as the client sees it: masked number only. */
export const ZCardView = z.object({
  masked_number: z.string(),
  expiry_month: z.number().int(),
  expiry_year: z.number().int(),
  holder_name: z.string(),
  registered_at: z.string(),
});
export type TCardView = z.infer<typeof ZCardView>;

/** `POST /v1/gmo_auth`'s answer: registered at once, or the browser goes through the 3-D Secure challenge. */
export const ZCardRegistrationResult = z.object({
  status: z.enum(['registered', 'challenge']),
  /** With `challenge`: where the browser goes (the gateway's RedirectUrl, kept whole). */
  redirect_url: z.string().optional(),
  order_id: z.string(),
});

/** `POST /v1/gmo_secure_tran`: back from the challenge, with what the gateway put on the return URL. */
export const ZSecureTranRequest = z.object({
  order_id: z.string().trim().min(1).max(27),
  callback: z.record(z.string(), z.string().max(2048)).default({}),
});
export const ZSecureTranResult = z.object({ status: z.literal('registered'), card: ZCardView });

/** `GET /v1/gmo_js`: the tokeniser the browser loads. */
export const ZTokenizerView = z.object({ gateway: z.enum(['gmo', 'sandbox']), script_url: z.string(), shop_id: z.string() });

/** `GET /v1/payment`: the current method, what the client may choose, and the card if one is stored. */
/** Issue 23 item 7: where the card on file stands: expiring from 30 days before the end of its expiry month (Asia/Tokyo), expired after it. */
export const CARD_EXPIRY_STATES = ['valid', 'expiring', 'expired'] as const;
export type TCardExpiryState = (typeof CARD_EXPIRY_STATES)[number];
/** The card on file's warning for /payment: only while it is expiring or expired. */
export const ZCardExpiryWarning = z.object({
  state: z.enum(['expiring', 'expired']),
  /** The card's last valid day (the end of its expiry month), YYYY-MM-DD. */
  expires_on: z.string(),
});
export type TCardExpiryWarning = z.infer<typeof ZCardExpiryWarning>;

export const ZPaymentView = z.object({
  method: ZPaymentMethodKind.nullable(),
  /** Card only outside Japan (spec §1). */
  available: z.array(ZPaymentMethodKind),
  card: ZCardView.nullable(),
  /** Bank data of a registered bank-transfer or direct-debit method (slice B), as words and codes. */
  bank: z.record(z.string(), z.string()).nullable(),
  registered_at: z.string().nullable(),
  /** Issue 23 item 7: set when the method is the card and the card expires within 30 days or has expired; else null. */
  card_expiry: ZCardExpiryWarning.nullable(),
});
export type TPaymentView = z.infer<typeof ZPaymentView>;

/** `PUT /v1/payment`: switch back to the stored card. Bank methods are registered by an operator (slice B). */
export const ZPaymentUpdate = z.object({ method: z.literal('credit_card') });

/** `POST /v1/check_payment`: whether the client can be charged (a method is registered). */
export const ZCheckPaymentResult = z.object({ ok: z.boolean(), method: ZPaymentMethodKind.nullable() });

/**
 * The sandbox gateway's documented test cards (docs/decisions.md, slice A). Any other number of
 * valid length registers without a challenge and charges successfully.
 */
export const SANDBOX_TEST_CARDS = [
  { number: '4111111111111111', outcome: 'success', description: 'registers without a challenge; charges succeed' },
  { number: '4100000000000100', outcome: 'challenge', description: 'registers after the sandbox 3-D Secure challenge' },
  { number: '4000000000000002', outcome: 'decline', description: 'declined at registration: 42G020000 (insufficient balance)' },
  { number: '4000000000000341', outcome: 'charge_decline', description: 'registers; every charge is declined with 42G020000' },
] as const;
export type TSandboxOutcome = (typeof SANDBOX_TEST_CARDS)[number]['outcome'];

/** Sandbox tokens: `SBX.` + base64url JSON { o: outcome, m: masked number, n: nonce }. */
export const SANDBOX_TOKEN_PREFIX = 'SBX.';

/** Labels of the card form's browser-only fields (the number and code never reach a /v1 call). */
export const CARD_ENTRY_LABELS = { number: 'field.number', security_code: 'field.security_code' } as const;

/** The bank fields a registered bank-transfer or direct-debit method shows (slice B writes them into `details`), in order. */
export const PAYMENT_BANK_FIELDS = ['bank_name', 'bank_code', 'branch_name', 'branch_code', 'account_type', 'account_number', 'account_holder'] as const;

/** Internal (identity → billing, issue 22): the configured gateway's card tokeniser script, for GET /v1/user-auth's `gmo_token_link`. */
export const ZTokenScriptQuery = z.object({ origin: z.url({ protocol: /^https?$/ }).max(300) });
export const ZTokenScript = z.object({ script_url: z.string() });
