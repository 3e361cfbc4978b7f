import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import { FakeXhr } from '../../../test/fake-xhr';
import PaymentMethodsAdminPage from './PaymentMethodsAdminPage';

const client = '0b9f3c5e-7a1d-4c2e-9f00-000000000101';
const fields: Record<string, string> = {
  'Company name': 'Demo Trading', 'Person in charge': 'Ichiro Yamada', 'Email address': 'billing@example.com', 'Phone number': '0312345678',
  'Bank code': '9900', 'Bank name': 'Japan Post Bank', 'Branch code': '001', 'Branch name': 'Head office', 'Account number': '1234567', 'Account holder': 'ﾃﾞﾓ(ｶ',
};

const row = (uuid: string, company_name: string, region: string) => ({
  uuid, company_name, region, contract_type: 'none', licence_type: 'normal', status: 'active', created_at: '2026-11-01T00:00:00.000Z', support_login: { possible: false, reason: null },
});

/** Issue 11, slice B: an operator registers a bank method on behalf of a client. */
describe('/operator/payment_methods', () => {
  it('checks Japan Post Bank\'s lengths before sending, then registers direct debit for the client', async () => {
    const api = mockApi({
      'POST /operator/payment_methods': (req) => ({ result: { request: {
        ...(req.body as Record<string, unknown>), id: '88888888-8888-4888-8888-888888888888', status: 'registered', source: 'operator', details: '',
        reason: null, created_at: '2026-11-24T01:00:00.000Z', reviewed_at: '2026-11-24T01:00:00.000Z',
      } } }),
      'GET /client/list': { result: { clients: [
        row(client, 'Demo Trading KK', 'jpn'),
        row('0b9f3c5e-7a1d-4c2e-9f00-000000000201', 'Demo Corp.', 'usa'),
      ], total: 2 } },
      'GET /operator/payment_methods/current': { result: { current: null } },
    });
    await renderPage(<PaymentMethodsAdminPage />, { url: '/operator/payment_methods', auth: 'operator' });
    const form = within((await screen.findByText('Register on behalf of a client')).closest('form')!);
    // The client by its company name (Japan's only: bank methods are Japanese), never a pasted id.
    fireEvent.click(form.getByLabelText(/^Client/));
    fireEvent.click(await screen.findByText('Demo Trading KK', { selector: '[role=option] *, [role=option]' }));
    expect(screen.queryByText('Demo Corp.', { selector: '[role=option] *, [role=option]' })).toBeNull();
    for (const [label, value] of Object.entries(fields)) fireEvent.change(form.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    fireEvent.click(form.getByText('Direct debit'));
    fireEvent.click(form.getByRole('button', { name: 'Register' }));
    expect(await form.findByText('For Japan Post Bank the branch code (symbol) must be 5 half-width digits.')).toBeTruthy();
    expect(form.getByText('For Japan Post Bank the account number must be 8 half-width digits.')).toBeTruthy();
    expect(api.calls('POST /operator/payment_methods')).toHaveLength(0);

    fireEvent.change(form.getByLabelText(/^Branch code/), { target: { value: '10170' } });
    fireEvent.change(form.getByLabelText(/^Account number/), { target: { value: '12345678' } });
    fireEvent.click(form.getByRole('button', { name: 'Register' }));
    // Issue 25 point 2: the client has no method yet: the dialog says it is added (none → new) and sends nothing until confirmed.
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('A payment method is registered for Demo Trading KK. The client\'s owners are mailed.')).toBeTruthy();
    expect(dialog.getByTestId('change-before').textContent).toBe('None');
    expect(dialog.getByTestId('change-after').textContent).toBe('Direct debit Japan Post Bank Head office ****678');
    expect(api.calls('POST /operator/payment_methods')).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(api.calls('POST /operator/payment_methods')).toHaveLength(1));
    expect(api.calls('POST /operator/payment_methods')[0]!.body).toMatchObject({
      client_uuid: client, region: 'jpn', method: 'direct_debit', bank_code: '9900', branch_code: '10170', account_number: '12345678',
    });
  });

  it('on a client\'s info page registers for that client only, and offers no register form for a client outside Japan', async () => {
    const api = mockApi({
      'POST /operator/payment_methods': (req) => ({ result: { request: {
        ...(req.body as Record<string, unknown>), company_name: 'Demo Trading', id: '88888888-8888-4888-8888-888888888889', status: 'registered', source: 'operator', details: '',
        reason: null, created_at: '2026-11-24T01:00:00.000Z', reviewed_at: '2026-11-24T01:00:00.000Z',
      } } }),
      'GET /operator/payment_methods/current': { result: { current: null } },
    });
    const view = await renderPage(<PaymentMethodsAdminPage client={{ uuid: client, company_name: 'Demo Trading KK', region: 'jpn' }} />, { url: '/operator/clients/jpn/x', auth: 'operator' });
    const form = within((await screen.findByText('Register on behalf of a client')).closest('form')!);
    expect(form.getByText('For Demo Trading KK')).toBeTruthy();
    expect(form.queryByLabelText(/^Client/)).toBeNull();
    for (const [label, value] of Object.entries({ ...fields, 'Branch code': '10170', 'Account number': '12345678' })) fireEvent.change(form.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    fireEvent.click(form.getByRole('button', { name: 'Register' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(api.calls('POST /operator/payment_methods')).toHaveLength(1));
    expect(api.calls('POST /operator/payment_methods')[0]!.body).toMatchObject({ client_uuid: client, region: 'jpn', method: 'bank_transfer' });
    view.unmount();

    await renderPage(<PaymentMethodsAdminPage client={{ uuid: '0b9f3c5e-7a1d-4c2e-9f00-000000000301', company_name: 'Demo Thai', region: 'tha' }} />, { url: '/operator/clients/tha/x', auth: 'operator' });
    // A client outside Japan: no bank methods, so neither the form nor the CSV tools.
    expect(screen.queryByText('Payment methods (bank)')).toBeNull();
    expect(screen.queryByText('Download CSV')).toBeNull();
    expect(screen.queryByText('Register on behalf of a client')).toBeNull();
  });

  it('imports a CSV only after the server\'s dry run is shown row by row (replaced and added) and confirmed', { timeout: 20_000 }, async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = undefined;
    mockApi();
    await renderPage(<PaymentMethodsAdminPage />, { url: '/operator/payment_methods', auth: 'operator' });
    await screen.findByText('Register on behalf of a client');
    fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [new File(['client_uuid\r\n'], 'methods.csv', { type: 'text/csv' })] } });
    const send = screen.getByRole('button', { name: 'Import' });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(send);
    await waitFor(() => expect(FakeXhr.last).toBeTruthy());
    const dry = FakeXhr.last!;
    expect([dry.url, dry.body!.get('dry_run')]).toEqual(['/v1/operator/payment_methods/import', 'true']);
    FakeXhr.last = undefined;
    const ok = { code: 20000, message: 'Success.' };
    await dry.respond(200, {
      access_status: ok, dry_run: true, registered: 2, rows: [
        { line: 2, client_uuid: client, company_name: 'Demo Trading KK', action: 'replace',
          current: { method: 'credit_card', label: '************1111', expiry: '2028-12' }, next: { method: 'bank_transfer', label: 'MUFG Bank Head office ****567', expiry: null } },
        { line: 3, client_uuid: '0b9f3c5e-7a1d-4c2e-9f00-000000000102', company_name: 'Sakura Foods', action: 'add',
          current: null, next: { method: 'direct_debit', label: 'Resona Bank Ginza ****890', expiry: null } },
      ],
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm the CSV import' }));
    expect(dialog.getByText('1 payment methods will be replaced and 1 added. Each client\'s owners are mailed.')).toBeTruthy();
    const rows = dialog.getAllByTestId('import-row').map((r) => r.textContent);
    expect(rows).toEqual([
      'Line 2Demo Trading KKReplacesCredit card ************1111 (expires 2028/12) → Bank transfer MUFG Bank Head office ****567',
      'Line 3Sakura FoodsNewDirect debit Resona Bank Ginza ****890',
    ]);
    // Nothing is imported until the operator confirms.
    expect(FakeXhr.last).toBeUndefined();
    fireEvent.click(dialog.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(FakeXhr.last).toBeTruthy());
    expect(FakeXhr.last!.body!.get('dry_run')).toBe('false');
    await FakeXhr.last!.respond(200, { access_status: ok, dry_run: false, registered: 2, rows: [] });
    expect(await screen.findByText('2 payment methods registered.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
