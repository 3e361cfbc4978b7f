import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaPg } from '@prisma/adapter-pg';
import { ManualClock } from '@portal/service-common/clock';
import { renderMessage } from '@portal/proto';
import { PrismaClient } from '../../services/licence/src/generated/prisma/client.js';
import type { LicenceDb } from '../../services/licence/src/db.js';
import { ContractsRepository } from '../../services/licence/src/plans/contracts.repository.js';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent, mailTo } from '../support/agent.js';
import { registerPayment } from '../support/payment.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 10, slice C: plan application with the corporate-number search (sandbox directory), the
 * operator's review, timing and terms, cancellation. The clock is 2026-11-24 10:00 JST: a change
 * completed now applies from 2026-12-01; a cancellation filed now ends on 2026-12-31.
 */
describe('plan application and review (issue 10 §5–§7)', () => {
  let portal: TestPortal;
  let owner: Agent;
  let operator: Agent;
  const clock = new ManualClock(new Date('2026-11-24T10:00:00+09:00'));
  const licenceType = async (uuid: string = DEMO_IDS.client, shard = 'jpn') =>
    (await portal.db.query<{ licence_type: string }>(`SELECT licence_type FROM ${shard}_licence.clients WHERE uuid = $1`, [uuid]))[0]!.licence_type;
  const counts = async () => (await portal.db.query<{ a: number; c: number }>(
    'SELECT (SELECT count(*)::int FROM jpn_licence.plan_applications) AS a, (SELECT count(*)::int FROM jpn_licence.contracts) AS c'))[0]!;
  const operations = async (op: string, shard = 'jpn') => portal.db.query<{ detail: Record<string, unknown>; account_uuid: string | null }>(
    `SELECT detail, account_uuid FROM ${shard}_usage_log.operation_logs WHERE operation = $1 ORDER BY occurred_at`, [op]);

  let searchId = '';
  let chosenNumber = '';
  const contract = () => ({ contract_kind: 'corporation', corporate_name: 'デモ商事', search_id: searchId, corporate_number: chosenNumber, representative: '山田 一郎' });
  const proApplication = () => ({
    product: 'bownow', plan_id: 'bownow_pro', option_ids: ['bownow_opt_accounts'], contract: contract(), terms_agreed: true, privacy_agreed: true,
  });

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock });
    owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('lists the seeded contract with its items, dates and what cancelling now would cost', async () => {
    const res = await owner.call('GET', '/v1/plan/client-list');
    expect(res.status).toBe(200);
    const list = res.body.result;
    expect(list).toMatchObject({ licence_state: 'normal', eligibility: { allowed: true, paid_allowed: true, reason: null }, rejection_reason: null });
    const bownow = list.contracts.find((c: { product: string }) => c.product === 'bownow');
    expect(bownow).toMatchObject({
      plan_id: 'bownow_standard', plan_name: 'スタンダードプラン', status: 'active', currency: 'JPY', monthly_amount: 30000,
      effective_from: '2026-04-01', billing_start: '2026-04-01', minimum_term_end: '2027-03-31', ends_on: null,
      // Filed 2026-11-24: ends 2026-12-31; Jan–Mar 2027 remain of the minimum term.
      cancel_preview: { ends_on: '2026-12-31', penalty_months: 3, penalty_amount: 90000 },
    });
    expect(bownow.items.map((i: { plan_id: string }) => i.plan_id)).toEqual(['bownow_standard', 'bownow_opt_crm_basic', 'bownow_initial']);
  });

  it('refuses users (level 9) by the policy table and says why on the check', async () => {
    const user = new Agent(portal);
    await user.login('user@example.com', 'User#2026');
    expect((await user.call('GET', '/v1/plan/modify_check')).body.result).toMatchObject({ allowed: false, reason: 'user_level' });
    expect((await user.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_pro' })).status).toBe(403);
    expect((await user.call('POST', '/v1/plan/apply', proApplication())).status).toBe(403);
    expect((await user.call('POST', '/v1/plan/corporateNumberSearch', { corporate_name: 'デモ' })).status).toBe(403);
    // Operator screens are the operator's only.
    expect((await owner.call('GET', '/v1/operator/plan_applications')).status).toBe(403);
  });

  it('refuses support sessions by the policy table: a partner\'s (operator type 1) everywhere, an operator\'s into a client with a contract type on the change pages', async () => {
    const supportOf = async (email: string, password: string) => {
      const staff = new Agent(portal);
      await staff.login(email, password);
      const issued = await staff.call('POST', '/v1/proxy_login/issue', { client_uuid: DEMO_IDS.client, region: 'jpn' });
      expect(issued.status).toBe(200);
      const support = new Agent(portal);
      expect((await support.call('POST', '/v1/proxy_login', { access_token: decodeURIComponent((issued.body.result.url as string).split('/proxy_login/')[1]!) })).status).toBe(200);
      return support;
    };
    const partner = await supportOf('partner@example.com', 'Partner#2026');
    expect((await partner.call('GET', '/v1/plan/client-list')).status).toBe(403);
    expect((await partner.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_pro' })).status).toBe(403);
    const operatorSupport = await supportOf('operator@example.com', 'Operator#2026');
    expect((await operatorSupport.call('GET', '/v1/plan/client-list')).status).toBe(200);
    expect((await operatorSupport.call('GET', '/v1/plan/contractinfo')).status).toBe(403);
    expect((await operatorSupport.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_pro' })).status).toBe(403);
    expect((await operatorSupport.call('POST', '/v1/plan/corporateNumberSearch', { corporate_name: 'デモ' })).status).toBe(403);
  });

  it('searches the corporate-number directory: no result, too many candidates, and candidates to choose from', async () => {
    const none = await owner.call('POST', '/v1/plan/corporateNumberSearch', { corporate_name: '存在しない名前の会社' });
    expect(none.status).toBe(422);
    expect(none.body.result.errors.corporate_name).toEqual(['該当する法人が見つかりませんでした。登記上の名称を確認して、もう一度検索してください。']);
    const many = await owner.call('POST', '/v1/plan/corporateNumberSearch', { corporate_name: 'サンプル' });
    expect(many.body.result.errors.corporate_name).toEqual(['該当する法人が多すぎます（25件）。登記上の名称をより正確に入力してください。']);
    const empty = await owner.call('POST', '/v1/plan/corporateNumberSearch', { corporate_name: '  ' });
    expect(empty.status).toBe(422);
    const found = await owner.call('POST', '/v1/plan/corporateNumberSearch', { corporate_name: 'デモ商事' });
    expect(found.status).toBe(200);
    expect(found.body.result.total).toBe(2);
    expect(found.body.result.candidates.map((c: { name: string }) => c.name)).toEqual(['デモ商事株式会社', 'デモ商事販売株式会社']);
    searchId = found.body.result.search_id;
    chosenNumber = found.body.result.candidates[0].corporate_number;
  });

  it('fixes name, number and location to the chosen candidate and refuses a number the search did not answer', async () => {
    const q = (o: Record<string, string>) => `/v1/plan/check_plan_contractinfo?${new URLSearchParams(o)}`;
    const checked = await owner.call('GET', q({ ...contract(), corporate_name: '別の名前' }));
    expect(checked.body.result).toMatchObject({ corporate_name: 'デモ商事株式会社', corporate_number: chosenNumber, location: '東京都千代田区丸の内１－１－１' });
    const forged = await owner.call('GET', q({ ...contract(), corporate_number: '7000012050002' }));
    expect(forged.body.result.errors.corporate_number).toEqual(['この法人番号は検索結果にありません。もう一度検索して、結果から選択してください。']);
    const { search_id: _s, corporate_number: _n, ...withoutSearch } = contract();
    const unsearched = await owner.call('GET', q(withoutSearch));
    expect(unsearched.body.result.errors.corporate_number).toEqual(['法人名で検索し、検索結果から法人を選択してください。']);
    const noRepresentative = await owner.call('GET', q({ ...contract(), representative: '' }));
    expect(Object.keys(noRepresentative.body.result.errors)).toEqual(['representative']);
  });

  it('previews timing and terms, and refuses unknown plans, options of another plan and options that cannot be combined', async () => {
    const preview = await owner.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_pro', option_ids: ['bownow_opt_accounts'] });
    expect(preview.body.result).toMatchObject({
      // Issue 22: a change within a product the client pays for does not charge the initial cost again.
      plan_name: 'プロプラン', currency: 'JPY', monthly_amount: 43000, one_time_amount: 0, review_required: true,
      // A paid plan replacing a paid one keeps the term it started.
      effective_from: '2026-12-01', billing_start: '2026-04-01', minimum_term_end: '2027-03-31',
      replaces: { plan_name: 'スタンダードプラン', ends_on: '2026-11-30' }, penalty_months: 0,
      // The demo company has billing info and a card on file (issue 22).
      payment_required: false,
    });
    const unknown = await owner.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_nope' });
    expect(unknown.body.result.errors).toEqual({ plan_id: ['プランを一覧から選択してください。'] });
    const stopped = await owner.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_legacy_basic' });
    expect(stopped.body.result.errors.plan_id).toHaveLength(1);
    const otherProduct = await owner.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_pro', option_ids: ['actibook_opt_storage'] });
    expect(otherProduct.body.result.errors).toEqual({ option_ids: ['このプランのオプションを一覧から選択してください。'] });
    const exclusive = await owner.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_pro', option_ids: ['bownow_opt_crm_basic', 'bownow_opt_crm_advanced'] });
    expect(exclusive.body.result.errors).toEqual({ option_ids: ['次のオプションは同時にお申し込みいただけません：CRM連携ベーシック / CRM連携アドバンス'] });
    const same = await owner.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_standard', option_ids: ['bownow_opt_crm_basic'] });
    expect(same.body.result.errors.plan_id).toEqual(['すでにこのプランをご契約中です。別のプランを選ぶか、オプションを変更してください。']);
    const noPlan = await owner.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: '' });
    expect(noPlan.status).toBe(422);
  });

  it('refuses an application without the agreements or with a number not from the search, changing nothing', async () => {
    const before = await counts();
    const disagreed = await owner.call('POST', '/v1/plan/apply', { ...proApplication(), privacy_agreed: false });
    expect(disagreed.status).toBe(422);
    expect(Object.keys(disagreed.body.result.errors)).toEqual(['privacy_agreed']);
    const forged = await owner.call('POST', '/v1/plan/apply', { ...proApplication(), contract: { ...contract(), corporate_number: '7000012050002' } });
    expect(Object.keys(forged.body.result.errors)).toEqual(['corporate_number']);
    const exclusive = await owner.call('POST', '/v1/plan/apply', { ...proApplication(), option_ids: ['bownow_opt_crm_basic', 'bownow_opt_crm_advanced'] });
    expect(Object.keys(exclusive.body.result.errors)).toEqual(['option_ids']);
    // Issue 25: a minor revision of the terms is asked at the next application: refused without naming the current version.
    const draft = await operator.call('POST', '/v1/operator/terms', { kind: 'terms', language: 'ja-jp', content_html: '<p>軽微な改定</p>' });
    expect((await operator.call('POST', '/v1/operator/terms/publish', { id: draft.body.result.terms.id, change: 'minor' })).body.result.terms).toMatchObject({ version: 2, change: 'minor' });
    const unagreed = await owner.call('POST', '/v1/plan/apply', proApplication());
    expect(unagreed.status).toBe(422);
    expect(unagreed.body.result.errors.terms_agreed).toEqual([renderMessage('ja-jp', 'terms.agreement_required')]);
    const stale = await owner.call('POST', '/v1/plan/apply', { ...proApplication(), terms_version: 1 });
    expect(stale.body.result.errors.terms_agreed).toEqual([renderMessage('ja-jp', 'terms.version_changed')]);
    await portal.settle();
    expect(await counts()).toEqual(before);
    expect(await licenceType()).toBe('normal');
  });

  it('puts the client under review on a paid application, mails the applicant and logs it in words', async () => {
    // It names the terms version revised above (issue 25), which the agreement records.
    const res = await owner.call('POST', '/v1/plan/apply', { ...proApplication(), terms_version: 2 });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ status: 'reviewing', preview: { effective_from: '2026-12-01' } });
    expect(await licenceType()).toBe('reviewing');
    const mail = await mailTo(portal, 'owner@example.com', /プロプラン/);
    expect(mail.subject).toBe('プランのお申し込みを受け付けました（BowNow）');
    const [log] = await eventually(async () => { const rows = await operations('plan_change_applied'); return rows.length ? rows : null; });
    expect(log!.detail).toMatchObject({ product: 'bownow', plan: 'プロプラン', options: ['ユーザー追加（5アカウント）'], effective_from: '2026-12-01', review: 'required' });
    // The terms and privacy agreements are recorded with the application (slice B's agreements).
    const agreed = await portal.db.query<{ kind: string; version: number }>("SELECT kind, version FROM jpn_licence.agreements WHERE occasion = 'plan_application' ORDER BY kind");
    expect(agreed.map((a) => a.kind)).toEqual(['privacy', 'terms']);
    expect(agreed[1]!.version).toBe(2);
    const list = (await owner.call('GET', '/v1/plan/client-list')).body.result;
    expect(list).toMatchObject({ licence_state: 'reviewing', eligibility: { allowed: false, reason: 'under_review' } });
    expect(list.contracts.find((c: { plan_id: string }) => c.plan_id === 'bownow_pro')).toMatchObject({ status: 'reviewing', cancel_preview: null });
  });

  it('while reviewing: no other application and no company change, each with its message', async () => {
    const again = await owner.call('POST', '/v1/plan/apply', { ...proApplication(), product: 'actibook', plan_id: 'actibook_premium', option_ids: [] });
    expect(again.status).toBe(422);
    expect(again.body.result.access_status.message).toBe('プランのお申し込みを審査中です。審査が完了するまで、別のプランのお申し込みや会社情報の変更はできません。');
    const company = (await owner.call('GET', '/v1/client/company')).body.result;
    const { access_status: _a, company_uuid: _c, region: _r, logo_url: _l, logo_crop: _lc, locked, ...fields } = company;
    expect(locked).toBe(true);
    const changed = await owner.call('PUT', '/v1/client/company', { ...fields, phone: '03-9999-9999' });
    expect(changed.status).toBe(422);
    expect((await owner.call('GET', '/v1/plan/modify_check')).body.result.reason).toBe('under_review');
  });

  it('lets the operator allow it: the contract is scheduled, the old one ends the day before, the client is mailed', async () => {
    const list = await operator.call('GET', '/v1/operator/plan_applications');
    expect(list.status).toBe(200);
    const pending = list.body.result.applications.find((a: { plan_id: string }) => a.plan_id === 'bownow_pro');
    expect(pending).toMatchObject({
      region: 'jpn', company_name: 'デモ商事株式会社', status: 'reviewing', corporate_name: 'デモ商事株式会社', corporate_number: chosenNumber,
      representative: '山田 一郎', monthly_amount: 43000, applicant_name: expect.stringContaining('山田'),
    });
    // Issue 25 point 2: the preview the confirmation shows: the plan now → the one applied for, with prices and the date; it writes nothing.
    expect((await owner.call('GET', `/v1/operator/plan_applications/preview?id=${pending.id}&region=jpn`)).status).toBe(403);
    const preview = await operator.call('GET', `/v1/operator/plan_applications/preview?id=${pending.id}&region=jpn`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.result).toMatchObject({
      application: { id: pending.id, plan_name: 'プロプラン', monthly_amount: 43000, status: 'reviewing' },
      current: { plan_name: 'スタンダードプラン', monthly_amount: 30000, currency: 'JPY' }, effective_from: '2026-12-01', refusal: null,
    });
    expect(await licenceType()).toBe('reviewing');
    expect((await operator.call('GET', '/v1/operator/plan_applications')).body.result.applications.find((a: { id: string }) => a.id === pending.id).status).toBe('reviewing');
    const allowed = await operator.call('POST', '/v1/operator/plan_applications/allow', { id: pending.id, region: 'jpn' });
    expect(allowed.body.result).toMatchObject({ status: 'allowed', effective_from: '2026-12-01' });
    const twice = await operator.call('POST', '/v1/operator/plan_applications/allow', { id: pending.id, region: 'jpn' });
    expect(twice.body.result.access_status.message).toBe('このお申し込みはすでに審査済みです。');
    expect(await licenceType()).toBe('normal');
    const contracts = (await owner.call('GET', '/v1/plan/client-list')).body.result.contracts;
    expect(contracts.find((c: { plan_id: string }) => c.plan_id === 'bownow_pro')).toMatchObject({ status: 'scheduled', effective_from: '2026-12-01', billing_start: '2026-04-01' });
    expect(contracts.find((c: { plan_id: string }) => c.plan_id === 'bownow_standard')).toMatchObject({ status: 'active', ends_on: '2026-11-30', cancel_preview: null });
    expect((await mailTo(portal, 'owner@example.com', /承認しました/)).subject).toBe('プランのお申し込みが承認されました（BowNow）');
    const [log] = await eventually(async () => { const rows = await operations('plan_application_allowed'); return rows.length ? rows : null; });
    expect(log!.detail).toMatchObject({ product: 'bownow', plan: 'プロプラン', effective_from: '2026-12-01' });
    // The plan master's "number in use" counts the contracts (the standard plan until 11-30, the pro plan from 12-01).
    const master = (await operator.call('GET', '/v1/operator/plans?product=bownow')).body.result.plans as { id: string; in_use: number }[];
    expect(master.find((p) => p.id === 'bownow_pro')!.in_use).toBe(1);
    expect(master.find((p) => p.id === 'bownow_standard')!.in_use).toBe(1);
  });

  it('lets the operator reject with a reason; a rejected client cannot apply for a paid plan', async () => {
    const applied = await owner.call('POST', '/v1/plan/apply', { ...proApplication(), product: 'actibook', plan_id: 'actibook_premium', option_ids: [] });
    expect(applied.body.result.status).toBe('reviewing');
    const id = applied.body.result.application_id;
    const noReason = await operator.call('POST', '/v1/operator/plan_applications/reject', { id, region: 'jpn', reason: ' ' });
    expect(Object.keys(noReason.body.result.errors)).toEqual(['reason']);
    expect(await licenceType()).toBe('reviewing');
    const rejected = await operator.call('POST', '/v1/operator/plan_applications/reject', { id, region: 'jpn', reason: '与信審査の結果' });
    expect(rejected.body.result).toMatchObject({ status: 'rejected', reason: '与信審査の結果' });
    expect(await licenceType()).toBe('rejected');
    const mail = await mailTo(portal, 'owner@example.com', /与信審査の結果/);
    expect(mail.subject).toBe('プランのお申し込みの審査結果（ActiBook）');
    const list = (await owner.call('GET', '/v1/plan/client-list')).body.result;
    expect(list).toMatchObject({ licence_state: 'rejected', rejection_reason: '与信審査の結果', eligibility: { allowed: true, paid_allowed: false, reason: 'rejected' } });
    const again = await owner.call('POST', '/v1/plan/apply', { ...proApplication(), product: 'actibook', plan_id: 'actibook_standard', option_ids: [] });
    expect(again.body.result.access_status.message).toBe('プランのお申し込みが承認されなかったため、有料プランにはお申し込みいただけません。サポートまでお問い合わせください。');
    const [log] = await eventually(async () => { const rows = await operations('plan_application_rejected'); return rows.length ? rows : null; });
    expect(log!.detail).toMatchObject({ product: 'actibook', plan: 'プレミアムプラン', reason: '与信審査の結果' });
  });

  it('lets a rejected client apply for a free plan: it applies at once, without review or mail', async () => {
    const mailsBefore = portal.mailbox.messages({ to: 'owner@example.com' }).length;
    const res = await owner.call('POST', '/v1/plan/apply', { ...proApplication(), product: 'actibook', plan_id: 'actibook_free', option_ids: [] });
    expect(res.body.result).toMatchObject({ status: 'applied', preview: { review_required: false, monthly_amount: 0, effective_from: '2026-12-01', billing_start: null } });
    expect(await licenceType()).toBe('rejected');
    const free = (await owner.call('GET', '/v1/plan/client-list')).body.result.contracts.find((c: { plan_id: string }) => c.plan_id === 'actibook_free');
    expect(free).toMatchObject({ status: 'scheduled', effective_from: '2026-12-01', minimum_term_end: null });
    await portal.settle();
    expect(portal.mailbox.messages({ to: 'owner@example.com' })).toHaveLength(mailsBefore);
  });

  it('cancels a US contract by the rules, in USD, with the penalty of the minimum term, once', async () => {
    const us = new Agent(portal, { host: 'portal.example.com' });
    await us.login('owner-us@example.com', 'OwnerUs#2026');
    const [actibook] = (await us.call('GET', '/v1/plan/client-list')).body.result.contracts;
    expect(actibook).toMatchObject({ product: 'actibook', currency: 'USD', monthly_amount: 11900, status: 'active', minimum_term_end: '2027-05-31' });
    const cancelled = await us.call('POST', '/v1/plan/cancel', { contract_id: actibook.id });
    // Filed 2026-11-24 JST: ends 2026-12-31; January to May 2027 remain: 5 × $119.00.
    expect(cancelled.body.result).toMatchObject({ status: 'cancelling', ends_on: '2026-12-31', penalty_months: 5, cancel_preview: null });
    const again = await us.call('POST', '/v1/plan/cancel', { contract_id: actibook.id });
    expect(again.status).toBe(422);
    expect(again.body.result.access_status.message).toBe('This contract cannot be canceled: it is already canceled, ended or under review.');
    const [log] = await eventually(async () => { const rows = await operations('plan_cancelled', 'usa'); return rows.length ? rows : null; });
    expect(log!.detail).toMatchObject({ product: 'actibook', plan: 'Standard plan', ends_on: '2026-12-31', penalty_months: 5 });
    // Another client's contract is not found.
    expect((await owner.call('POST', '/v1/plan/cancel', { contract_id: actibook.id })).status).toBe(422);
  });

  it('takes one of two paid applications sent at once; the other is refused as under review (overseas: no search, USD)', async () => {
    const us = new Agent(portal, { host: 'portal.example.com' });
    await us.login('owner-us@example.com', 'OwnerUs#2026');
    // Issue 22: a paid plan needs a usable method first (the demo company has billing info, no card).
    await registerPayment(us, null);
    const application = (plan_id: string) => ({
      product: 'bownow', plan_id, option_ids: [], terms_agreed: true, privacy_agreed: true,
      contract: { contract_kind: 'corporation', corporate_name: 'Demo Corp.', representative: 'Alex Smith' },
    });
    const answers = await Promise.all([us.call('POST', '/v1/plan/apply', application('bownow_entry')), us.call('POST', '/v1/plan/apply', application('bownow_pro'))]);
    const codes = answers.map((a) => a.body.result.access_status.code).sort();
    expect(codes).toEqual([20000, 40011]);
    const won = answers.find((a) => a.status === 200)!.body.result;
    expect(won.preview).toMatchObject({ currency: 'USD' });
    expect(answers.find((a) => a.status === 422)!.body.result.access_status.message)
      .toBe('Your plan application is under review. You cannot apply for another plan or change the company information until the review is complete.');
    expect(await licenceType(DEMO_IDS.usClient, 'usa')).toBe('reviewing');
    expect((await portal.db.query<{ n: number }>("SELECT count(*)::int AS n FROM usa_licence.plan_applications WHERE status = 'reviewing'"))[0]!.n).toBe(1);
  });

  it('answers the live paid products for the licence check by the Tokyo date (ContractsRepository.livePaidProducts)', async () => {
    const clients = new Map<string, PrismaClient>();
    const db = { client: (shard: string) => {
      if (!clients.has(shard)) clients.set(shard, new PrismaClient({ adapter: new PrismaPg({ connectionString: portal.db.url, max: 1 }, { schema: `${shard}_licence` }) }));
      return clients.get(shard)!;
    } } as unknown as LicenceDb;
    const contracts = new ContractsRepository(db);
    try {
      // owner's company: bownow paid from 2026-04-01 (the standard plan, then the pro plan from 12-01); nothing before.
      expect(await contracts.livePaidProducts('jpn', DEMO_IDS.client, new Date('2026-03-31T23:59:59+09:00'))).toEqual([]);
      expect(await contracts.livePaidProducts('jpn', DEMO_IDS.client, new Date('2026-04-01T00:00:00+09:00'))).toEqual(['bownow']);
      expect(await contracts.livePaidProducts('jpn', DEMO_IDS.client, new Date('2026-12-15T12:00:00+09:00'))).toEqual(['bownow']);
      // owner-us: actibook cancelled to end 2026-12-31 (JST): live on its last day, not a second later.
      expect(await contracts.livePaidProducts('usa', DEMO_IDS.usClient, new Date('2026-12-31T23:59:59+09:00'))).toEqual(['actibook']);
      expect(await contracts.livePaidProducts('usa', DEMO_IDS.usClient, new Date('2026-12-31T15:00:00Z'))).toEqual([]);
    } finally {
      await Promise.all([...clients.values()].map((c) => c.$disconnect()));
    }
  });
});

