import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderMessage } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage, seen, setViewportWidth } from '../../../test/render';
import PlanFlowGate from '../components/PlanFlowGate';
import { writeDraft, EMPTY_DRAFT } from '../draft';
import PlanConfirmPage from './PlanConfirmPage';
import PlanContractInfoPage from './PlanContractInfoPage';
import PlanListPage from './PlanListPage';
import PlanUnderReviewPage from './PlanUnderReviewPage';

const contract = (over: Record<string, unknown> = {}) => ({
  id: '11111111-1111-4111-8111-111111111111', product: 'bownow', plan_id: 'bownow_standard', plan_name: 'Standard plan', status: 'active',
  currency: 'JPY', monthly_amount: 30000, effective_from: '2026-04-01', billing_start: '2026-04-01', minimum_term_end: '2027-03-31',
  ends_on: null, cancel_filed_at: null, penalty_months: 0, grants: [],
  items: [{ plan_id: 'bownow_standard', type: 'plan', name: 'Standard plan', amount: 20000 }, { plan_id: 'bownow_opt_crm_basic', type: 'option', name: 'CRM link basic', amount: 10000 }],
  cancel_preview: { ends_on: '2026-12-31', penalty_months: 3, penalty_amount: 90000 },
  ...over,
});
const list = (over: Record<string, unknown> = {}) => ({
  contracts: [contract()], licence_state: 'normal', eligibility: { allowed: true, paid_allowed: true, reason: null }, rejection_reason: null,
  trials: [], pending_application: null, ...over,
});

beforeEach(() => {
  writeDraft(null);
  setViewportWidth(1280);
});

