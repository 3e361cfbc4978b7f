import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import NoticeListPage from './NoticeListPage';
import OperatorNoticesPage from './OperatorNoticesPage';

const N1 = '0b9f3c5e-7a1d-4c2e-9f00-00000000e101';
const N2 = '0b9f3c5e-7a1d-4c2e-9f00-00000000e102';
const item = (id: string, title: string, read: boolean) => ({
  id, product: null, title, body: `<p>${title} body</p>`, url: '', starts_at: '2026-11-20T01:00:00.000Z', ends_at: '2026-12-20T01:00:00.000Z',
  on_top: false, fixed: false, read,
});

describe('notices (issue 12, slice B)', () => {
  it('lists the delivered notices, marks unread ones, and records a read when one is opened', async () => {
    const api = mockApi({
      'GET /notice/list': { result: { notices: [item(N1, 'Maintenance', false), item(N2, 'New feature', true)], total: 2, news_num: 1 } },
      'POST /notice/history': { result: { news_num: 0, top_notice_title: '' } },
    });
    await renderPage(<NoticeListPage />, { url: '/notice/list', auth: 'user' });
    const first = await screen.findByRole('button', { name: /Maintenance/ });
    expect(within(first).getByText('Unread')).toBeTruthy();
    expect(within(screen.getByRole('button', { name: /New feature/ })).queryByText('Unread')).toBeNull();
    fireEvent.click(first);
    await waitFor(() => expect(api.calls('POST /notice/history')).toHaveLength(1));
    expect(api.calls('POST /notice/history')[0]!.body).toEqual({ ids: [N1] });
    // Opening a read one records nothing.
    fireEvent.click(screen.getByRole('button', { name: /New feature/ }));
    await screen.findByText('New feature body');
    expect(api.calls('POST /notice/history')).toHaveLength(1);
  });

  it('refuses a period that ends before it starts in the form, sending nothing, and counts the title', async () => {
    const api = mockApi({ 'GET /operator/notices': { result: { notices: [], total: 0 } } });
    await renderPage(<OperatorNoticesPage />, { url: '/operator/notices', auth: 'operator' });
    fireEvent.click(await screen.findByRole('button', { name: 'New notice' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Hello' } });
    expect(dialog.getByText('5 / 100')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Body/), { target: { value: '<p>Hi</p>' } });
    fireEvent.change(dialog.getByLabelText(/^Delivery starts/), { target: { value: '2026-12-02T10:00' } });
    fireEvent.change(dialog.getByLabelText(/^Delivery ends/), { target: { value: '2026-12-01T10:00' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('The delivery period must end after it starts.')).toBeTruthy();
    expect(api.calls('POST /operator/notices')).toHaveLength(0);
  });
});