/** The same application and review over the machine's real NATS (distributed mode's transport). */
describe('plan application and review over NATS', () => {
  let portal: TestPortal;
  const clock = new ManualClock(new Date('2026-11-26T09:00:00+09:00'));
  afterAll(async () => {
    await portal?.close();
  });

  it('applies, is reviewed by the operator and mails the outcome; the 26th applies from the month after next', async () => {
    portal = await startTestPortal({ transport: 'nats', clock });
    const owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    const found = (await owner.call('POST', '/v1/plan/corporateNumberSearch', { corporate_name: 'デモ商事株式会社' })).body.result;
    expect(found.total).toBe(1);
    const applied = await owner.call('POST', '/v1/plan/apply', {
      product: 'lpbuilder', plan_id: 'lpbuilder_basic', option_ids: ['lpbuilder_opt_domain'], terms_agreed: true, privacy_agreed: true,
      contract: { contract_kind: 'corporation', corporate_name: 'デモ商事株式会社', search_id: found.search_id, corporate_number: found.candidates[0].corporate_number, representative: '山田 一郎' },
    });
    // Completed on the 26th (JST): from the first of the month after next; a new paid plan starts its 12-month term then.
    expect(applied.body.result).toMatchObject({ status: 'reviewing', preview: { effective_from: '2027-01-01', minimum_term_end: '2027-12-31', monthly_amount: 10800 } });
    const operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');
    const allowed = await operator.call('POST', '/v1/operator/plan_applications/allow', { id: applied.body.result.application_id, region: 'jpn' });
    expect(allowed.body.result).toMatchObject({ status: 'allowed', effective_from: '2027-01-01' });
    expect((await mailTo(portal, 'owner@example.com', /承認しました/)).subject).toBe('プランのお申し込みが承認されました（LP Builder）');
    const lp = (await owner.call('GET', '/v1/plan/client-list')).body.result.contracts.find((c: { product: string }) => c.product === 'lpbuilder');
    expect(lp).toMatchObject({ status: 'scheduled', plan_id: 'lpbuilder_basic', effective_from: '2027-01-01', billing_start: '2027-01-01' });
  });
});
