import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TFxRateView, TTaxRateView } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import FxRatesPage, { zonedInputToIso } from './FxRatesPage';
import TaxRatesPage from './TaxRatesPage';

const asOperator = () => { setCookie('level', '3'); setCookie('login_operator_type', '3'); setCookie('user_id', 'op-1'); };
const tax = (over: Partial<TTaxRateView>): TTaxRateView => ({
  id: '00000000-0000-4000-8000-000000000001', country: 'jpn', category: 'standard', rate: '10.0', applies_from: '2019-10-01', status: 'in_force',
  created_at: '2026-11-01T00:00:00.000Z', ...over,
});
const RATES = [
  tax({ id: '00000000-0000-4000-8000-000000000003', rate: '12.0', applies_from: '2027-01-15', status: 'scheduled' }),
  tax({}),
  tax({ id: '00000000-0000-4000-8000-000000000002', rate: '8.0', applies_from: '2014-04-01', status: 'past' }),
  tax({ id: '00000000-0000-4000-8000-000000000004', country: 'tha', rate: '0.0', applies_from: '2000-01-01' }),
];
const fx = (over: Partial<TFxRateView>): TFxRateView => ({
  id: '00000000-0000-4000-8000-0000000000f1', base: 'USD', quote: 'JPY', rate: '150.25', applies_at: '2026-09-30T15:00:00.000Z', status: 'in_force',
  created_at: '2026-09-01T00:00:00.000Z', ...over,
});

describe('tax rates (operator)', () => {
  it('lists rates by country with their status, and withdraws only a scheduled one', async () => {
    asOperator();
    const api = mockApi({
      'GET /operator/tax_rates': { result: { today: '2026-11-24', earliest_new: '2026-11-25', rates: RATES } },
      'DELETE /operator/tax_rates': { result: { deleted: true } },
    });
    await renderPage(<TaxRatesPage />, { url: '/operator/tax_rates' });
    const scheduled = within(await screen.findByTestId('tax-row-jpn-standard-2027-01-15'));
    expect(scheduled.getByText('Japan')).toBeTruthy();
    expect(scheduled.getByText('12.0 %')).toBeTruthy();
    expect(scheduled.getByText('Scheduled')).toBeTruthy();
    expect(within(screen.getByTestId('tax-row-jpn-standard-2019-10-01')).getByText('In force')).toBeTruthy();
    expect(within(screen.getByTestId('tax-row-tha-standard-2000-01-01')).getByText('Thailand')).toBeTruthy();
    // Issue 23: the one rule for an invoice's rates.
    expect(screen.getByText(/An invoice uses the tax and exchange rates in force at 00:00 Japan time on its invoice date/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Withdraw' })).toHaveLength(1);
    fireEvent.click(scheduled.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(/Withdraw the scheduled rate of 12.0 % for Japan from Jan 15, 2027\?/)).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(api.calls('DELETE /operator/tax_rates')).toHaveLength(1));
    expect(api.calls('DELETE /operator/tax_rates')[0]!.query.get('id')).toBe('00000000-0000-4000-8000-000000000003');
  });

  it('refuses a rate with two decimals before sending, and shows the server\'s refusal of a date under its field', { timeout: 20_000 }, async () => {
    asOperator();
    const api = mockApi({
      'GET /operator/tax_rates': { result: { today: '2026-11-24', earliest_new: '2026-11-25', rates: RATES } },
      'POST /operator/tax_rates': { code: 40011, errors: { applies_from: ['A new rate cannot apply to a date that may already be invoiced. Choose 2026-11-25 or later.'] } },
    });
    await renderPage(<TaxRatesPage />, { url: '/operator/tax_rates' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a tax rate' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect((dialog.getByLabelText(/Applies from/) as HTMLInputElement).value).toBe('2026-11-25');
    fireEvent.change(dialog.getByLabelText(/^Rate/), { target: { value: '10.25' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText('Enter the tax rate as a number with at most one decimal place (for example 10.0).')).toBeTruthy();
    expect(api.calls('POST /operator/tax_rates')).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText(/^Rate/), { target: { value: '10.5' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText(/Choose 2026-11-25 or later/)).toBeTruthy();
    expect(api.calls('POST /operator/tax_rates')[0]!.body).toEqual({ country: 'jpn', category: 'standard', rate: '10.5', applies_from: '2026-11-25' });
  });
});

describe('FX rates (operator)', () => {
  it('shows the rate in force with its time and history, and sets a new rate from now', async () => {
    asOperator();
    const api = mockApi({
      'GET /operator/fx_rates': { result: { current: fx({}), rates: [fx({ id: '00000000-0000-4000-8000-0000000000f2', rate: '155.125', applies_at: '2026-11-30T15:00:00.000Z', status: 'scheduled' }), fx({})] } },
      'POST /operator/fx_rates': { result: { fx_rate: fx({ id: '00000000-0000-4000-8000-0000000000f3', rate: '151.5' }) } },
    });
    await renderPage(<FxRatesPage />, { url: '/operator/fx_rates' });
    const current = within(await screen.findByTestId('fx-current'));
    expect(current.getByText('¥150.25 per US$1')).toBeTruthy();
    expect(screen.getByText(/A new rate never changes an invoice already issued\./)).toBeTruthy();
    expect(current.getByText(/^Since .*2026/)).toBeTruthy();
    expect(within(screen.getByTestId('fx-row-155.125')).getByText('Scheduled')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Yen per US dollar/), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Enter the rate in yen per US dollar as a positive number with at most 6 decimal places.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Yen per US dollar/), { target: { value: '151.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.calls('POST /operator/fx_rates')).toHaveLength(1));
    expect(api.calls('POST /operator/fx_rates')[0]!.body).toEqual({ rate: '151.5' });
  });

  it('reads a typed time in the host\'s zone', () => {
    expect(zonedInputToIso('2026-12-01T00:00', 'Asia/Tokyo')).toBe('2026-11-30T15:00:00.000Z');
    expect(zonedInputToIso('2026-12-01T09:30', 'America/New_York')).toBe('2026-12-01T14:30:00.000Z');
    expect(zonedInputToIso('', 'Asia/Tokyo')).toBeUndefined();
  });
});
