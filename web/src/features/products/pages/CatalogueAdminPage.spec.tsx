import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderMessage } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import CatalogueAdminPage from './CatalogueAdminPage';

const product = (id: string, extra: Record<string, unknown> = {}) => ({
  id, kind: 'marketing_automation', trial_days: 15, free_plan: false, regions: ['jpn', 'mys'], tags: ['btob'], sort_order: 1,
  descriptions: { 'en-us': 'Marketing automation.', 'ja-jp': 'マーケティングオートメーション。' }, updated_at: '2026-11-20T01:00:00.000Z', ...extra,
});

describe('/operator/products (the catalogue)', () => {
  it('lists products with trial length and regions; an edit saves trial days, regions and descriptions; a refusal shows under its field', async () => {
    let puts = 0;
    const api = mockApi({
      'GET /operator/products': { result: { products: [product('bownow'), product('cmp', { kind: 'consent_management', trial_days: null, free_plan: true, regions: ['jpn'] })] } },
      'PUT /operator/products': () => (++puts === 1
        ? { code: 40011, message: renderMessage('en-us', 'status.form_error'), errors: { trial_days: ['trial length (days) is not valid.'] } }
        : { result: product('bownow', { trial_days: 20 }) }),
    });
    await renderPage(<CatalogueAdminPage />, { url: '/operator/products', auth: 'operator' });
    const row = within(await screen.findByTestId('catalogue-bownow'));
    expect(row.getByText('15 days')).toBeTruthy();
    expect(row.getByText('Malaysia')).toBeTruthy();
    expect(within(screen.getByTestId('catalogue-cmp')).getByText('No trial')).toBeTruthy();

    fireEvent.click(row.getByRole('button', { name: 'Edit BowNow' }));
    const dialog = await screen.findByRole('dialog');
    const days = within(dialog).getByRole('textbox', { name: /Trial length/ });
    fireEvent.change(days, { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('trial length (days) is not valid.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /operator/products')).toHaveLength(2));
    expect(api.calls('PUT /operator/products')[1]!.body).toMatchObject({ id: 'bownow', trial_days: 20, regions: ['jpn', 'mys'] });
    expect((api.calls('PUT /operator/products')[1]!.body as { descriptions: Record<string, string> }).descriptions['en-us']).toBe('Marketing automation.');
  }, 20_000); // a dialog with nine fields: slow on a shared 2-core machine
});
