import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '@portal/proto';
import { ManualClock } from '@portal/service-common/clock';
import { sandboxToken } from '../../services/billing/src/payment/gateway/sandbox.adapter.js';
import { Agent, mailTo } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';
import { BILLING_JA, registerPayment } from '../support/payment.js';

/**
 * Issue 22 points 1, 2 and 8 through /v1: a paid plan needs billing info and a usable payment
 * method before it is applied for, and still when the operator allows it; the checkout's preview
 * states the term, what cancelling today would bill (the cancel dialog's own rule), the review's
 * deadline and the first invoice with tax (and the yen outside Japan); a plan change does not
 * charge the initial cost again unless the operator marked it per plan; card entry and 3-D Secure
 * refusals; /billing/list shows the first invoice once the plan is allowed.
 *
 * The clock: 2027-01-20 10:00 JST. A change completed now applies from 2027-02-01, the 12-month term
 * ends 2028-01-31, and a cancellation filed now ends 2027-02-28 (11 months of the term remain).
 */
describe('payment before purchase and an honest checkout (issue 22)', () => {
  let portal: TestPortal;
  let operator: Agent;
  const clock = new ManualClock(new Date('2027-01-20T10:00:00+09:00'));
  const ja = (key: string, params: Record<string, string | number> = {}) => renderMessage('ja-jp', key, params);
  const rows = <R extends Record<string, unknown>>(sql: string, values: unknown[] = []) => portal.db.query<R>(sql, values);

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock });
    operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');
  });
  afterAll(async () => {
    await portal?.close();
  });

  /** A company that signs up now (jpn), logged in as its owner. */
  async function signUp(email: string, company: string) {
    const owner = new Agent(portal);
    expect((await owner.call('POST', '/v1/client', { email, terms_agreed: true })).body.result.access_status.code).toBe(20000);
    const token = (await mailTo(portal, email, /signup\//)).text.match(/signup\/([\w-]+)\/1/)![1]!;
    const done = await owner.call('POST', '/v1/client/register', {
      access_token: token, company_name: company, phone: '03-1234-5678', family_name: '試用', given_name: '太郎',
      password: 'Trial#2026x', password_confirm: 'Trial#2026x', terms_agreed: true, privacy_agreed: true,
      position: 'manager', division: 'marketing', industry: 'information_communications', sub_industry: 'software_it_services', employees: '31-50', budget: 'yen_1m_10m',
    });
    expect(done.body.result.access_status.code, JSON.stringify(done.body)).toBe(20000);
    await portal.settle();
    const client = (await rows<{ tenant_uuid: string }>('SELECT tenant_uuid FROM jpn_identity.accounts WHERE email = $1', [email]))[0]!.tenant_uuid;
    return { owner, client };
  }

  const application = async (owner: Agent, plan_id = 'bownow_pro') => {
    const found = (await owner.call('POST', '/v1/plan/corporateNumberSearch', { corporate_name: 'デモ商事株式会社' })).body.result;
    return {
      product: 'bownow', plan_id, option_ids: [], terms_agreed: true, privacy_agreed: true,
      contract: { contract_kind: 'corporation', corporate_name: 'デモ商事株式会社', search_id: found.search_id, corporate_number: found.candidates[0].corporate_number, representative: '試用 太郎' },
    };
  };

  describe('point 1: payment before purchase', () => {
    let owner: Agent;
    let client = '';

    it('a new company\'s paid application is refused until billing info and a usable method are on file, saying what is missing', async () => {
      ({ owner, client } = await signUp('checkout-owner@example.jp', '決済商事株式会社'));
      expect((await owner.call('GET', '/v1/plan/billingPayment')).body.result).toMatchObject({ payment_required: true, billing_info: false, payment_method: null });
      expect((await owner.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_pro' })).body.result.payment_required).toBe(true);
      const refused = await owner.call('POST', '/v1/plan/apply', await application(owner));
      expect(refused.status).toBe(422);
      expect(refused.body.result.access_status.message).toBe(ja('plan.payment_required'));
      expect(refused.body.result.errors).toEqual({ billing_info: [ja('plan.billing_info_missing')], payment_method: [ja('plan.payment_method_missing')] });
      expect(await rows('SELECT 1 FROM jpn_licence.plan_applications WHERE client_uuid = $1', [client])).toEqual([]);
      // A free plan needs nothing.
      expect((await owner.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_free' })).body.result.payment_required).toBe(false);
    });

    it('takes billing info in Japan only with its kana, in full-width katakana (the SPA\'s schema, proto\'s billingInfoSchema)', async () => {
      const put = (over: Record<string, string>) => owner.call('PUT', '/v1/client/billing', { ...BILLING_JA, ...over });
      const noKana = await put({ company_kana: '', address_kana: '' });
      expect(noKana.status).toBe(422);
      expect(noKana.body.result.errors).toEqual({
        company_kana: [ja('validation.required', { field: 'field.company_kana' })], address_kana: [ja('validation.required', { field: 'field.address_kana' })],
      });
      const hiragana = await put({ company_kana: 'けっさいしょうじ', address_kana: 'ﾄｳｷｮｳﾄ', division_kana: 'Keiri' });
      expect(hiragana.body.result.errors).toEqual({
        company_kana: [ja('validation.katakana', { field: 'field.company_kana' })],
        division_kana: [ja('validation.katakana', { field: 'field.division_kana' })],
        address_kana: [ja('validation.katakana', { field: 'field.address_kana' })],
      });
      expect((await put({ company_kana: 'ケッサイショウジ　カブシキガイシャ', address_kana: 'トウキョウト　マルノウチ１－１－１' })).status).toBe(200);
      expect((await owner.call('GET', '/v1/plan/check_plan_billing_payment')).body.result).toEqual({
        access_status: { code: 20000, message: expect.any(String) }, ok: false, missing: ['payment_method'], billed_by_reseller: false,
      });
    });

    it('a failed 3-D Secure says authentication failed and the card may be tried again; a passed one registers the card', async () => {
      const challenge = async () => {
        const started = await owner.call('POST', '/v1/gmo_auth', {
          token: sandboxToken('4100000000000100'), masked_number: '410000 ****** 0100', holder_name: 'TARO SHIYO', expiry_month: 12, expiry_year: 2031,
        });
        expect(started.body.result).toMatchObject({ status: 'challenge' });
        return { order_id: started.body.result.order_id as string, t: new URL(started.body.result.redirect_url).searchParams.get('t')! };
      };
      const failed = await challenge();
      const refused = await owner.call('POST', '/v1/gmo_secure_tran', { order_id: failed.order_id, callback: { cres: 'N', t: failed.t } });
      expect(refused.status).toBe(422);
      expect(refused.body.result.access_status.message).toBe(ja('payment.secure_failed'));
      expect(refused.body.result.access_status.message).not.toBe(ja('payment.card_failed'));
      expect((await owner.call('GET', '/v1/plan/billingPayment')).body.result.payment_method).toBeNull();
      const passed = await challenge();
      expect((await owner.call('POST', '/v1/gmo_secure_tran', { order_id: passed.order_id, callback: { cres: 'Y', t: passed.t } })).body.result).toMatchObject({
        status: 'registered', card: { masked_number: '410000******0100' },
      });
      expect((await owner.call('GET', '/v1/plan/billingPayment')).body.result).toMatchObject({
        payment_required: false, registered: true, payment_method: { method: 'credit_card', label: '410000******0100' },
      });
    });

    it('the checkout states the term, what cancelling today bills, the review deadline and the first invoice with tax', async () => {
      const preview = (await owner.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_pro' })).body.result;
      expect(preview).toMatchObject({
        monthly_amount: 40000, one_time_amount: 30000, payment_required: false,
        effective_from: '2027-02-01', billing_start: '2027-02-01', minimum_term_end: '2028-01-31', review_deadline: '2027-01-25',
        // Cancelled today once allowed: ends 2027-02-28, March 2027 to January 2028 remain.
        cancel_preview: { ends_on: '2027-02-28', penalty_months: 11, penalty_amount: 440000 },
        first_invoice: {
          month: '2027-02', billing_date: '2027-02-28',
          lines: [{ kind: 'plan', name: 'プロプラン', amount: 40000, quantity: 1 }, { kind: 'initial_cost', name: '初期費用', amount: 30000, quantity: 1 }],
        },
        next_invoice: { invoice_date: '2027-02-01', subtotal_minor: 70000, tax_minor: 7000, total_minor: 77000, charge_total_minor: 77000, fx: null },
        waived_initial_costs: [],
      });
      expect(preview.next_invoice.per_rate).toEqual([expect.objectContaining({ rate: '10.0', subtotal_minor: 70000, tax_minor: 7000 })]);
    });

    it('applies once the method is there; after the allowance the cancel dialog asks what the checkout said, and /billing/list shows the first invoice', async () => {
      const applied = await owner.call('POST', '/v1/plan/apply', await application(owner));
      expect(applied.body.result, JSON.stringify(applied.body)).toMatchObject({ status: 'reviewing' });
      const allowed = await operator.call('POST', '/v1/operator/plan_applications/allow', { id: applied.body.result.application_id, region: 'jpn' });
      expect(allowed.body.result).toMatchObject({ status: 'allowed', effective_from: '2027-02-01' });

      const pro = (await owner.call('GET', '/v1/plan/client-list')).body.result.contracts.find((c: { plan_id: string }) => c.plan_id === 'bownow_pro');
      expect(pro).toMatchObject({ status: 'scheduled', minimum_term_end: '2028-01-31', cancel_preview: { ends_on: '2027-02-28', penalty_months: 11, penalty_amount: 440000 } });
      // Issue 23: the dialog's last invoice: February's lines and the penalty running to the term's end, priced with tax.
      const last = pro.cancel_preview.last_invoice;
      expect(last).toMatchObject({ month: '2027-02', billing_date: '2027-02-28' });
      expect(last.lines.find((l: { kind: string }) => l.kind === 'penalty')).toMatchObject({ quantity: 11, unit_amount_minor: 40000, amount_minor: 440000, period_from: '2027-03-01', period_to: '2028-01-31' });
      const subtotal = last.lines.reduce((s: number, l: { amount_minor: number }) => s + l.amount_minor, 0);
      expect(last.invoice).toMatchObject({ invoice_date: '2027-02-01', subtotal_minor: subtotal, tax_minor: subtotal / 10, total_minor: subtotal * 1.1 });

      const list = (await owner.call('GET', '/v1/billing/list')).body.result;
      expect(list.invoices).toEqual([]);
      // Issue 23: the first invoice to be issued, scheduled, with its lines, priced at 00:00 JST on its date.
      expect(list.next).toMatchObject({
        month: '2027-02', status: 'scheduled', invoice_date: '2027-02-01', rate_instant: '2027-01-31T15:00:00.000Z', billing_date: '2027-02-28',
        subtotal_minor: 70000, tax_minor: 7000, total_minor: 77000, currency: 'JPY', charge_total_minor: 77000, charge_currency: 'JPY',
        per_rate: [{ rate: '10.0', subtotal_minor: 70000, tax_minor: 7000 }], fx: null,
      });
      expect(list.next.lines.reduce((s: number, l: { amount_minor: number }) => s + l.amount_minor, 0)).toBe(70000);
      expect(list.next.lines.every((l: { period_from: string }) => l.period_from === '2027-02-01')).toBe(true);
      expect(list.unpaid).toEqual([]);

      // The cancellation bills what the dialog (and the checkout) said, though the contract has not started.
      const cancelled = await owner.call('POST', '/v1/plan/cancel', { contract_id: pro.id });
      expect(cancelled.body.result).toMatchObject({ status: 'cancelling', ends_on: '2027-02-28', penalty_months: 11 });
    });

    it('the operator\'s allow refuses an application whose client has lost its method meanwhile, and allows it once one is back', async () => {
      const second = await signUp('checkout-lost@example.jp', '喪失商事株式会社');
      await registerPayment(second.owner);
      const applied = await second.owner.call('POST', '/v1/plan/apply', await application(second.owner, 'bownow_entry'));
      expect(applied.body.result.status).toBe('reviewing');
      // The card is gone (replaced by a request not yet confirmed, deleted, expired: the method is no longer usable).
      await rows('DELETE FROM jpn_billing.payment_methods WHERE client_uuid = $1', [second.client]);
      // Issue 25 point 2: the confirmation's preview says so before the operator confirms.
      const preview = await operator.call('GET', `/v1/operator/plan_applications/preview?id=${applied.body.result.application_id}&region=jpn`);
      expect(preview.body.result.refusal).toBe(`${ja('plan.allow_payment_missing')} ${ja('plan.payment_method_missing')}`);
      const refused = await operator.call('POST', '/v1/operator/plan_applications/allow', { id: applied.body.result.application_id, region: 'jpn' });
      expect(refused.status).toBe(422);
      expect(refused.body.result.access_status.message).toBe(ja('plan.allow_payment_missing'));
      expect(refused.body.result.errors).toEqual({ payment_method: [ja('plan.payment_method_missing')] });
      expect((await rows<{ status: string }>('SELECT status FROM jpn_licence.plan_applications WHERE id = $1', [applied.body.result.application_id]))[0]!.status).toBe('reviewing');

      await registerPayment(second.owner, null);
      expect((await operator.call('POST', '/v1/operator/plan_applications/allow', { id: applied.body.result.application_id, region: 'jpn' })).body.result.status).toBe('allowed');
    });
  });

  describe('point 2: the initial cost on a plan change', () => {
    let demo: Agent;
    beforeAll(async () => {
      demo = new Agent(portal);
      await demo.login('owner@example.com', 'Owner#2026');
    });

    it('a change within a product the client pays for does not charge the initial cost again, and says so', async () => {
      const preview = (await demo.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_pro', option_ids: [] })).body.result;
      expect(preview.items.map((i: { plan_id: string }) => i.plan_id)).toEqual(['bownow_pro']);
      expect(preview).toMatchObject({
        one_time_amount: 0, waived_initial_costs: [{ plan_id: 'bownow_initial', name: '初期費用', amount: 30000 }],
        // The change keeps the term begun 2026-04-01: cancelling today (ends 2027-02-28) leaves March 2027.
        billing_start: '2026-04-01', minimum_term_end: '2027-03-31', cancel_preview: { ends_on: '2027-02-28', penalty_months: 1, penalty_amount: 40000 },
        first_invoice: { month: '2027-02', lines: [{ kind: 'plan', name: 'プロプラン', amount: 40000, quantity: 1 }] },
      });
    });

    it('an initial cost the operator marks per plan is charged on a change to its plan, as its own explained line', async () => {
      const base = {
        product: 'bownow', scheme: 'legacy', status: 'available', contract_kind: 'monthly', billing_type: 'fixed', amount_usd: null,
        explanation: {}, contractable: [], exclusive: [],
      };
      const onboarding = { ...base, id: 'bownow_onboarding_i22', name: { 'ja-jp': 'プラン別導入支援', 'en-us': 'Plan onboarding' }, type: 'initial_cost_plan', contract_kind: 'single_month', amount_jpy: 80000 };
      // Only an initial cost can be per plan.
      const wrong = await operator.call('POST', '/v1/operator/plans', { ...onboarding, type: 'plan', per_plan: true });
      expect(wrong.body.result.errors.per_plan).toEqual([ja('plan.per_plan_initial_cost_only')]);
      expect((await operator.call('POST', '/v1/operator/plans', { ...onboarding, per_plan: true })).body.result.plan).toMatchObject({ id: onboarding.id, per_plan: true });
      expect((await operator.call('POST', '/v1/operator/plans', {
        ...base, id: 'bownow_enterprise_i22', name: { 'ja-jp': 'エンタープライズプラン', 'en-us': 'Enterprise plan' }, type: 'plan', amount_jpy: 90000,
        initial_cost_plan_id: onboarding.id,
      })).status).toBe(200);

      const preview = (await demo.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_enterprise_i22', option_ids: [] })).body.result;
      expect(preview.items).toEqual([
        { plan_id: 'bownow_enterprise_i22', type: 'plan', name: 'エンタープライズプラン', amount: 90000 },
        { plan_id: 'bownow_onboarding_i22', type: 'initial_cost_plan', name: 'プラン別導入支援', amount: 80000, per_plan: true },
      ]);
      expect(preview).toMatchObject({ one_time_amount: 80000, waived_initial_costs: [] });
      expect(preview.first_invoice.lines).toEqual([
        { kind: 'plan', name: 'エンタープライズプラン', amount: 90000, quantity: 1 },
        { kind: 'initial_cost_per_plan', name: 'プラン別導入支援', amount: 80000, quantity: 1 },
      ]);
    });
  });

  describe('outside Japan', () => {
    it('a US client\'s first invoice is charged in yen at the stored rate; its application needs a card first', async () => {
      const us = new Agent(portal, { host: 'portal.example.com' });
      await us.login('owner-us@example.com', 'OwnerUs#2026');
      const preview = (await us.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_entry', option_ids: [] })).body.result;
      expect(preview).toMatchObject({
        currency: 'USD', payment_required: true, first_invoice: { month: '2027-02', billing_date: '2027-02-28', lines: [{ kind: 'plan', name: 'Entry plan', amount: 4900, quantity: 1 }] },
        next_invoice: { display_currency: 'USD', charge_currency: 'JPY', total_minor: 4900, fx: { rate: '150.25' } },
      });
      // $49.00 at ¥150.25.
      expect(preview.next_invoice.charge_total_minor).toBe(7362);
      const refused = await us.call('POST', '/v1/plan/apply', {
        product: 'bownow', plan_id: 'bownow_entry', option_ids: [], terms_agreed: true, privacy_agreed: true,
        contract: { contract_kind: 'corporation', corporate_name: 'Demo Corp.', representative: 'Alex Smith' },
      });
      expect(refused.body.result.access_status.message).toBe(renderMessage('en-us', 'plan.payment_required'));
      expect(Object.keys(refused.body.result.errors)).toEqual(['payment_method']);
    });
  });
});
