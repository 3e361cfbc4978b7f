import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import ClientCreatePage from './ClientCreatePage';

describe('operator client create (issue 22: the EU data-protection rule)', () => {
  it('asks the EU question for a client outside Japan on the licence step; "yes" blocks the step, "no" is checked by the server', { timeout: 40_000 }, async () => {
    const api = mockApi({
      'GET /operator/clients/create/partners': { result: { partners: [] } },
      'POST /operator/clients/create/licence/check': { result: { ok: true } },
    });
    await renderPage(<ClientCreatePage />, { url: '/operator_clientcreate_account', auth: 'operator' });
    const region = await screen.findByLabelText('Region', { selector: 'input' });
    // Japan: not asked.
    expect(screen.queryByText(/established in the EU/)).toBeNull();
    fireEvent.click(region);
    fireEvent.click(await screen.findByRole('option', { name: 'United States', hidden: true }));
    expect(await screen.findByText('Is your company established in the EU or the EEA, or does it offer its services to people there?')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Yes'));
    expect(await screen.findByText(/this portal cannot be used by companies subject to the EU/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('No'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls('POST /operator/clients/create/licence/check')).toHaveLength(1));
    expect(api.calls('POST /operator/clients/create/licence/check')[0]!.body).toMatchObject({ region: 'usa', eu_subject: false });
  });
});
