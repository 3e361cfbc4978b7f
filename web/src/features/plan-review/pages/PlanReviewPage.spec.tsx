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
    });
    await renderPage(<PlanReviewPage />, { url: '/operator/plan_applications', auth: 'operator' });
    const line = within(await screen.findByTestId(`application-${row.id}`));
    expect(line.getByText('BowNow — Pro plan')).toBeTruthy();
    expect(line.getByText('¥40,000')).toBeTruthy();
    fireEvent.click(line.getByRole('button', { name: 'Approve' }));
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
    });
    await renderPage(<PlanReviewPage />, { url: '/operator/plan_applications', auth: 'operator' });
    fireEvent.click(within(await screen.findByTestId(`application-${row.id}`)).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByText(new RegExp(refused.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).textContent).toBe(`${refused} ${missing}`);
    // Still pending: the row keeps its actions.
    expect(within(screen.getByTestId(`application-${row.id}`)).getByRole('button', { name: 'Approve' })).toBeTruthy();
  });
});
