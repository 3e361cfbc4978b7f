import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, seen } from '../../../test/render';
import { readInquiryDraft, writeInquiryDraft } from '../draft';
import InquiryConfirmPage from './InquiryConfirmPage';
import InquiryPage from './InquiryPage';
import InquiryReceiversPage from './InquiryReceiversPage';

const DRAFT = { products: ['bownow' as const], company_name: 'Demo KK', name: 'Ichiro Yamada', email: 'owner@example.com', phone: '', purpose: 'feature' as const, text: 'How do forms branch?' };

describe('inquiries (issue 12, slice B)', () => {
  it('step 1 refuses a missing purpose and text under their fields, and keeps the draft for step 2', { timeout: 20_000 }, async () => {
    writeInquiryDraft(null);
    mockApi();
    await renderPage(<InquiryPage />, { url: '/user_inquiry', auth: 'owner' });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to confirm' }));
    expect(await screen.findByText('Please enter purpose.')).toBeTruthy();
    expect(screen.getByText('Please enter inquiry.')).toBeTruthy();
    expect(readInquiryDraft()).toBeNull();
  });

  it('step 2 shows the draft and sends it', { timeout: 20_000 }, async () => {
    writeInquiryDraft(DRAFT);
    const api = mockApi({ 'POST /inquiry': { result: { inquiry: { ...DRAFT, id: 'q1', status: 'new', receiver: 'operator', created_at: '2026-11-24T01:00:00.000Z' } } } });
    await renderPage(<InquiryConfirmPage />, { url: '/user_inquiryconfirm', auth: 'owner' });
    expect((await screen.findByTestId('inquiry-text')).textContent).toBe('How do forms branch?');
    expect(screen.getByText('Features')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(seen.pathname).toBe('/user_inquirycompleted'));
    expect(api.calls('POST /inquiry')[0]!.body).toMatchObject({ purpose: 'feature', text: 'How do forms branch?' });
    expect(readInquiryDraft()).toBeNull();
  });

  it('the partner cannot remove its last inquiry receiver', async () => {
    mockApi({ 'GET /partner/inquiry_receivers': { result: { receivers: [{ email: 'support@agency.example.com', name: '' }] } } });
    await renderPage(<InquiryReceiversPage />, { url: '/partner/inquiry_receivers', auth: 'partner' });
    const row = within((await screen.findByText('support@agency.example.com')).closest('tr')!);
    expect((row.getByRole('button', { name: 'Remove' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
