import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, type MockAnswer, type SeenRequest } from '../../../test/api-mock';
import { renderPage, setCookie, setViewportWidth } from '../../../test/render';
import UserListPage from './UserListPage';

const user = (n: number, over: Record<string, unknown> = {}) => ({
  uuid: `3b241101-e2bb-4255-8caf-4136c566a9${String(n).padStart(2, '0')}`, name: `Person ${n}`, email: `p${n}@example.com`,
  authority: 'user', services: ['actibook'], status: 'active', pending_email: null, language: 'ja-jp', actions: ['edit', 'ban', 'delete'], ...over,
});
const counts = { active: 2, inactive: 1, invited: 0, expired: 1, modifymail: 1 };
const USERS = [
  user(1),
  user(2, { status: 'modifymail', pending_email: 'p2-new@example.com' }),
  user(3, { status: 'inactive', pending_email: 'p3-new@example.com', actions: ['edit', 'resume', 'delete'] }),
  user(4, { status: 'expired', authority: 'user', services: [], actions: ['reinvite', 'delete'] }),
];
/** The caller's own row: the server answers only edit for it. */
const OWN = user(5, { name: 'Ichiro Yamada', email: 'owner@example.com', authority: 'owner', services: ['bownow', 'lpbuilder'], actions: ['edit'] });
const list = (req: SeenRequest) => ({
  result: { users: req.query.get('status') === 'expired' ? [USERS[3]] : USERS, total: req.query.get('status') === 'expired' ? 1 : 4, status_counts: counts },
});
const last = (api: ReturnType<typeof mockApi>) => api.calls('GET /user/list').at(-1)!.query;
const openActions = async (email: string) => {
  const target = screen.getByRole('button', { name: `Actions: ${email}` });
  fireEvent.click(target);
  // This row's dropdown; it fades in (its items count as hidden meanwhile: queries pass hidden: true).
  return waitFor(() => {
    const menu = document.getElementById(target.getAttribute('aria-controls') ?? '');
    expect(menu).toBeTruthy();
    return menu!;
  });
};

