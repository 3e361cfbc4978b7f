import { describe, expect, it } from 'vitest';
import { GmoPaymentGateway, decodeGmoAnswer, gmoErrors, parseGmoAnswer, type GmoFetch } from './gmo.adapter.js';
import { ZPaymentGatewayConfig, paymentGateway } from './gateway.config.js';

/** Answers in GMO's protocol-type shape (payments-jp.md), as bytes: ASCII, plus Shift_JIS where a value is Japanese. */
const ascii = (text: string) => new TextEncoder().encode(text);
/** 「テスト」 in Shift_JIS. */
const SJIS_TEST = [0x83, 0x65, 0x83, 0x58, 0x83, 0x67];

const credentials = { apiUrl: 'https://pt01.mul-pay.jp', tokenJsUrl: 'https://stg.static.mul-pay.jp/ext/js/token.js', shopId: 'tshop001', shopPass: 'sp', siteId: 'tsite001', sitePass: 'tp' };

/** A fake GMO host: answers by API name, in order, and records what was asked (mocks only in this unit test). */
function fakeGmo(answers: Record<string, (Uint8Array | string)[]>) {
  const calls: { name: string; params: Record<string, string> }[] = [];
  const fetchImpl: GmoFetch = async (url, init) => {
    const name = /\/payment\/(\w+)\.idPass$/.exec(url)![1]!;
    calls.push({ name, params: Object.fromEntries(new URLSearchParams(init.body)) });
    const next = answers[name]?.shift();
    if (next === undefined) throw new Error(`unexpected call ${name}`);
    const bytes = typeof next === 'string' ? ascii(next) : next;
    return { ok: true, status: 200, arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer };
  };
  return { gateway: new GmoPaymentGateway(credentials, fetchImpl), calls };
}

describe('GMO-PG answers', () => {
  it('keeps the unescaped &t= of RedirectUrl inside the URL', () => {
    const answer = parseGmoAnswer('ACS=2&OrderID=chk-1&RedirectUrl=https://pt01.mul-pay.jp/payment/Tds2Start.idPass?tdsId=abc&t=9f8e7d&Forward=2a99662');
    expect(answer).toEqual({ ACS: '2', OrderID: 'chk-1', RedirectUrl: 'https://pt01.mul-pay.jp/payment/Tds2Start.idPass?tdsId=abc&t=9f8e7d', Forward: '2a99662' });
  });

  it('reads parallel ErrCode/ErrInfo lists', () => {
    expect(gmoErrors(parseGmoAnswer('ErrCode=E01|E01&ErrInfo=E01050002|E01060006'))).toEqual([
      { code: 'E01', info: 'E01050002' }, { code: 'E01', info: 'E01060006' },
    ]);
    expect(gmoErrors(parseGmoAnswer('AccessID=a&AccessPass=b'))).toEqual([]);
  });

  it('decodes Shift_JIS answers', () => {
    const bytes = new Uint8Array([...ascii('Status=CHECK&ClientField1='), ...SJIS_TEST, ...ascii('&TranID=1')]);
    expect(decodeGmoAnswer(bytes)).toEqual({ Status: 'CHECK', ClientField1: 'テスト', TranID: '1' });
  });
});

