import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import { EMPTY_DRAFT, writeDraft } from '../draft';
import PlanConfirmPage from '../pages/PlanConfirmPage';

describe('metered items on the plan confirmation (issue 23, item 3)', () => {
  it('shows the price per billing unit, the month-to-date usage and its projected amount', async () => {
    writeDraft({
      ...EMPTY_DRAFT, product: 'bownow', plan_id: 'bownow_standard', option_ids: ['bownow_opt_pv'],
      contract: { contract_kind: 'corporation' as const, corporate_name: 'Demo', representative: 'Taro Yamada', search_id: null, chosen: null },
      checked: { contract_kind: 'corporation' as const, corporate_name: 'Demo Corp.', corporate_number: '', location: '', representative: 'Taro Yamada' },
    });
    mockApi({ 'POST /plan/apply_info': { result: {
      product: 'bownow', plan_id: 'bownow_standard', plan_name: 'Standard plan', currency: 'JPY',
      items: [
        { plan_id: 'bownow_standard', type: 'plan', name: 'Standard plan', amount: 30000 },
        { plan_id: 'bownow_opt_pv', type: 'option_monthly', name: 'Extra page views', amount: 1000, metered: {
          unit: 'pv', unit_value: 10000, range_lower: 0, range_upper: 1000000, month: '2026-12', month_to_date: 12345,
          projected_usage: 49380, projected_amount: 5000, billed_in: '2027-01',
        } },
      ],
      monthly_amount: 31000, one_time_amount: 0, review_required: true, effective_from: '2027-01-01', billing_start: '2027-01-01', minimum_term_end: '2027-12-31',
      replaces: null, penalty_months: 0, penalty_amount: 0, payment_required: false, grants: [],
    } } });
    await renderPage(<PlanConfirmPage />, { url: '/plan/confirm', auth: 'owner' });
    const metered = await screen.findByTestId('metered-bownow_opt_pv');
    expect(metered.textContent).toContain('¥1,000 per 10,000 pv, billed the month after use.');
    expect(metered.textContent).toContain('This month so far: 12,345 pv; at this pace about 49,380 pv, ¥5,000 on the');
    expect(metered.textContent).toMatch(/January 2027|Jan 2027/);
    expect(screen.queryByTestId('metered-bownow_standard')).toBeNull();
    writeDraft(null);
  });
});
