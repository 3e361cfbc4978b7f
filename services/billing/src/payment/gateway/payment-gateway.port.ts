/**
 * The card payment gateway (issue 11, slice A; docs/design/billing.md). Two adapters, chosen by
 * config (`PAYMENT_GATEWAY`, gateway.config.ts): GMO-PG's protocol type (gmo.adapter.ts) and the
 * sandbox (sandbox.adapter.ts, the default and the one tests use).
 *
 * Card numbers never reach our servers: the browser tokenises the card with the gateway's script
 * (`tokenizer()` says which), and the server hands the single-use token to `saveCard`. Afterwards
 * only the member id, the card sequence and the masked number identify the card.
 *
 * Amounts are integer minor units. GMO charges yen only: `charge` refuses any other currency
 * (the billing run converts USD display amounts to the JPY it charges, slice C2).
 */

/** The gateway refused: `code` is the first ErrInfo (42G… card declines, E… parameter errors). */
export interface GatewayDecline {
  ok: false;
  /** First detailed code (e.g. `42G020000`, insufficient balance). */
  code: string;
  /** Every ErrCode|ErrInfo pair the gateway answered (GMO answers parallel pipe lists). */
  errors: { code: string; info: string }[];
}

export interface TokenizerConfig {
  gateway: 'gmo' | 'sandbox';
  /** The script the browser loads; it defines `Multipayment.init(shopId)` and `Multipayment.getToken(card, callback)`. */
  scriptUrl: string;
  shopId: string;
}

export interface SaveCardInput {
  /** Our member id at the gateway (one per client; see `memberIdFor`). */
  memberId: string;
  /** A display name for the member (the client's company name); no personal data. */
  memberName: string;
  /** The browser's single-use token. */
  token: string;
}
export type SaveCardResult = { ok: true; cardSeq: string; maskedNumber: string } | GatewayDecline;

export interface StartThreeDsInput {
  /** Our order id for the 3-D Secure check transaction (≤ 27 characters: GMO's limit). */
  orderId: string;
  memberId: string;
  cardSeq: string;
  /** Where the browser comes back after the challenge (RetUrl). */
  returnUrl: string;
}
export type StartThreeDsResult =
  /** No challenge needed (ACS=0): the card is already authenticated. */
  | { ok: true; kind: 'authenticated'; accessId: string; accessPass: string }
  /** The browser must go to `redirectUrl` (ACS=2) and then comes back to the return URL. */
  | { ok: true; kind: 'challenge'; accessId: string; accessPass: string; redirectUrl: string }
  | GatewayDecline;

export interface CompleteThreeDsInput {
  orderId: string;
  accessId: string;
  accessPass: string;
  /** The parameters the browser brought back to the return URL (the sandbox reads `cres`). */
  callback: Record<string, string>;
}
export type CompleteThreeDsResult = { ok: true } | GatewayDecline;

export interface ChargeInput {
  /** Order id = idempotency key: a second charge with the same id charges nothing more (≤ 27 characters). */
  orderId: string;
  /** Integer minor units (JPY has none). */
  amountMinor: number;
  currency: 'JPY' | 'USD';
  memberId: string;
  cardSeq: string;
}
export type ChargeResult =
  /** `repeated`: this order id was already charged; nothing more was taken. */
  | { ok: true; orderId: string; transactionId: string; repeated: boolean }
  | GatewayDecline;

export interface PaymentGateway {
  readonly kind: 'gmo' | 'sandbox';
  /** The browser's tokeniser (GET /v1/gmo_js); `origin` is the portal origin the visitor uses (the sandbox serves its script there). */
  tokenizer(origin: string): TokenizerConfig;
  /** Creates the member if needed and stores the tokenised card under it. A used or expired token is a decline. */
  saveCard(input: SaveCardInput): Promise<SaveCardResult>;
  /** A 3-D Secure 2 checked zero-amount transaction (JobCd=CHECK, TdFlag=2) on the stored card. */
  startThreeDs(input: StartThreeDsInput): Promise<StartThreeDsResult>;
  /** After the challenge: SecureTran2 (and the trade's status). */
  completeThreeDs(input: CompleteThreeDsInput): Promise<CompleteThreeDsResult>;
  /** Removes a stored card (a replaced card, or one whose 3-D Secure failed). */
  deleteCard(input: { memberId: string; cardSeq: string }): Promise<void>;
  /** Charges a stored card at once (JobCd=CAPTURE). Idempotent by order id. */
  charge(input: ChargeInput): Promise<ChargeResult>;
}
export const PAYMENT_GATEWAY = Symbol('PaymentGateway');

/** The gateway member id of a client: stable, no personal data (GMO allows 60 characters). */
export const memberIdFor = (clientUuid: string) => `c${clientUuid.replace(/-/g, '')}`;

/** A gateway order id (GMO: ≤ 27 alphanumerics and hyphens): a prefix and a random part. */
export function newOrderId(prefix: string): string {
  const random = crypto.randomUUID().replace(/-/g, '').slice(0, 24 - prefix.length);
  return `${prefix}-${random}`.slice(0, 27);
}