describe('/plan/list', () => {
  it('shows the contracts with the dates the API answered, and cancels with its terms', async () => {
    const api = mockApi({
      'GET /plan/client-list': { result: list() },
      'POST /plan/cancel': { result: contract({ status: 'cancelling', ends_on: '2026-12-31', penalty_months: 3, cancel_preview: null }) },
    });
    await renderPage(<PlanListPage />, { url: '/plan/list', auth: 'owner' });
    const row = within(await screen.findByTestId('contract-bownow_standard'));
    expect(row.getByText('BowNow')).toBeTruthy();
    expect(row.getByText('CRM link basic')).toBeTruthy();
    expect(row.getByText('Active')).toBeTruthy();
    expect(row.getByText('¥30,000')).toBeTruthy();
    expect(row.getByText('Apr 1, 2026')).toBeTruthy();
    expect(row.getByText('Mar 31, 2027')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change plan' })).toBeTruthy();
    fireEvent.click(row.getByRole('button', { name: 'Cancel contract' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('The contract will end on Dec 31, 2026.')).toBeTruthy();
    expect(dialog.getByText(/a penalty of ¥90,000 \(3 remaining months\)/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel the contract' }));
    await waitFor(() => expect(api.calls('POST /plan/cancel')).toHaveLength(1));
    expect(api.calls('POST /plan/cancel')[0]!.body).toEqual({ contract_id: '11111111-1111-4111-8111-111111111111' });
  });

  it('issue 23: the cancel dialog previews the last invoice: the last regular month and the penalty to the term\'s end, with tax', async () => {
    const last = {
      month: '2026-12', billing_date: '2026-12-31',
      lines: [
        { kind: 'plan', product: 'bownow', name: { 'en-us': 'Standard plan' }, quantity: 1, unit_amount_minor: 20000, amount_minor: 20000, period_from: '2026-12-01', period_to: '2026-12-31' },
        { kind: 'option_monthly', product: 'bownow', name: { 'en-us': 'CRM link basic' }, quantity: 1, unit_amount_minor: 10000, amount_minor: 10000, period_from: '2026-12-01', period_to: '2026-12-31' },
        { kind: 'penalty', product: 'bownow', name: { 'en-us': 'Standard plan' }, quantity: 3, unit_amount_minor: 30000, amount_minor: 90000, period_from: '2027-01-01', period_to: '2027-03-31' },
      ],
      invoice: {
        country: 'jpn', invoice_date: '2026-12-01', display_currency: 'JPY', charge_currency: 'JPY', rounding: 'floor',
        per_rate: [{ rate: '10.0', rate_tenths: 100, categories: ['standard'], applies_from: '2019-10-01', subtotal_minor: 120000, tax_minor: 12000 }],
        subtotal_minor: 120000, tax_minor: 12000, total_minor: 132000, charge_total_minor: 132000, fx: null,
      },
    };
    mockApi({ 'GET /plan/client-list': { result: list({ contracts: [contract({ cancel_preview: { ends_on: '2026-12-31', penalty_months: 3, penalty_amount: 90000, last_invoice: last } })] }) } });
    await renderPage(<PlanListPage />, { url: '/plan/list', auth: 'owner' });
    fireEvent.click(within(await screen.findByTestId('contract-bownow_standard')).getByRole('button', { name: 'Cancel contract' }));
    const dialog = within(await screen.findByRole('dialog'));
    const table = within(dialog.getByRole('table', { name: 'Last invoice (December 2026, payment date Dec 31, 2026)' }));
    expect(table.getByText('Remaining months of the minimum term (penalty)')).toBeTruthy();
    expect(table.getByText('Period Jan 1, 2027 – Mar 31, 2027')).toBeTruthy();
    expect(table.getByText('¥30,000 × months: 3')).toBeTruthy();
    expect(table.getAllByText('Period Dec 1, 2026 – Dec 31, 2026')).toHaveLength(2);
    expect(table.getByText('Tax 10.0%')).toBeTruthy();
    expect(table.getByText('¥12,000')).toBeTruthy();
    expect(table.getByText('¥132,000')).toBeTruthy();
  });

  it('issue 22: says what a package contract includes, in the table and on a phone\'s card', async () => {
    const pack = contract({
      id: '55555555-5555-4555-8555-555555555555', product: 'ccfwe', plan_id: 'ccfwe_standard', grants: ['bownow', 'izanai', 'bluemonkey'],
      items: [{ plan_id: 'ccfwe_standard', type: 'plan', name: 'Standard plan', amount: 45000 }], monthly_amount: 45000,
    });
    mockApi({ 'GET /plan/client-list': { result: list({ contracts: [contract(), pack] }) } });
    await renderPage(<PlanListPage />, { url: '/plan/list', auth: 'owner' });
    const row = within(await screen.findByTestId('contract-ccfwe_standard'));
    expect(row.getByText('CCF Web Growth Pack')).toBeTruthy();
    expect(row.getByText('Includes BowNow, IZANAI, BlueMonkey')).toBeTruthy();
    expect(within(screen.getByTestId('contract-bownow_standard')).queryByTestId('package-grants')).toBeNull();
    setViewportWidth(390);
    await renderPage(<PlanListPage />, { url: '/plan/list', auth: 'owner' });
    const card = within(await screen.findByRole('listitem', { name: 'CCF Web Growth Pack Standard plan' }));
    expect(card.getByText('Includes BowNow, IZANAI, BlueMonkey')).toBeTruthy();
  });

  it('says why a user cannot change plans and offers no change or cancel', async () => {
    mockApi({ 'GET /plan/client-list': { result: list({ eligibility: { allowed: false, paid_allowed: false, reason: 'user_level' } }) } });
    await renderPage(<PlanListPage />, { url: '/plan/list', auth: 'user' });
    expect(await screen.findByText(renderMessage('en-us', 'plan.user_level'))).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Change plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel contract' })).toBeNull();
  });

  it('issue 22: shows the running trials with their last day and the paid plan that follows; amounts say they exclude tax', async () => {
    mockApi({ 'GET /plan/client-list': { result: list({ trials: [
      { product: 'lpbuilder', trial_ends_on: '2027-01-26', paid_from: '2027-03-01' },
      { product: 'cocoar', trial_ends_on: '2027-02-02', paid_from: null },
    ] }) } });
    await renderPage(<PlanListPage />, { url: '/plan/list', auth: 'owner' });
    const lp = within(await screen.findByRole('listitem', { name: 'LP Builder' }));
    expect(lp.getByText('Trial until Jan 26, 2027')).toBeTruthy();
    expect(lp.getByText('Paid plan from Mar 1, 2027; available without a break until then.')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'COCOAR' })).getByText('Trial until Feb 2, 2027')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Monthly amount (excl. tax)' })).toBeTruthy();
    expect(screen.getByText(/Prices exclude tax\./)).toBeTruthy();
  });

  it('issue 22: an admin is not offered the change and reads the explanation a user reads; under review leads to the application', async () => {
    mockApi({ 'GET /plan/client-list': { result: list({ eligibility: { allowed: false, paid_allowed: false, reason: 'user_level' } }) } });
    await renderPage(<PlanListPage />, { url: '/plan/list', auth: 'admin' });
    expect(await screen.findByText(renderMessage('en-us', 'plan.user_level'))).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Change plan' })).toBeNull();
  });

  it('issue 22: a rejected client is not offered the change (the flow would refuse it at the end)', async () => {
    mockApi({ 'GET /plan/client-list': { result: list({ licence_state: 'rejected', eligibility: { allowed: true, paid_allowed: false, reason: 'rejected' } }) } });
    await renderPage(<PlanListPage />, { url: '/plan/list', auth: 'owner' });
    expect(await screen.findByText('Application not approved')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Change plan' })).toBeNull();
  });

  describe('on a phone (390 px, issue 22 point 11)', () => {
    beforeEach(() => setViewportWidth(390));
    afterEach(() => setViewportWidth(1280));

    it('shows each contract as a card with its price excluding tax, its dates and the cancel action', async () => {
      const api = mockApi({
        'GET /plan/client-list': { result: list() },
        'POST /plan/cancel': { result: contract({ status: 'cancelling', ends_on: '2026-12-31', penalty_months: 3, cancel_preview: null }) },
      });
      await renderPage(<PlanListPage />, { url: '/plan/list', auth: 'owner' });
      const card = within(await screen.findByRole('listitem', { name: 'BowNow Standard plan' }));
      expect(screen.queryByRole('table')).toBeNull();
      expect(card.getByText('¥30,000 / month (excl. tax)')).toBeTruthy();
      expect(card.getByText('Active')).toBeTruthy();
      expect(card.getByText('CRM link basic')).toBeTruthy();
      expect(card.getByText('Apr 1, 2026')).toBeTruthy();
      expect(card.getByText('Mar 31, 2027')).toBeTruthy();
      fireEvent.click(card.getByRole('button', { name: 'Cancel contract' }));
      const dialog = within(await screen.findByRole('dialog'));
      fireEvent.click(dialog.getByRole('button', { name: 'Cancel the contract' }));
      await waitFor(() => expect(api.calls('POST /plan/cancel')).toHaveLength(1));
    });
  });

  it('shows the review state and a rejection with its reason', async () => {
    mockApi({ 'GET /plan/client-list': { result: list({ licence_state: 'rejected', rejection_reason: 'Credit check', eligibility: { allowed: true, paid_allowed: false, reason: 'rejected' } }) } });
    await renderPage(<PlanListPage />, { url: '/plan/list', auth: 'owner' });
    expect(await screen.findByText('Application not approved')).toBeTruthy();
    expect(screen.getByText('Reason: Credit check')).toBeTruthy();
  });
});

describe('/plan/contractinfo', () => {
  const info = { contract_kind: 'corporation', corporate_name: 'Demo', corporate_number: '', location: '', representative: 'Ichiro Yamada', search_available: true };
  /** Multi-step flows on a shared 2-core machine take a few seconds each. */
  const found = {
    search_id: '22222222-2222-4222-8222-222222222222', total: 2,
    candidates: [
      { corporate_number: '6010001000001', name: 'Demo Trading Co., Ltd.', location: 'Tokyo' },
      { corporate_number: '9010001000002', name: 'Demo Sales Co., Ltd.', location: 'Osaka' },
    ],
  };

  it('searches, fixes the chosen candidate, and sends the search id and number to the check', async () => {
    writeDraft({ ...EMPTY_DRAFT, product: 'bownow', plan_id: 'bownow_pro' });
    const api = mockApi({
      'GET /plan/contractinfo': { result: info },
      'POST /plan/corporateNumberSearch': { result: found },
      'GET /plan/check_plan_contractinfo': { result: { contract_kind: 'corporation', corporate_name: 'Demo Trading Co., Ltd.', corporate_number: '6010001000001', location: 'Tokyo', representative: 'Ichiro Yamada' } },
    });
    await renderPage(<PlanContractInfoPage />, { url: '/plan/contractinfo', auth: 'owner' });
    // Next without a chosen candidate is refused in the form.
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Search by the corporate name and choose your corporation from the results.');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByLabelText('Demo Trading Co., Ltd.（6010001000001）'));
    const chosen = within(await screen.findByTestId('chosen-corporation'));
    expect(chosen.getByText('Corporate number: 6010001000001')).toBeTruthy();
    expect(api.calls('POST /plan/corporateNumberSearch')[0]!.body).toEqual({ corporate_name: 'Demo' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(seen.pathname).toBe('/plan/paymentinfo'));
    const query = api.calls('GET /plan/check_plan_contractinfo')[0]!.query;
    expect(query.get('search_id')).toBe(found.search_id);
    expect(query.get('corporate_number')).toBe('6010001000001');
    expect(query.get('representative')).toBe('Ichiro Yamada');
  }, 20_000);

  it('shows the search\'s "too many" message under the name', async () => {
    writeDraft({ ...EMPTY_DRAFT, product: 'bownow', plan_id: 'bownow_pro' });
    const tooMany = renderMessage('en-us', 'plan.corporate_search_too_many', { total: 25 });
    mockApi({
      'GET /plan/contractinfo': { result: info },
      'POST /plan/corporateNumberSearch': { code: 40011, message: 'Please check the highlighted fields.', errors: { corporate_name: [tooMany] } },
    });
    await renderPage(<PlanContractInfoPage />, { url: '/plan/contractinfo', auth: 'owner' });
    fireEvent.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByText(tooMany)).toBeTruthy();
  });
});

describe('/plan/confirm', () => {
  const preview = {
    product: 'bownow', plan_id: 'bownow_pro', plan_name: 'Pro plan', currency: 'JPY',
    items: [{ plan_id: 'bownow_pro', type: 'plan', name: 'Pro plan', amount: 40000 }, { plan_id: 'bownow_initial', type: 'initial_cost_plan', name: 'Initial cost', amount: 30000 }],
    monthly_amount: 40000, one_time_amount: 30000, review_required: true, effective_from: '2026-12-01', billing_start: '2026-04-01',
    minimum_term_end: '2027-03-31', replaces: { contract_id: 'c1', plan_name: 'Standard plan', ends_on: '2026-11-30' }, penalty_months: 0, penalty_amount: 0,
    payment_required: false, grants: [] as string[],
  };
  const draft = {
    ...EMPTY_DRAFT, product: 'bownow', plan_id: 'bownow_pro', option_ids: [],
    contract: { contract_kind: 'corporation' as const, corporate_name: 'Demo', representative: 'Ichiro Yamada', search_id: '22222222-2222-4222-8222-222222222222', chosen: null },
    checked: { contract_kind: 'corporation' as const, corporate_name: 'Demo Trading Co., Ltd.', corporate_number: '6010001000001', location: 'Tokyo', representative: 'Ichiro Yamada' },
  };

  it('shows the API\'s timing and terms, requires both agreements, applies and goes to the reviewing page', async () => {
    writeDraft(draft);
    const api = mockApi({
      'POST /plan/apply_info': { result: preview },
      'POST /plan/apply': { result: { application_id: '33333333-3333-4333-8333-333333333333', status: 'reviewing', preview } },
    });
    await renderPage(<PlanConfirmPage />, { url: '/plan/confirm', auth: 'owner' });
    expect(await screen.findByTestId('effective-from')).toHaveProperty('textContent', 'Applies from: Dec 1, 2026');
    expect(screen.getByTestId('minimum-term-end')).toHaveProperty('textContent', 'Minimum term ends: Mar 31, 2027');
    expect(screen.getByText('Replaces Standard plan, which ends on Nov 30, 2026.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please agree to the terms of use and the privacy policy.')).toBeTruthy();
    expect(api.calls('POST /plan/apply')).toHaveLength(0);
    fireEvent.click(screen.getByLabelText('I agree to the terms of use'));
    fireEvent.click(screen.getByLabelText('I agree to the privacy policy'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(seen.pathname).toBe('/plan/complete_reviewing'));
    expect(api.calls('POST /plan/apply')[0]!.body).toEqual({
      product: 'bownow', plan_id: 'bownow_pro', option_ids: [], terms_agreed: true, privacy_agreed: true,
      contract: { contract_kind: 'corporation', corporate_name: 'Demo Trading Co., Ltd.', representative: 'Ichiro Yamada', search_id: draft.contract.search_id, corporate_number: '6010001000001' },
    });
  }, 20_000);

  it('issue 22: states what a package gives before the customer applies', async () => {
    writeDraft({ ...draft, product: 'ccfme', plan_id: 'ccfme_standard' });
    mockApi({ 'POST /plan/apply_info': { result: {
      ...preview, product: 'ccfme', plan_id: 'ccfme_standard', plan_name: 'Standard plan', grants: ['actibook', 'cocoar', 'lessar'],
      items: [{ plan_id: 'ccfme_standard', type: 'plan', name: 'Standard plan', amount: 30000 }], one_time_amount: 0, replaces: null,
    } } });
    await renderPage(<PlanConfirmPage />, { url: '/plan/confirm', auth: 'owner' });
    expect(await screen.findByText('CCF Media Pack — Standard plan')).toBeTruthy();
    expect(screen.getByTestId('confirm-grants').textContent).toBe('This package gives you ActiBook, COCOAR, LESSAR: each product is licensed from the day the contract starts.');
  });

  it('shows the under-review refusal above the form and stays', async () => {
    writeDraft(draft);
    const underReview = renderMessage('en-us', 'plan.under_review');
    mockApi({ 'POST /plan/apply_info': { result: preview }, 'POST /plan/apply': { code: 40011, message: underReview } });
    await renderPage(<PlanConfirmPage />, { url: '/plan/confirm', auth: 'owner' });
    fireEvent.click(await screen.findByLabelText('I agree to the terms of use'));
    fireEvent.click(screen.getByLabelText('I agree to the privacy policy'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(underReview)).toBeTruthy();
    expect(seen.pathname).toBe('/plan/confirm');
  });
});

describe('the plan-change gate (issue 22: refusals before the work)', () => {
  const check = (reason: string | null, allowed = reason === null) => ({ 'GET /plan/modify_check': { result: { allowed, paid_allowed: allowed, reason } } });
  const step = <PlanFlowGate><p>The plan step</p></PlanFlowGate>;

  it('opens the step for a client that may apply', async () => {
    mockApi(check(null));
    await renderPage(step, { url: '/plan/update', auth: 'owner' });
    expect(await screen.findByText('The plan step')).toBeTruthy();
  });

  it('sends a client under review to /plan/underreview and a rejected one to /plan/rejected, before any step', async () => {
    mockApi(check('under_review'));
    await renderPage(step, { url: '/plan/options', auth: 'owner' });
    await waitFor(() => expect(seen.pathname).toBe('/plan/underreview'));
    mockApi(check('rejected', true));
    await renderPage(step, { url: '/plan/confirm', auth: 'owner' });
    await waitFor(() => expect(seen.pathname).toBe('/plan/rejected'));
    expect(screen.queryByText('The plan step')).toBeNull();
  });

  it('shows an admin the explanation a user gets, with the way back, instead of the wizard', async () => {
    mockApi(check('user_level'));
    await renderPage(step, { url: '/plan/update', auth: 'admin' });
    expect(await screen.findByText(renderMessage('en-us', 'plan.user_level'))).toBeTruthy();
    expect(screen.queryByText('The plan step')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to contracts' }).getAttribute('href')).toBe('/plan/list');
  });
});

describe('/plan/underreview (issue 22: withdrawing the application)', () => {
  const pending = {
    id: '44444444-4444-4444-8444-444444444444', product: 'bownow', plan_name: 'Pro plan', currency: 'JPY', monthly_amount: 40000,
    effective_from: '2027-02-01', created_at: '2027-01-20T01:00:00.000Z',
  };

  it('shows the application and lets the owner withdraw it, then goes to the contracts', async () => {
    const api = mockApi({
      'GET /plan/client-list': { result: list({ licence_state: 'reviewing', eligibility: { allowed: false, paid_allowed: false, reason: 'under_review' }, pending_application: pending }) },
      'POST /plan/withdraw': { result: { application_id: pending.id, status: 'withdrawn' } },
    });
    await renderPage(<PlanUnderReviewPage />, { url: '/plan/underreview', auth: 'owner' });
    const facts = within(await screen.findByTestId('pending-application'));
    expect(facts.getByText('BowNow')).toBeTruthy();
    expect(facts.getByText('Pro plan')).toBeTruthy();
    expect(facts.getByText('¥40,000 (excl. tax)')).toBeTruthy();
    expect(facts.getByText('Feb 1, 2027')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the application' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw the application for BowNow Pro plan' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(seen.pathname).toBe('/plan/list'));
    expect(api.calls('POST /plan/withdraw')[0]!.body).toEqual({ application_id: pending.id });
  });

  it('offers no withdrawal to an admin, and says when nothing is under review', async () => {
    mockApi({ 'GET /plan/client-list': { result: list({ licence_state: 'reviewing', pending_application: pending }) } });
    await renderPage(<PlanUnderReviewPage />, { url: '/plan/underreview', auth: 'admin' });
    expect(await screen.findByText("Only the company's owner can withdraw the application.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw the application' })).toBeNull();
    mockApi({ 'GET /plan/client-list': { result: list() } });
    await renderPage(<PlanUnderReviewPage />, { url: '/plan/underreview', auth: 'owner' });
    expect(await screen.findByText('No plan application is under review.')).toBeTruthy();
  });
});
