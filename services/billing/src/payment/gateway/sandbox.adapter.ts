import { randomUUID } from 'node:crypto';
import { SANDBOX_TOKEN_PREFIX, SANDBOX_TEST_CARDS, type TSandboxOutcome } from '@portal/proto';
import type {
  ChargeInput, ChargeResult, CompleteThreeDsInput, CompleteThreeDsResult, GatewayDecline, PaymentGateway, SaveCardInput,
  SaveCardResult, StartThreeDsInput, StartThreeDsResult, TokenizerConfig,
} from './payment-gateway.port.js';
import { MemorySandboxLedger, type SandboxLedger } from './sandbox-ledger.repository.js';

/** Where the sandbox's tokeniser script and 3-D Secure challenge page are served (gateway, outside production). */
export const SANDBOX_PATHS = { script: '/sandbox/gmo/token.js', challenge: '/sandbox/gmo/challenge' } as const;

const decline = (code: string, info: string): GatewayDecline => ({ ok: false, code: info, errors: [{ code, info }] });
/** GMO's codes the sandbox answers with (payments-jp.md). */
export const SANDBOX_CODES = {
  insufficientBalance: decline('42G', '42G020000'),
  tokenUsed: decline('E61', 'E61010002'),
  tokenInvalid: decline('E61', 'E61010001'),
  cardNotFound: decline('E01', 'E01240002'),
  threeDsFailed: decline('E92', 'E92000001'),
  currency: decline('E01', 'E01050004'),
} as const;

interface SandboxToken { o: TSandboxOutcome; m: string; n: string }

/** Reads a sandbox token (see SANDBOX_TOKEN_PREFIX); null when it is not one. */
export function readSandboxToken(token: string): SandboxToken | null {
  if (!token.startsWith(SANDBOX_TOKEN_PREFIX)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(token.slice(SANDBOX_TOKEN_PREFIX.length), 'base64url').toString('utf8')) as SandboxToken;
    const outcomes = SANDBOX_TEST_CARDS.map((c) => c.outcome as string).concat('success');
    return outcomes.includes(parsed.o) && typeof parsed.m === 'string' && typeof parsed.n === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** Makes a sandbox token as the sandbox's tokeniser script does (for tests and the seed). */
export function sandboxToken(number: string): string {
  const outcome = SANDBOX_TEST_CARDS.find((c) => c.number === number)?.outcome ?? 'success';
  const masked = `${number.slice(0, 6)}${'*'.repeat(Math.max(0, number.length - 10))}${number.slice(-4)}`;
  return SANDBOX_TOKEN_PREFIX + Buffer.from(JSON.stringify({ o: outcome, m: masked, n: randomUUID() })).toString('base64url');
}

/**
 * The sandbox gateway (development and tests): GMO's behaviour with the documented test cards of
 * `SANDBOX_TEST_CARDS`. A token is single-use; the 3-D Secure challenge card sends the browser to
 * the sandbox's challenge page (served by the gateway outside production), which comes back to the
 * return URL with `cres=Y` (passed) or `cres=N`. Cards and 3-D Secure checks live in memory: a
 * stored card the sandbox does not know (after a restart, or the seed's) charges successfully.
 * Charges go to its ledger (issue 21: PostgreSQL in the service, `SandboxLedgerRepository`), one
 * per order id as at GMO: a repeated order id takes nothing more and answers `repeated`.
 */
export class SandboxPaymentGateway implements PaymentGateway {
  readonly kind = 'sandbox' as const;
  private readonly lastSeq = new Map<string, number>();
  private readonly usedTokens = new Set<string>();
  private readonly cards = new Map<string, { outcome: TSandboxOutcome; masked: string }>();
  private readonly checks = new Map<string, { orderId: string; outcome: TSandboxOutcome }>();

  constructor(private readonly ledger: SandboxLedger = new MemorySandboxLedger(), private readonly shopId = 'sandbox-shop') {}

  tokenizer(origin: string): TokenizerConfig {
    return { gateway: 'sandbox', scriptUrl: new URL(SANDBOX_PATHS.script, origin).toString(), shopId: this.shopId };
  }

  async saveCard(input: SaveCardInput): Promise<SaveCardResult> {
    const token = readSandboxToken(input.token);
    if (!token) return SANDBOX_CODES.tokenInvalid;
    if (this.usedTokens.has(token.n)) return SANDBOX_CODES.tokenUsed;
    this.usedTokens.add(token.n);
    // Sequences only grow (from 1), as at the gateway: a deleted card's number is never handed out
    // again, and the seeded demo card's '0' never meets a new card.
    const seq = String((this.lastSeq.get(input.memberId) ?? 0) + 1);
    this.lastSeq.set(input.memberId, Number(seq));
    this.cards.set(`${input.memberId}/${seq}`, { outcome: token.o, masked: token.m });
    return { ok: true, cardSeq: seq, maskedNumber: token.m };
  }

  async startThreeDs(input: StartThreeDsInput): Promise<StartThreeDsResult> {
    const card = this.cards.get(`${input.memberId}/${input.cardSeq}`);
    if (!card) return SANDBOX_CODES.cardNotFound;
    if (card.outcome === 'decline') return SANDBOX_CODES.insufficientBalance;
    const accessId = randomUUID().replace(/-/g, '');
    const accessPass = randomUUID().replace(/-/g, '');
    this.checks.set(accessId, { orderId: input.orderId, outcome: card.outcome });
    if (card.outcome !== 'challenge') return { ok: true, kind: 'authenticated', accessId, accessPass };
    // Like GMO's RedirectUrl, the `&t=` after the encoded return URL is not escaped.
    const redirectUrl = `${new URL(SANDBOX_PATHS.challenge, input.returnUrl).toString()}?ret=${encodeURIComponent(input.returnUrl)}&t=${accessId}`;
    return { ok: true, kind: 'challenge', accessId, accessPass, redirectUrl };
  }

  async completeThreeDs(input: CompleteThreeDsInput): Promise<CompleteThreeDsResult> {
    const check = this.checks.get(input.accessId);
    if (!check || check.orderId !== input.orderId) return SANDBOX_CODES.threeDsFailed;
    if (check.outcome === 'challenge' && input.callback.cres !== 'Y') return SANDBOX_CODES.threeDsFailed;
    this.checks.delete(input.accessId);
    return { ok: true };
  }

  async deleteCard(input: { memberId: string; cardSeq: string }): Promise<void> {
    this.cards.delete(`${input.memberId}/${input.cardSeq}`);
  }

  async charge(input: ChargeInput): Promise<ChargeResult> {
    if (input.currency !== 'JPY') return SANDBOX_CODES.currency;
    const card = this.cards.get(`${input.memberId}/${input.cardSeq}`);
    if (card && (card.outcome === 'charge_decline' || card.outcome === 'decline')) return SANDBOX_CODES.insufficientBalance;
    const { entry, repeated } = await this.ledger.charge({
      orderId: input.orderId, memberId: input.memberId, cardSeq: input.cardSeq, amountMinor: input.amountMinor, currency: input.currency,
      transactionId: randomUUID().replace(/-/g, ''),
    });
    return { ok: true, orderId: input.orderId, transactionId: entry.transactionId, repeated };
  }
}
