import type {
  ChargeInput, ChargeResult, CompleteThreeDsInput, CompleteThreeDsResult, GatewayDecline, PaymentGateway, SaveCardInput, SaveCardResult,
  StartThreeDsInput, StartThreeDsResult, TokenizerConfig,
} from './payment-gateway.port.js';

/**
 * GMO Payment Gateway, protocol type (docs/design/billing.md; ../shared/ref/payments-jp.md):
 * form-encoded `POST https://{host}/payment/<Name>.idPass`, answers `key=value&…` in Shift_JIS,
 * errors as parallel pipe lists `ErrCode=E01|E01&ErrInfo=E01050002|E01060006`.
 *
 * Card registration: SaveMember (an existing member is fine) → SaveCard with the browser's token
 * → EntryTran(JobCd=CHECK, TdFlag=2) → ExecTran on the stored card with RetUrl → ACS=2 and
 * RedirectUrl (a challenge) or ACS=0 (authenticated) → after the challenge SecureTran2 and
 * SearchTrade. Charging: EntryTran(JobCd=CAPTURE, Amount) → ExecTran on the stored card; the
 * order id is the idempotency key (a repeated OrderID is looked up with SearchTrade).
 */

export interface GmoCredentials { apiUrl: string; tokenJsUrl: string; shopId: string; shopPass: string; siteId: string; sitePass: string }
export type GmoFetch = (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string; signal?: AbortSignal }) => Promise<{ ok: boolean; status: number; arrayBuffer(): Promise<ArrayBuffer> }>;

/** GMO's answer keys are PascalCase (ACS, AccessID, RedirectUrl, ErrCode): anything else after an `&` belongs to the value before it. */
const ANSWER_KEY = /^[A-Z][A-Za-z0-9]*$/;

/**
 * Parses a protocol-type answer. RedirectUrl carries an unescaped `&t=…`, so a piece whose key is
 * not a GMO key (or that has no `=`) continues the previous value instead of starting a field.
 */
export function parseGmoAnswer(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  let last: string | null = null;
  for (const piece of text.trim().split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const key = eq > 0 ? piece.slice(0, eq) : '';
    if (ANSWER_KEY.test(key) && !(key in out)) {
      out[key] = piece.slice(eq + 1);
      last = key;
    } else if (last) {
      out[last] += `&${piece}`;
    }
  }
  return out;
}

/** Decodes an answer's bytes (Shift_JIS) and parses it. */
export function decodeGmoAnswer(bytes: ArrayBuffer | Uint8Array): Record<string, string> {
  return parseGmoAnswer(new TextDecoder('shift_jis').decode(bytes));
}

/** The ErrCode/ErrInfo pairs of an answer (empty when it succeeded). */
export function gmoErrors(answer: Record<string, string>): { code: string; info: string }[] {
  if (!answer.ErrCode && !answer.ErrInfo) return [];
  const codes = (answer.ErrCode ?? '').split('|');
  const infos = (answer.ErrInfo ?? '').split('|');
  return Array.from({ length: Math.max(codes.length, infos.length) }, (_, i) => ({ code: codes[i] ?? '', info: infos[i] ?? '' }));
}

const declineOf = (errors: { code: string; info: string }[]): GatewayDecline => ({ ok: false, code: errors[0]?.info || errors[0]?.code || 'unknown', errors });

/** Member already registered (SaveMember); OrderID already used (EntryTran). */
const MEMBER_EXISTS = 'E01390010';
const ORDER_EXISTS = 'E01040010';

export class GmoPaymentGateway implements PaymentGateway {
  readonly kind = 'gmo' as const;

  constructor(private readonly credentials: GmoCredentials, private readonly fetchImpl: GmoFetch = fetch as unknown as GmoFetch, private readonly timeoutMs = 30_000) {}

  tokenizer(_origin: string): TokenizerConfig {
    return { gateway: 'gmo', scriptUrl: this.credentials.tokenJsUrl, shopId: this.credentials.shopId };
  }

  /** One call; the answer, or its errors. Never logs parameters (tokens, passwords). */
  async call(name: string, params: Record<string, string>): Promise<{ ok: true; answer: Record<string, string> } | { ok: false; errors: { code: string; info: string }[] }> {
    const body = new URLSearchParams(params).toString();
    const res = await this.fetchImpl(`${this.credentials.apiUrl}/payment/${name}.idPass`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) return { ok: false, errors: [{ code: 'HTTP', info: `HTTP${res.status}` }] };
    const answer = decodeGmoAnswer(await res.arrayBuffer());
    const errors = gmoErrors(answer);
    return errors.length ? { ok: false, errors } : { ok: true, answer };
  }

