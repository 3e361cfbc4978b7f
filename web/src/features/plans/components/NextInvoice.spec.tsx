import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { TPricedInvoice } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import { EMPTY_DRAFT, writeDraft } from '../draft';
import PlanConfirmPage from '../pages/PlanConfirmPage';
import { NextInvoice } from './NextInvoice';

describe('the next invoice of a plan change', () => {
  const invoice: TPricedInvoice = {
    country: 'usa', invoice_date: '2026-12-01', display_currency: 'USD', charge_currency: 'JPY', rounding: 'floor',
    per_rate: [{ rate: '0.0', rate_tenths: 0, categories: ['standard'], applies_from: '2000-01-01', subtotal_minor: 12345, tax_minor: 0 }],
    subtotal_minor: 12345, tax_minor: 0, total_minor: 12345, charge_total_minor: 19150, fx: { base: 'USD', quote: 'JPY', rate: '155.125', applies_at: '2026-11-30T15:00:00.000Z' },
  };

  it('shows tax per rate, the USD total and the yen charged with the rate and its time', async () => {
    await renderPage(<NextInvoice invoice={invoice} />, { url: '/plan/confirm' });
    expect(screen.getByText('Next invoice')).toBeTruthy();
    expect(screen.getByTestId('next-invoice-total').textContent).toBe('$123.45');
    expect(screen.getByTestId('next-invoice-charge').textContent).toBe('¥19,150');
    expect(screen.getByText('Tax at 0.0 %')).toBeTruthy();
    expect(screen.getByText(/Converted at the standard rate of ¥155.125 per US\$1, in force since .*2026/)).toBeTruthy();
  });

  it('has no yen line for a Japanese invoice', async () => {
    await renderPage(<NextInvoice invoice={{ ...invoice, country: 'jpn', display_currency: 'JPY', total_minor: 80665, charge_total_minor: 80665, fx: null,
      per_rate: [{ rate: '10.0', rate_tenths: 100, categories: ['standard'], applies_from: '2019-10-01', subtotal_minor: 73000, tax_minor: 7300 }] }} />, { url: '/plan/confirm' });
    expect(screen.getByTestId('next-invoice-total').textContent).toBe('¥80,665');
    expect(screen.getByText('Tax at 10.0 %')).toBeTruthy();
    expect(screen.queryByTestId('next-invoice-charge')).toBeNull();
  });

  it('is on the plan-change confirmation when the preview carries it', async () => {
    writeDraft({
      ...EMPTY_DRAFT, product: 'actibook', plan_id: 'actibook_pro', option_ids: [],
      contract: { contract_kind: 'corporation' as const, corporate_name: 'Demo', representative: 'Alex Smith', search_id: null, chosen: null },
      checked: { contract_kind: 'corporation' as const, corporate_name: 'Demo Corp.', corporate_number: '', location: '', representative: 'Alex Smith' },
    });
    mockApi({ 'POST /plan/apply_info': { result: {
      product: 'actibook', plan_id: 'actibook_pro', plan_name: 'Pro plan', currency: 'USD', items: [{ plan_id: 'actibook_pro', type: 'plan', name: 'Pro plan', amount: 12345 }],
      monthly_amount: 12345, one_time_amount: 0, review_required: true, effective_from: '2026-12-01', billing_start: '2026-12-01', minimum_term_end: '2027-11-30',
      replaces: null, penalty_months: 0, penalty_amount: 0, payment_required: false, next_invoice: invoice, grants: [],
    } } });
    await renderPage(<PlanConfirmPage />, { url: '/plan/confirm', auth: 'owner' });
    expect((await screen.findByTestId('next-invoice-charge')).textContent).toBe('¥19,150');
    expect(screen.getByText('Invoice date: Dec 1, 2026')).toBeTruthy();
    writeDraft(null);
  });
});