describe('GmoPaymentGateway', () => {
  it('stores a card (an existing member is fine) and starts a 3-D Secure check with a challenge', async () => {
    const { gateway, calls } = fakeGmo({
      SaveMember: ['ErrCode=E01&ErrInfo=E01390010'],
      SaveCard: ['CardSeq=2&CardNo=*************111&Forward=2a99662&Brand=VISA'],
      EntryTran: ['AccessID=acc1&AccessPass=pass1'],
      ExecTran: ['ACS=2&RedirectUrl=https://pt01.mul-pay.jp/payment/Tds2Start.idPass?tdsId=abc&t=9f8e7d'],
    });
    expect(await gateway.saveCard({ memberId: 'c1', memberName: 'c1', token: 'tok' })).toEqual({ ok: true, cardSeq: '2', maskedNumber: '*************111' });
    const started = await gateway.startThreeDs({ orderId: 'chk-1', memberId: 'c1', cardSeq: '2', returnUrl: 'https://portal.example.jp/paymentmethod_confirm?order=chk-1' });
    expect(started).toEqual({ ok: true, kind: 'challenge', accessId: 'acc1', accessPass: 'pass1', redirectUrl: 'https://pt01.mul-pay.jp/payment/Tds2Start.idPass?tdsId=abc&t=9f8e7d' });
    expect(calls.map((c) => c.name)).toEqual(['SaveMember', 'SaveCard', 'EntryTran', 'ExecTran']);
    expect(calls[2]!.params).toMatchObject({ ShopID: 'tshop001', OrderID: 'chk-1', JobCd: 'CHECK', TdFlag: '2' });
    expect(calls[3]!.params).toMatchObject({ AccessID: 'acc1', MemberID: 'c1', CardSeq: '2', SiteID: 'tsite001', RetUrl: 'https://portal.example.jp/paymentmethod_confirm?order=chk-1' });
  });

  it('answers a used token and a card decline as declines with their codes', async () => {
    const { gateway } = fakeGmo({
      SaveMember: ['MemberID=c1', 'MemberID=c1'],
      SaveCard: ['ErrCode=E61&ErrInfo=E61010002', 'CardSeq=0&CardNo=*************111'],
      EntryTran: ['AccessID=a&AccessPass=b'],
      ExecTran: ['ErrCode=42G&ErrInfo=42G020000'],
    });
    expect(await gateway.saveCard({ memberId: 'c1', memberName: 'c1', token: 'used' })).toMatchObject({ ok: false, code: 'E61010002' });
    await gateway.saveCard({ memberId: 'c1', memberName: 'c1', token: 'fresh' });
    expect(await gateway.startThreeDs({ orderId: 'chk-2', memberId: 'c1', cardSeq: '0', returnUrl: 'https://x/' }))
      .toEqual({ ok: false, code: '42G020000', errors: [{ code: '42G', info: '42G020000' }] });
  });

  it('completes 3-D Secure only when the trade is CHECK', async () => {
    const { gateway } = fakeGmo({ SecureTran2: ['OrderID=chk-1', 'OrderID=chk-2'], SearchTrade: ['Status=CHECK', 'Status=AUTHENTICATED'] });
    const input = { orderId: 'chk-1', accessId: 'a', accessPass: 'b', callback: {} };
    expect(await gateway.completeThreeDs(input)).toEqual({ ok: true });
    expect((await gateway.completeThreeDs({ ...input, orderId: 'chk-2' })).ok).toBe(false);
  });

  it('charges in yen with the order id as idempotency key', async () => {
    const { gateway, calls } = fakeGmo({
      EntryTran: ['AccessID=a&AccessPass=b', 'ErrCode=E01&ErrInfo=E01040010'],
      ExecTran: ['ACS=0&OrderID=inv-1&Forward=2a99662&Approve=1234567&TranID=1811111111111111111111111111'],
      SearchTrade: ['OrderID=inv-1&Status=CAPTURE&TranID=1811111111111111111111111111'],
    });
    const input = { orderId: 'inv-1', amountMinor: 11_000, currency: 'JPY' as const, memberId: 'c1', cardSeq: '0' };
    expect(await gateway.charge(input)).toMatchObject({ ok: true, repeated: false, transactionId: '1811111111111111111111111111' });
    expect(calls[0]!.params).toMatchObject({ JobCd: 'CAPTURE', Amount: '11000', OrderID: 'inv-1' });
    expect(await gateway.charge(input)).toMatchObject({ ok: true, repeated: true });
    expect(calls.filter((c) => c.name === 'ExecTran')).toHaveLength(1);
    expect((await gateway.charge({ ...input, currency: 'USD' })).ok).toBe(false);
  });
});

describe('gateway config', () => {
  it('chooses the sandbox by default and requires the GMO credentials for gmo', () => {
    expect(paymentGateway({}).kind).toBe('sandbox');
    expect(ZPaymentGatewayConfig.safeParse({ PAYMENT_GATEWAY: 'gmo' }).success).toBe(false);
    const gmo = paymentGateway({ PAYMENT_GATEWAY: 'gmo', GMO_SHOP_ID: 's', GMO_SHOP_PASS: 'p', GMO_SITE_ID: 'si', GMO_SITE_PASS: 'sp' });
    expect(gmo.kind).toBe('gmo');
    expect(gmo.tokenizer('https://portal.example.jp')).toEqual({ gateway: 'gmo', scriptUrl: 'https://stg.static.mul-pay.jp/ext/js/token.js', shopId: 's' });
  });
});