  private get shop() { return { ShopID: this.credentials.shopId, ShopPass: this.credentials.shopPass }; }
  private get site() { return { SiteID: this.credentials.siteId, SitePass: this.credentials.sitePass }; }

  async saveCard(input: SaveCardInput): Promise<SaveCardResult> {
    const member = await this.call('SaveMember', { ...this.site, MemberID: input.memberId, MemberName: input.memberName });
    if (!member.ok && !member.errors.every((e) => e.info === MEMBER_EXISTS)) return declineOf(member.errors);
    const saved = await this.call('SaveCard', { ...this.site, MemberID: input.memberId, Token: input.token, SeqMode: '0' });
    if (!saved.ok) return declineOf(saved.errors);
    return { ok: true, cardSeq: saved.answer.CardSeq ?? '0', maskedNumber: saved.answer.CardNo ?? '' };
  }

  async startThreeDs(input: StartThreeDsInput): Promise<StartThreeDsResult> {
    const entry = await this.call('EntryTran', { ...this.shop, OrderID: input.orderId, JobCd: 'CHECK', TdFlag: '2' });
    if (!entry.ok) return declineOf(entry.errors);
    const { AccessID: accessId = '', AccessPass: accessPass = '' } = entry.answer;
    const exec = await this.call('ExecTran', {
      AccessID: accessId, AccessPass: accessPass, OrderID: input.orderId, Method: '1', ...this.site, MemberID: input.memberId, CardSeq: input.cardSeq,
      RetUrl: input.returnUrl, CallbackType: '3',
    });
    if (!exec.ok) return declineOf(exec.errors);
    if (exec.answer.ACS === '2' && exec.answer.RedirectUrl) return { ok: true, kind: 'challenge', accessId, accessPass, redirectUrl: exec.answer.RedirectUrl };
    return { ok: true, kind: 'authenticated', accessId, accessPass };
  }

  async completeThreeDs(input: CompleteThreeDsInput): Promise<CompleteThreeDsResult> {
    const secure = await this.call('SecureTran2', { AccessID: input.accessId, AccessPass: input.accessPass });
    if (!secure.ok) return declineOf(secure.errors);
    const trade = await this.call('SearchTrade', { ...this.shop, OrderID: input.orderId });
    if (!trade.ok) return declineOf(trade.errors);
    // A checked card's trade ends in CHECK; anything else (UNPROCESSED, AUTHENTICATED) did not pass.
    return trade.answer.Status === 'CHECK' ? { ok: true } : { ok: false, code: `status:${trade.answer.Status ?? ''}`, errors: [] };
  }

  async deleteCard(input: { memberId: string; cardSeq: string }): Promise<void> {
    const deleted = await this.call('DeleteCard', { ...this.site, MemberID: input.memberId, CardSeq: input.cardSeq });
    if (!deleted.ok) throw new Error(`DeleteCard refused: ${deleted.errors.map((e) => e.info).join(',')}`);
  }

  async charge(input: ChargeInput): Promise<ChargeResult> {
    if (input.currency !== 'JPY') return { ok: false, code: 'currency', errors: [{ code: 'currency', info: 'GMO charges JPY only' }] };
    const entry = await this.call('EntryTran', { ...this.shop, OrderID: input.orderId, JobCd: 'CAPTURE', Amount: String(input.amountMinor) });
    if (!entry.ok) {
      if (!entry.errors.some((e) => e.info === ORDER_EXISTS)) return declineOf(entry.errors);
      // The order id was used: a charge already taken is not taken again.
      const trade = await this.call('SearchTrade', { ...this.shop, OrderID: input.orderId });
      if (trade.ok && (trade.answer.Status === 'CAPTURE' || trade.answer.Status === 'SALES')) {
        return { ok: true, orderId: input.orderId, transactionId: trade.answer.TranID ?? '', repeated: true };
      }
      return declineOf(trade.ok ? entry.errors : trade.errors);
    }
    const exec = await this.call('ExecTran', {
      AccessID: entry.answer.AccessID ?? '', AccessPass: entry.answer.AccessPass ?? '', OrderID: input.orderId, Method: '1',
      ...this.site, MemberID: input.memberId, CardSeq: input.cardSeq,
    });
    if (!exec.ok) return declineOf(exec.errors);
    return { ok: true, orderId: input.orderId, transactionId: exec.answer.TranID ?? '', repeated: false };
  }
}