describe('user list (/user/list)', () => {
  // A laptop's width: the table. The phone's cards have their own specs below.
  beforeEach(() => setViewportWidth(1280));

  it('shows a pending email under the address and sorts by the column headers', { timeout: 20_000 }, async () => {
    setCookie('level', '3');
    const api = mockApi({ 'GET /user/list': list });
    await renderPage(<UserListPage />, { url: '/user/list' });
    expect(await screen.findByText('Changing to p2-new@example.com', undefined, { timeout: 5000 })).toBeTruthy();
    expect(last(api).get('sort')).toBe('created_at');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect([last(api).get('sort'), last(api).get('order')]).toEqual(['name', 'asc']));
    expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect([last(api).get('sort'), last(api).get('order')]).toEqual(['name', 'desc']));
    fireEvent.click(screen.getByRole('button', { name: 'ID' }));
    await waitFor(() => expect([last(api).get('sort'), last(api).get('order')]).toEqual(['id', 'asc']));
    expect(screen.queryByRole('button', { name: 'Services' })).toBeNull();
  });

  it('searches as one types and filters by status, with the counts', { timeout: 20_000 }, async () => {
    setCookie('level', '3');
    const api = mockApi({ 'GET /user/list': list });
    await renderPage(<UserListPage />, { url: '/user/list' });
    await screen.findByText('p1@example.com', undefined, { timeout: 5000 });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name or email' }), { target: { value: 'hanako' } });
    await waitFor(() => expect(last(api).get('q')).toBe('hanako'), { timeout: 3000 });
    const status = screen.getByRole('combobox', { name: 'Filter by status' });
    expect(within(status).getByRole('option', { name: 'Invitation expired (1)' })).toBeTruthy();
    expect(within(status).getByRole('option', { name: 'All statuses (5)' })).toBeTruthy();
    await act(async () => {
      fireEvent.change(status, { target: { value: 'expired' } });
    });
    await waitFor(() => expect(last(api).get('status')).toBe('expired'));
    expect(last(api).get('page')).toBe('1');
    await waitFor(() => expect(screen.queryByText('p1@example.com')).toBeNull());
    expect(screen.getByText('p4@example.com')).toBeTruthy();
  });

  it('offers the actions each status allows, asking before suspending or deleting', { timeout: 20_000 }, async () => {
    setCookie('level', '3');
    const api = mockApi({
      'GET /user/list': list,
      'PUT /user/status': (req) => ({ result: { uuid: req.body!.uuid, status: req.body!.status === 'active' ? 'modifymail' : 'inactive' } }),
      'DELETE /user': { result: {} },
      'POST /user/reinvite': (req) => ({ result: { uuid: req.body!.uuid, status: 'invited' } }),
    });
    await renderPage(<UserListPage />, { url: '/user/list' });
    await screen.findByText('p2@example.com', undefined, { timeout: 5000 });

    // A pending email change can be suspended; nothing is sent before the confirmation.
    let menu = within(await openActions('p2@example.com'));
    expect(menu.getByRole('menuitem', { name: 'Edit', hidden: true })).toBeTruthy();
    expect(menu.queryByRole('menuitem', { name: 'Resume', hidden: true })).toBeNull();
    fireEvent.click(menu.getByRole('menuitem', { name: 'Suspend', hidden: true }));
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('p2@example.com will be logged out and cannot log in until resumed.')).toBeTruthy();
    expect(api.calls('PUT /user/status')).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(api.calls('PUT /user/status')).toHaveLength(1));
    expect(api.calls('PUT /user/status')[0]!.body).toEqual({ uuid: USERS[1]!.uuid, status: 'inactive' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Resuming an account whose email change is pending says so.
    menu = within(await openActions('p3@example.com'));
    expect(menu.queryByRole('menuitem', { name: 'Suspend', hidden: true })).toBeNull();
    fireEvent.click(menu.getByRole('menuitem', { name: 'Resume', hidden: true }));
    expect(await screen.findByText('The account was resumed. Its email change is still waiting for confirmation.')).toBeTruthy();
    expect(api.calls('PUT /user/status')[1]!.body).toEqual({ uuid: USERS[2]!.uuid, status: 'active' });

    // An expired invitation can be sent again, not edited; deleting asks first.
    menu = within(await openActions('p4@example.com'));
    expect(menu.queryByRole('menuitem', { name: 'Edit', hidden: true })).toBeNull();
    fireEvent.click(menu.getByRole('menuitem', { name: 'Invite again', hidden: true }));
    await waitFor(() => expect(api.calls('POST /user/reinvite')).toHaveLength(1));
    menu = within(await openActions('p4@example.com'));
    fireEvent.click(menu.getByRole('menuitem', { name: 'Delete', hidden: true }));
    dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('DELETE /user')).toHaveLength(0);
    menu = within(await openActions('p4@example.com'));
    fireEvent.click(menu.getByRole('menuitem', { name: 'Delete', hidden: true }));
    dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('DELETE /user')).toHaveLength(1));
    expect(api.calls('DELETE /user')[0]!.query.get('uuid')).toBe(USERS[3]!.uuid);
  });

  it('shows the server\'s refusal (the last owner) as a message', { timeout: 20_000 }, async () => {
    setCookie('level', '3');
    mockApi({
      'GET /user/list': list,
      'DELETE /user': { code: 40011, message: 'The last owner cannot be removed, suspended or given another authority.' },
    });
    await renderPage(<UserListPage />, { url: '/user/list' });
    await screen.findByText('p1@example.com', undefined, { timeout: 5000 });
    fireEvent.click((within(await openActions('p1@example.com'))).getByRole('menuitem', { name: 'Delete', hidden: true }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The last owner cannot be removed, suspended or given another authority.')).toBeTruthy();
  });

  it('shows the answer to the latest search, even when an earlier search answers last', { timeout: 20_000 }, async () => {
    // Each call waits until the test answers it, so the answers can come back out of order.
    const calls: { q: string | null; answer: () => void }[] = [];
    mockApi({
      'GET /user/list': (req) => new Promise((resolve) => {
        const q = req.query.get('q');
        const users = q ? [user(q === 'slow' ? 11 : 12, { email: `${q}@example.com` })] : USERS;
        calls.push({ q, answer: () => resolve({ result: { users, total: users.length, status_counts: counts } }) });
      }),
    });
    await renderPage(<UserListPage />, { url: '/user/list', auth: 'owner' });
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.answer();
    await screen.findByText('p1@example.com');

    const search = screen.getByRole('textbox', { name: 'Search by name or email' });
    fireEvent.change(search, { target: { value: 'slow' } });
    await waitFor(() => expect(calls.map((c) => c.q)).toEqual([null, 'slow']));
    fireEvent.change(search, { target: { value: 'fast' } });
    await waitFor(() => expect(calls.map((c) => c.q)).toEqual([null, 'slow', 'fast']));

    await act(async () => calls[2]!.answer());
    expect(await screen.findByText('fast@example.com')).toBeTruthy();
    await act(async () => {
      calls[1]!.answer();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByText('slow@example.com')).toBeNull();
    expect(screen.getByText('fast@example.com')).toBeTruthy();
  });

  it('asks once, for page 1, when a search or a status filter starts on page 3', { timeout: 20_000 }, async () => {
    const api = mockApi({
      'GET /user/list': (req) => ({ result: { users: [user(Number(req.query.get('page')))], total: 60, status_counts: counts } }),
    });
    await renderPage(<UserListPage />, { url: '/user/list', auth: 'owner' });
    await screen.findByText('p1@example.com');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await screen.findByText('p3@example.com');
    const asked = () => api.calls('GET /user/list').map((r) => [r.query.get('page'), r.query.get('q'), r.query.get('status')]);
    const settle = () => act(() => new Promise((r) => setTimeout(r, 600)));

    let before = asked().length;
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name or email' }), { target: { value: 'person' } });
    await screen.findByText('p1@example.com');
    await settle();
    expect(asked().slice(before)).toEqual([['1', 'person', null]]);

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('p2@example.com');
    before = asked().length;
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by status' }), { target: { value: 'inactive' } });
    await screen.findByText('p1@example.com');
    await settle();
    expect(asked().slice(before)).toEqual([['1', 'person', 'inactive']]);
  });

  it('says when no account matches, and offers Retry when the list could not be read', { timeout: 20_000 }, async () => {
    let answer: MockAnswer = { status: 429, code: 42900, message: 'Too many requests. Please wait a moment.' };
    const api = mockApi({ 'GET /user/list': () => answer });
    await renderPage(<UserListPage />, { url: '/user/list', auth: 'owner' });
    // The page's own alert (a toast of an earlier test may still be announced in the live region).
    const alert = await waitFor(() => {
      const found = screen.getAllByRole('alert').find((a) => a.textContent?.includes('The data could not be loaded.'));
      if (!found) throw new Error('no page alert yet');
      return found;
    });
    expect(alert.textContent).toContain('The data could not be loaded.');
    expect(alert.textContent).toContain('Too many requests. Please wait a moment.');
    expect(screen.queryByRole('table')).toBeNull();

    answer = { result: { users: [], total: 0, status_counts: { ...counts, active: 0, inactive: 0, expired: 0, modifymail: 0 } } };
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No accounts match.')).toBeTruthy();
    expect(screen.queryAllByRole('alert').filter((a) => a.textContent?.includes('The data could not be loaded.'))).toEqual([]);
    expect(api.calls('GET /user/list')).toHaveLength(2);
  });

  it('offers only what the server answers for a row: the own row has no suspend or delete', { timeout: 20_000 }, async () => {
    const bare = user(6, { services: ['bownow'], actions: [] });
    mockApi({ 'GET /user/list': { result: { users: [OWN, USERS[0], bare], total: 3, status_counts: counts } } });
    await renderPage(<UserListPage />, { url: '/user/list', auth: 'owner' });
    await screen.findByText('owner@example.com');
    // A row without actions has no menu at all.
    expect(screen.queryByRole('button', { name: 'Actions: p6@example.com' })).toBeNull();
    let menu = within(await openActions('owner@example.com'));
    expect(menu.getByRole('menuitem', { name: 'Edit', hidden: true })).toBeTruthy();
    expect(menu.queryByRole('menuitem', { name: 'Suspend', hidden: true })).toBeNull();
    expect(menu.queryByRole('menuitem', { name: 'Delete', hidden: true })).toBeNull();
    // Another account of the same status offers both.
    menu = within(await openActions('p1@example.com'));
    expect(menu.getByRole('menuitem', { name: 'Suspend', hidden: true })).toBeTruthy();
    expect(menu.getByRole('menuitem', { name: 'Delete', hidden: true })).toBeTruthy();
  });

  it('names products by their display names, never their ids', { timeout: 20_000 }, async () => {
    mockApi({ 'GET /user/list': { result: { users: [OWN], total: 1, status_counts: counts } } });
    await renderPage(<UserListPage />, { url: '/user/list', auth: 'owner' });
    expect(await screen.findByText('BowNow')).toBeTruthy();
    expect(screen.getByText('LP Builder')).toBeTruthy();
    expect(screen.queryByText('bownow')).toBeNull();
    expect(screen.queryByText('lpbuilder')).toBeNull();
  });

  it('says "1 account" for one, and "4 accounts" for more', { timeout: 20_000 }, async () => {
    let answer: MockAnswer = { result: { users: [OWN], total: 1, status_counts: counts } };
    mockApi({ 'GET /user/list': () => answer });
    await renderPage(<UserListPage />, { url: '/user/list', auth: 'owner' });
    expect(await screen.findByText('1 account')).toBeTruthy();
    answer = { result: { users: USERS, total: 4, status_counts: counts } };
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name or email' }), { target: { value: 'p' } });
    expect(await screen.findByText('4 accounts')).toBeTruthy();
  });

  it('marks the accounts a support login created or changed, with the support actor\'s name (issue 21)', { timeout: 20_000 }, async () => {
    const actor = 'Taro Agent (Demo Agency Inc.)';
    const marked = [
      user(6, { email: 'helper@example.com', support_created_by: actor }),
      user(7, { email: 'renamed@example.com', support_changed_by: 'Operator Hanako', support_changed_at: '2026-12-12T01:05:00.000Z' }),
      user(8, { email: 'plain@example.com' }),
    ];
    mockApi({ 'GET /user/list': { result: { users: marked, total: 3, status_counts: counts } } });
    await renderPage(<UserListPage />, { url: '/user/list', auth: 'owner' });
    expect(await screen.findByText(`Created during support by ${actor}`)).toBeTruthy();
    expect(screen.getByText('Changed during support by Operator Hanako')).toBeTruthy();
    // One mark per marked account, none on the others.
    expect(screen.getAllByTestId('support-mark')).toHaveLength(2);
    const row = screen.getByText('plain@example.com').closest('tr')!;
    expect(within(row).queryByTestId('support-mark')).toBeNull();
  });

  describe('on a phone (390 px)', () => {
    beforeEach(() => setViewportWidth(390));

    it('shows each account as a card with name, email, authority, status, products and its menu', { timeout: 20_000 }, async () => {
      const api = mockApi({ 'GET /user/list': { result: { users: [OWN, ...USERS], total: 5, status_counts: counts } } });
      await renderPage(<UserListPage />, { url: '/user/list', auth: 'owner' });
      const card = within(await screen.findByRole('listitem', { name: 'owner@example.com' }));
      expect(screen.queryByRole('table')).toBeNull();
      expect(card.getByText('Ichiro Yamada')).toBeTruthy();
      expect(card.getByText('Owner')).toBeTruthy();
      expect(card.getByText('Active')).toBeTruthy();
      expect(card.getByText('BowNow')).toBeTruthy();
      expect(card.getByRole('button', { name: 'Actions: owner@example.com' })).toBeTruthy();
      const suspended = within(screen.getByRole('listitem', { name: 'p3@example.com' }));
      expect(suspended.getByText('Suspended')).toBeTruthy();
      expect(suspended.getByText('Changing to p3-new@example.com')).toBeTruthy();

      // The own row offers no suspend or delete here either.
      const menu = within(await openActions('owner@example.com'));
      expect(menu.getByRole('menuitem', { name: 'Edit', hidden: true })).toBeTruthy();
      expect(menu.queryByRole('menuitem', { name: 'Suspend', hidden: true })).toBeNull();
      expect(menu.queryByRole('menuitem', { name: 'Delete', hidden: true })).toBeNull();

      // Without column headers, the list sorts from a select.
      fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'name:desc' } });
      await waitFor(() => expect([last(api).get('sort'), last(api).get('order')]).toEqual(['name', 'desc']));
    });
  });
});
