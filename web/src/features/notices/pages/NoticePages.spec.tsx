import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setViewportWidth } from '../../../test/render';
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
    // The form loads lazily with the dialog.
    fireEvent.change(await dialog.findByLabelText(/^Title/), { target: { value: 'Hello' } });
    expect(dialog.getByText('5 / 100')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Body/), { target: { value: '<p>Hi</p>' } });
    fireEvent.change(dialog.getByLabelText(/^Delivery starts/), { target: { value: '2026-12-02T10:00' } });
    fireEvent.change(dialog.getByLabelText(/^Delivery ends/), { target: { value: '2026-12-01T10:00' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('The delivery period must end after it starts.')).toBeTruthy();
    expect(api.calls('POST /operator/notices')).toHaveLength(0);
  });

  describe('drafts, publish and preview (issue 25)', () => {
    const C1 = '0b9f3c5e-7a1d-4c2e-9f00-00000000c001';
    const admin = (id: string, title: string, extra: Record<string, unknown>) => ({
      id, product: null, target: 'client', payment: 'all', clients: [{ client_uuid: C1, company_name: 'Draft KK' }], audience: 1, title, body: `<p>${title} body</p>`,
      url: '', starts_at: '2026-11-20T01:00:00.000Z', ends_at: '2026-12-20T01:00:00.000Z', on_top: false, fixed: false, publish_status: 'between',
      state: 'delivering', archived: false, reads: 3, created_at: '2026-11-19T01:00:00.000Z', updated_at: '2026-11-19T01:00:00.000Z', ...extra,
    });
    const draft = admin(N2, 'Copy of maintenance', { state: 'draft', publish_status: 'before', reads: 0 });
    const live = admin(N1, 'Maintenance', {});
    const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr')!;
    async function openAction(title: string, action: string) {
      fireEvent.click(within(await rowOf(title)).getByRole('button', { name: 'Actions' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: action }));
      return within(await screen.findByRole('dialog'));
    }

    it('labels a draft with a badge, and publishes only after a confirm naming who will receive it', async () => {
      const api = mockApi({
        'GET /operator/notices': { result: { notices: [draft, live], total: 2 } },
        'POST /operator/notices/publish': { result: { notice: { ...draft, state: 'delivering' } } },
      });
      await renderPage(<OperatorNoticesPage />, { url: '/operator/notices', auth: 'operator' });
      expect(within(await rowOf('Copy of maintenance')).getByText('Draft')).toBeTruthy();
      expect(within(await rowOf('Maintenance')).queryByText('Draft')).toBeNull();
      expect(within(await rowOf('Maintenance')).getByText('Delivering')).toBeTruthy();
      // A delivering notice cannot be published again; only a draft offers it.
      fireEvent.click(within(await rowOf('Maintenance')).getByRole('button', { name: 'Actions' }));
      await screen.findByRole('menuitem', { name: 'Archive' });
      expect(screen.queryByRole('menuitem', { name: 'Publish' })).toBeNull();
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

      const dialog = await openAction('Copy of maintenance', 'Publish');
      expect(dialog.getByText('Who will receive it')).toBeTruthy();
      expect(dialog.getByText('One client · Draft KK')).toBeTruthy();
      expect(dialog.getByText('1 client selected')).toBeTruthy();
      // Issue 25 point 2: the shared confirmation shows the state as it is and as it will be.
      const [state] = dialog.getAllByTestId('change-line');
      expect(within(state!).getByTestId('change-before').textContent).toBe('Draft');
      expect(within(state!).getByTestId('change-after').textContent).toMatch(/^(Scheduled|Delivering)$/);
      expect(api.calls('POST /operator/notices/publish')).toHaveLength(0);
      fireEvent.click(dialog.getByRole('button', { name: 'Publish' }));
      await waitFor(() => expect(api.calls('POST /operator/notices/publish')).toHaveLength(1));
      expect(api.calls('POST /operator/notices/publish')[0]!.body).toEqual({ id: N2 });
    });

    it('puts each row\'s actions in its first column at 390 px, where a last column is off-screen (issue 25 item 7)', async () => {
      setViewportWidth(390);
      try {
        mockApi({ 'GET /operator/notices': { result: { notices: [draft, live], total: 2 } } });
        await renderPage(<OperatorNoticesPage />, { url: '/operator/notices', auth: 'operator' });
        const cells = within(await screen.findByTestId(`notice-row-${N2}`)).getAllByRole('cell');
        fireEvent.click(within(cells[0]!).getByRole('button', { name: 'Actions' }));
        expect(await screen.findByRole('menuitem', { name: 'Publish' })).toBeTruthy();
      } finally {
        setViewportWidth(1280);
      }
    });

    it('keeps the actions in the last column on a wide screen', async () => {
      mockApi({ 'GET /operator/notices': { result: { notices: [draft, live], total: 2 } } });
      await renderPage(<OperatorNoticesPage />, { url: '/operator/notices', auth: 'operator' });
      const wide = within(await screen.findByTestId(`notice-row-${N2}`)).getAllByRole('cell');
      expect(within(wide.at(-1)!).getByRole('button', { name: 'Actions' })).toBeTruthy();
      expect(within(wide[0]!).queryByRole('button', { name: 'Actions' })).toBeNull();
    });

    it('does not let a draft without dates be published', async () => {
      const api = mockApi({ 'GET /operator/notices': { result: { notices: [{ ...draft, starts_at: null, ends_at: null }], total: 1 } } });
      await renderPage(<OperatorNoticesPage />, { url: '/operator/notices', auth: 'operator' });
      expect(within(await rowOf('Copy of maintenance')).getByText('No dates set')).toBeTruthy();
      const dialog = await openAction('Copy of maintenance', 'Publish');
      expect(dialog.getByText('Set the delivery period (edit the draft) before publishing.')).toBeTruthy();
      expect((dialog.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
      expect(api.calls('POST /operator/notices/publish')).toHaveLength(0);
    });

    it('previews a notice as the chosen client sees it, saying whether it is in the audience', async () => {
      const api = mockApi({
        'GET /operator/notices': { result: { notices: [draft], total: 1 } },
        'GET /client/list': { result: { clients: [{
          uuid: C1, company_name: 'Draft KK', region: 'jpn', contract_type: 'none', licence_type: 'normal', status: 'active', created_at: '2026-11-01T00:00:00.000Z',
          support_login: { possible: false, reason: null },
        }], total: 1 } },
        'GET /operator/notice/preview': {
          result: { in_audience: true, company_name: 'Draft KK', notice: { ...item(N2, 'Copy of maintenance', false), body: '<p>Preview body</p>' } },
        },
      });
      await renderPage(<OperatorNoticesPage />, { url: '/operator/notices', auth: 'operator' });
      const dialog = await openAction('Copy of maintenance', 'Preview as a client');
      const picker = dialog.getByLabelText(/^Client/);
      fireEvent.click(picker);
      fireEvent.click(await screen.findByText('Draft KK', { selector: '[role=option] *, [role=option]' }));
      expect(await dialog.findByText('Draft KK is in this notice\'s audience and sees it like this during the delivery period.')).toBeTruthy();
      expect(dialog.getByText('Preview body')).toBeTruthy();
      expect(api.calls('GET /operator/notice/preview')[0]!.query.get('client_uuid')).toBe(C1);
    });
  });
});
