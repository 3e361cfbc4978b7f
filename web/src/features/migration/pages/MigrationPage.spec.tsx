import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import MigrationPage from './MigrationPage';

const asOperator = () => { setCookie('level', '3'); setCookie('login_operator_type', '3'); setCookie('user_id', 'op-1'); };
const OTHER = 'This migration email address is already used by another company.';

describe('migration wizard (operator)', () => {
  it('checks each step on the server, shows a refusal under its field, and keeps what was entered across a reload', { timeout: 20_000 }, async () => {
    sessionStorage.clear();
    asOperator();
    const api = mockApi({
      'GET /operator/migrations': { result: { migrations: [] } },
      'POST /operator/migrations/check': (req) => (req.body?.step === 'client'
        ? { code: 40011, message: OTHER, errors: { email: [OTHER] } }
        : { result: { ok: true, connections: [] } }),
    });
    await renderPage(<MigrationPage />, { url: '/operator/migration' });
    expect(await screen.findByText('No client has been migrated yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const company = await screen.findByLabelText(/^Company name/);
    fireEvent.change(company, { target: { value: 'Migrated KK' } });
    fireEvent.change(screen.getByLabelText(/^Owner's email address/), { target: { value: 'owner@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(OTHER)).toBeTruthy();
    expect(api.calls('POST /operator/migrations/check').map((c) => c.body?.step)).toEqual(['licence', 'client']);
    expect(api.calls('POST /operator/migrations')).toHaveLength(0);

    // A reload: the same step with what was entered.
    cleanup();
    await renderPage(<MigrationPage />, { url: '/operator/migration' });
    expect(((await screen.findByLabelText(/^Company name/)) as HTMLInputElement).value).toBe('Migrated KK');
    sessionStorage.clear();
  });

  it('shows a failed connection check under the product\'s row and does not go on', { timeout: 20_000 }, async () => {
    sessionStorage.clear();
    asOperator();
    const failed = 'Connection verification failed for some products: BowNow. Check the account IDs and try again.';
    mockApi({
      'GET /operator/migrations': { result: { migrations: [] } },
      'GET /operator/migrations/clients': { result: { clients: [{ uuid: '00000000-0000-4000-8000-00000000c001', company_name: 'Demo KK' }] } },
      'POST /operator/migrations/check': (req) => (req.body?.step === 'products'
        ? { code: 40011, message: failed, errors: { 'products.0.external_id': [failed] } }
        : { result: { ok: true, connections: [] } }),
    });
    sessionStorage.setItem('wizard.operator_migration_existing', JSON.stringify({
      step: 'products', idempotencyKey: '00000000-0000-4000-8000-0000000000aa',
      data: { client_uuid: '00000000-0000-4000-8000-00000000c001', client_name: 'Demo KK', email: 'owner@example.com', products: [{ product: 'bownow', external_id: 'fail-1' }] },
    }));
    await renderPage(<MigrationPage />, { url: '/operator/migration?variant=existing' });
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByText(failed).length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect((screen.getByLabelText(/^Account ID in the product/) as HTMLInputElement).value).toBe('fail-1');
    sessionStorage.clear();
  });
});
