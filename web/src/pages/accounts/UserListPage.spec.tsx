import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, type SeenRequest } from '../../test/api-mock';
import { renderApp, setCookie } from '../../test/render';

const user = (n: number, over: Record<string, unknown> = {}) => ({
  uuid: `3b241101-e2bb-4255-8caf-4136c566a9${String(n).padStart(2, '0')}`, name: `Person ${n}`, email: `p${n}@example.com`,
  authority: 'user', services: ['actibook'], status: 'active', pending_email: null, language: 'ja-jp', ...over,
});
const counts = { active: 2, inactive: 1, invited: 0, expired: 1, modifymail: 1 };
const USERS = [
  user(1),
  user(2, { status: 'modifymail', pending_email: 'p2-new@example.com' }),
  user(3, { status: 'inactive', pending_email: 'p3-new@example.com' }),
  user(4, { status: 'expired', authority: 'user', services: [] }),
];
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
  it('shows a pending email under the address and sorts by the column headers', { timeout: 20_000 }, async () => {
    setCookie('level', '3');
    const api = mockApi({ 'GET /user/list': list });
    await renderApp('/user/list');
    expect(await screen.findByText('Changing to p2-new@example.com', undefined, { timeout: 5000 })).toBeTruthy();
    expect(last(api).get('sort')).toBe('created_at');
    fireEvent.click(screen.getByRole('button', { name: 'Username' }));
    await waitFor(() => expect([last(api).get('sort'), last(api).get('order')]).toEqual(['name', 'asc']));
    expect(screen.getByRole('columnheader', { name: /Username/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /Username/ }));
    await waitFor(() => expect([last(api).get('sort'), last(api).get('order')]).toEqual(['name', 'desc']));
    fireEvent.click(screen.getByRole('button', { name: 'ID' }));
    await waitFor(() => expect([last(api).get('sort'), last(api).get('order')]).toEqual(['id', 'asc']));
    expect(screen.queryByRole('button', { name: 'Services' })).toBeNull();
  });

  it('searches as one types and filters by status, with the counts', { timeout: 20_000 }, async () => {
    setCookie('level', '3');
    const api = mockApi({ 'GET /user/list': list });
    await renderApp('/user/list');
    await screen.findByText('p1@example.com', undefined, { timeout: 5000 });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name or email' }), { target: { value: 'hanako' } });
    await waitFor(() => expect(last(api).get('q')).toBe('hanako'), { timeout: 3000 });
    const status = screen.getByRole('combobox', { name: 'Filter by status' });
    expect(within(status).getByRole('option', { name: 'Expired (1)' })).toBeTruthy();
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
    await renderApp('/user/list');
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
    await renderApp('/user/list');
    await screen.findByText('p1@example.com', undefined, { timeout: 5000 });
    fireEvent.click((within(await openActions('p1@example.com'))).getByRole('menuitem', { name: 'Delete', hidden: true }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The last owner cannot be removed, suspended or given another authority.')).toBeTruthy();
  });
});
