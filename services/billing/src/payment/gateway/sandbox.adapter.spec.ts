import { describe, expect, it } from 'vitest';
import { SandboxPaymentGateway, sandboxToken } from './sandbox.adapter.js';
import { MemorySandboxLedger } from './sandbox-ledger.repository.js';

const gateway = () => new SandboxPaymentGateway();

async function saved(g: SandboxPaymentGateway, number: string, memberId = 'cm1') {
  const result = await g.saveCard({ memberId, memberName: 'ACME', token: sandboxToken(number) });
  if (!result.ok) throw new Error(result.code);
  return result;
}

describe('SandboxPaymentGateway', () => {
  it('stores the success card by its masked number and authenticates it without a challenge', async () => {
    const g = gateway();
    const card = await saved(g, '4111111111111111');
    expect(card.maskedNumber).toBe('411111******1111');
    const check = await g.startThreeDs({ orderId: 'o-1', memberId: 'cm1', cardSeq: card.cardSeq, returnUrl: 'http://localhost:8080/paymentmethod_confirm' });
    expect(check).toMatchObject({ ok: true, kind: 'authenticated' });
  });

  it('refuses a token used twice (E61010002)', async () => {
    const g = gateway();
    const token = sandboxToken('4111111111111111');
    expect((await g.saveCard({ memberId: 'm', memberName: 'x', token })).ok).toBe(true);
    expect(await g.saveCard({ memberId: 'm', memberName: 'x', token })).toMatchObject({ ok: false, code: 'E61010002' });
    expect(await g.saveCard({ memberId: 'm', memberName: 'x', token: 'garbage' })).toMatchObject({ ok: false, code: 'E61010001' });
  });

  it('declines the decline card with 42G020000', async () => {
    const g = gateway();
    const card = await saved(g, '4000000000000002');
    expect(await g.startThreeDs({ orderId: 'o-2', memberId: 'cm1', cardSeq: card.cardSeq, returnUrl: 'http://x/' }))
      .toMatchObject({ ok: false, code: '42G020000', errors: [{ code: '42G', info: '42G020000' }] });
  });

  it('sends the challenge card to the challenge page (unescaped &t=) and completes only with cres=Y', async () => {
    const g = gateway();
    const card = await saved(g, '4100000000000100');
    const start = await g.startThreeDs({ orderId: 'o-3', memberId: 'cm1', cardSeq: card.cardSeq, returnUrl: 'http://localhost:8080/paymentmethod_confirm?order=o-3' });
    if (!start.ok || start.kind !== 'challenge') throw new Error('expected a challenge');
    expect(start.redirectUrl).toMatch(/^http:\/\/localhost:8080\/sandbox\/gmo\/challenge\?ret=http%3A%2F%2Flocalhost%3A8080%2Fpaymentmethod_confirm%3Forder%3Do-3&t=\w+$/);
    const base = { orderId: 'o-3', accessId: start.accessId, accessPass: start.accessPass };
    expect(await g.completeThreeDs({ ...base, callback: { cres: 'N' } })).toMatchObject({ ok: false });
    expect(await g.completeThreeDs({ ...base, orderId: 'other', callback: { cres: 'Y' } })).toMatchObject({ ok: false });
    expect(await g.completeThreeDs({ ...base, callback: { cres: 'Y' } })).toEqual({ ok: true });
  });

  it('charges once per order id, in yen only, and declines the charge-decline card', async () => {
    const ledger = new MemorySandboxLedger();
    const g = new SandboxPaymentGateway(ledger);
    const card = await saved(g, '4111111111111111');
    const input = { orderId: 'inv-1', amountMinor: 11_000, currency: 'JPY' as const, memberId: 'cm1', cardSeq: card.cardSeq };
    expect(await g.charge(input)).toMatchObject({ ok: true, repeated: false });
    expect(await g.charge(input)).toMatchObject({ ok: true, repeated: true });
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.repeats.get('inv-1')).toBe(1);
    expect(await g.charge({ ...input, orderId: 'inv-2', currency: 'USD' })).toMatchObject({ ok: false });
    const bad = await saved(g, '4000000000000341', 'cm2');
    expect(await g.charge({ ...input, orderId: 'inv-3', memberId: 'cm2', cardSeq: bad.cardSeq })).toMatchObject({ ok: false, code: '42G020000' });
  });
});
