import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderMessage } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import PlanReviewPage from './PlanReviewPage';

const row = {
  id: '44444444-4444-4444-8444-444444444444', region: 'jpn', client_uuid: 'c-1', company_name: 'Demo Trading', product: 'bownow', plan_id: 'bownow_pro',
  plan_name: 'Pro plan', option_ids: [], currency: 'JPY', monthly_amount: 40000, effective_from: '2026-12-01', contract_kind: 'corporation',
  corporate_name: 'Demo Trading Co., Ltd.', corporate_number: '6010001000001', location: 'Tokyo', representative: 'Ichiro Yamada', applicant_name: 'Yamada Ichiro',
  status: 'reviewing', reason: null, created_at: '2026-11-24T01:00:00.000Z', reviewed_at: null,
};

describe('/operator/plan_applications', () => {
  it('lists pending applications and allows one', async () => {
    const api = mockApi({
      'GET /operator/plan_applications': { result: { applications: [row], total: 1 } },
      'POST /operator/plan_applications/allow': { result: { ...row, status: 'allowed' } },
      'GET /operator/plan_applications/preview': { result: {
        application: row, current: { plan_name: 'Free plan', monthly_amount: 0, currency: 'JPY' }, effective_from: '2027-01-01', refusal: null,
      } },
    });
    await renderPage(<PlanReviewPage />, { url: '/operator/plan_applications', auth: 'operator' });
    const line = within(await screen.findByTestId(`application-${row.id}`));
    expect(line.getByText('BowNow — Pro plan')).toBeTruthy();
    expect(line.getByText('¥40,000')).toBeTruthy();
    fireEvent.click(line.getByRole('button', { name: 'Approve' }));
    // Issue 25 point 2: the server's preview, plan now → applied for with prices, the date, the status; nothing sent yet.
    const dialog = within(await screen.findByRole('dialog', { name: 'Allow the application of Demo Trading' }));
    await dialog.findAllByTestId('change-line');
    const lines = dialog.getAllByTestId('change-line').map((l) => [within(l).queryByTestId('change-before')?.textContent, within(l).getByTestId('change-after').textContent]);
    expect(lines).toEqual([
      ['Free plan (¥0 a month, excl. tax)', 'Pro plan (¥40,000 a month, excl. tax)'],
      [undefined, 'Jan 1, 2027'],
      ['Pending', 'Approved'],
    ]);
    expect(api.calls('GET /operator/plan_applications/preview')[0]!.query.get('id')).toBe(row.id);
    expect(api.calls('POST /operator/plan_applications/allow')).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls('POST /operator/plan_applications/allow')).toHaveLength(1));
    expect(api.calls('POST /operator/plan_applications/allow')[0]!.body).toEqual({ id: row.id, region: 'jpn' });
    expect(api.calls('GET /operator/plan_applications')[0]!.query.get('status')).toBe('reviewing');
  });

  it('rejects only with a reason', async () => {
    const api = mockApi({
      'GET /operator/plan_applications': { result: { applications: [row], total: 1 } },
      'POST /operator/plan_applications/reject': { result: { ...row, status: 'rejected', reason: 'Credit check' } },
    });
    await renderPage(<PlanReviewPage />, { url: '/operator/plan_applications', auth: 'operator' });
    fireEvent.click(within(await screen.findByTestId(`application-${row.id}`)).getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByTestId('change-before').textContent).toBe('Pending');
    expect(dialog.getByTestId('change-after').textContent).toBe('Rejected');
    fireEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('Please enter the reason for the rejection.')).toBeTruthy();
    expect(api.calls('POST /operator/plan_applications/reject')).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText(/Reason/), { target: { value: 'Credit check' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.calls('POST /operator/plan_applications/reject')).toHaveLength(1));
    expect(api.calls('POST /operator/plan_applications/reject')[0]!.body).toEqual({ id: row.id, region: 'jpn', reason: 'Credit check' });
  });
});

describe('/operator/plan_applications: issue 22, payment before the allowance', () => {
  it('shows why an allowance was refused: the client has lost its payment method meanwhile', async () => {
    const refused = renderMessage('en-us', 'plan.allow_payment_missing');
    const missing = renderMessage('en-us', 'plan.payment_method_missing');
    mockApi({
      'GET /operator/plan_applications': { result: { applications: [row], total: 1 } },
      'POST /operator/plan_applications/allow': { code: 40011, message: refused, errors: { payment_method: [missing] } },
      // The preview found the method; it was removed between the preview and the confirmation.
      'GET /operator/plan_applications/preview': { result: { application: row, current: null, effective_from: '2026-12-01', refusal: null } },
    });
    await renderPage(<PlanReviewPage />, { url: '/operator/plan_applications', auth: 'operator' });
    fireEvent.click(within(await screen.findByTestId(`application-${row.id}`)).getByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findAllByTestId('change-line');
    fireEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByText(new RegExp(refused.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).textContent).toBe(`${refused} ${missing}`);
    // Still pending: the row keeps its actions.
    expect(within(screen.getByTestId(`application-${row.id}`)).getByRole('button', { name: 'Approve' })).toBeTruthy();
  });
});

describe('/operator/plan_applications: issue 25, the preview\'s refusal', () => {
  it('cannot be confirmed when the preview says the allowance would be refused, and sends nothing', async () => {
    const api = mockApi({
      'GET /operator/plan_applications': { result: { applications: [row], total: 1 } },
      'GET /operator/plan_applications/preview': { result: { application: row, current: null, effective_from: '2026-12-01', refusal: 'No usable payment method.' } },
    });
    await renderPage(<PlanReviewPage />, { url: '/operator/plan_applications', auth: 'operator' });
    fireEvent.click(within(await screen.findByTestId(`application-${row.id}`)).getByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('No usable payment method.')).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls('POST /operator/plan_applications/allow')).toHaveLength(0);
  });
});
