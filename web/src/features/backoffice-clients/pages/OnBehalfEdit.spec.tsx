import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TBillingInfoView, TClientInfo, TCompany } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import BoClientInfoPage from './BoClientInfoPage';

const UUID = '0b9f3c5e-7a1d-4c2e-9f00-000000000101';
const INFO: TClientInfo = {
  uuid: UUID, region: 'jpn', company_name: 'Demo Trading KK', phone: '03-1234-5678', address: '千代田区丸の内1-1-1', location: '東京都', representative: '', corporate_number: '',
  contract_type: 'referral', licence_type: 'normal', status: 'active', partner_name: 'Demo Agency', created_at: '2026-04-01T03:00:00.000Z',
  products: ['bownow'], read_only: false, licence_types_settable: ['normal'],
  billing: null, payment_method: null, eu_restricted: false, eu_declared_at: null,
};
const COMPANY: TCompany = {
  company_uuid: UUID, region: 'jpn', company_name: 'Demo Trading KK', phone: '03-1234-5678', address: '千代田区丸の内1-1-1', location: '東京都', representative: '',
  corporate_number: '', postal_code: '100-0005', position: null, division: null, industry: null, sub_industry: null, employees: null, budget: null,
  logo_url: null, logo_crop: null, locked: false,
};
const page = { path: '/operator/clients/:region/:uuid', url: `/operator/clients/jpn/${UUID}`, auth: 'operator' as const };

describe('company and billing info on the client\'s behalf (issue 25, point 5)', () => {
  it('edits the company in the client\'s form, confirms old → new, saves, and shows the new value at once', async () => {
    let info = INFO;
    const api = mockApi({
      'GET /operator/clients/info': () => ({ result: info }),
      'GET /operator/clients/company': { result: COMPANY },
      'PUT /operator/clients/company': (req) => {
        info = { ...INFO, phone: String(req.body!.phone) };
        return { result: { ...COMPANY, phone: String(req.body!.phone) } };
      },
    });
    await renderPage(<BoClientInfoPage area="operator" />, page);
    expect(await screen.findByText('03-1234-5678')).toBeTruthy();
    const [editCompany] = screen.getAllByRole('button', { name: 'Edit' });
    fireEvent.click(editCompany!);
    const dialog = await screen.findByRole('dialog', { name: /Edit company info on behalf of Demo Trading KK/ });
    // The client's own form, without the logo and the survey (they stay the client's).
    const phone = await within(dialog).findByLabelText(/Phone/);
    expect(within(dialog).queryByText('Logo')).toBeNull();
    fireEvent.change(phone, { target: { value: '03-9999-0000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Nothing is sent before the operator confirms what changes.
    const confirm = await within(dialog).findByTestId('on-behalf-confirm');
    expect(api.calls('PUT /operator/clients/company')).toHaveLength(0);
    const row = within(confirm).getByRole('row', { name: /03-1234-5678/ });
    expect(within(row).getByText('03-9999-0000')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls('PUT /operator/clients/company')).toHaveLength(1));
    expect(api.calls('PUT /operator/clients/company')[0]!.body).toEqual({
      region: 'jpn', uuid: UUID, company_name: 'Demo Trading KK', phone: '03-9999-0000', postal_code: '100-0005', location: '東京都',
      address: '千代田区丸の内1-1-1', representative: '', corporate_number: '',
    });
    expect(await screen.findByText('03-9999-0000')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('goes back to the form without saving, and shows the server\'s field errors there', async () => {
    const view: TBillingInfoView = { registered: false, billing_info: null, kana: true };
    const api = mockApi({
      'GET /operator/clients/info': { result: INFO },
      'GET /operator/clients/billing_info': { result: view },
      'PUT /operator/clients/billing_info': { status: 422, code: 40011, message: 'Check the fields.', errors: { email: ['This email address is not valid.'] } },
    });
    await renderPage(<BoClientInfoPage area="operator" />, page);
    const buttons = await screen.findAllByRole('button', { name: 'Edit' });
    fireEvent.click(buttons[1]!);
    const dialog = await screen.findByRole('dialog', { name: /Edit billing info on behalf of Demo Trading KK/ });
    const fill = (label: RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    await within(dialog).findByLabelText(/^Company name \(kana\)/);
    fill(/^Company name\s*\*?$/, 'デモ商事');
    fill(/^Company name \(kana\)/, 'デモショウジ');
    fill(/^Phone number/, '03-1111-2222');
    fill(/^Billing email/, 'bill@example.com');
    fill(/^Address\s*\*?$/, '東京都千代田区1-1');
    fill(/^Address \(kana\)/, 'トウキョウト');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    let confirm = await within(dialog).findByTestId('on-behalf-confirm');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Back to the form' }));
    await waitFor(() => expect(within(dialog).queryByTestId('on-behalf-confirm')).toBeNull());
    expect(api.calls('PUT /operator/clients/billing_info')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    confirm = await within(dialog).findByTestId('on-behalf-confirm');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls('PUT /operator/clients/billing_info')).toHaveLength(1));
    expect(await within(dialog).findByText('This email address is not valid.')).toBeTruthy();
  });

  it('offers no edit to a partner', async () => {
    mockApi({ 'GET /partner/clients/info': { result: INFO } });
    await renderPage(<BoClientInfoPage area="partner" />, { ...page, path: '/partner/clients/:region/:uuid', url: `/partner/clients/jpn/${UUID}`, auth: 'partner' });
    expect(await screen.findByText('03-1234-5678')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
