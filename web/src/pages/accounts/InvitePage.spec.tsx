import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../test/api-mock';
import { renderApp, seen, setCookie } from '../../test/render';

const fill = (index: number, email: string, name: string) => {
  fireEvent.change(screen.getAllByRole('textbox', { name: /^Email/ })[index]!, { target: { value: email } });
  fireEvent.change(screen.getAllByRole('textbox', { name: /^Username/ })[index]!, { target: { value: name } });
};

describe('invite from the screen (/user/invite)', () => {
  it('takes at most 10 people: an 11th row cannot be added', { timeout: 20_000 }, async () => {
    setCookie('level', '3');
    mockApi({ 'GET /user/list': { result: { users: [], total: 0, status_counts: {} } } });
    await renderApp('/user/invite');
    const add = await screen.findByRole('button', { name: 'Add a person (1/10)' }, { timeout: 5000 });
    for (let i = 1; i < 10; i++) fireEvent.click(screen.getByRole('button', { name: `Add a person (${i}/10)` }));
    expect(screen.getAllByRole('textbox', { name: /^Email/ })).toHaveLength(10);
    const full = screen.getByRole('button', { name: 'Add a person (10/10)' }) as HTMLButtonElement;
    expect(full.disabled).toBe(true);
    fireEvent.click(full);
    expect(screen.getAllByRole('textbox', { name: /^Email/ })).toHaveLength(10);
    expect(add).toBeTruthy();
  });

  it('shows each row\'s errors on that row: the contract\'s labels, then the server\'s', { timeout: 20_000 }, async () => {
    setCookie('level', '3');
    const api = mockApi({
      'POST /user/invite': { code: 40011, message: 'Please check the highlighted fields.', errors: { 'users.1.email': ['This email address is already registered.'] } },
    });
    await renderApp('/user/invite');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a person (1/10)' }, { timeout: 5000 }));
    fill(0, 'hanako@example.com', 'Hanako');
    fill(1, 'taro@example.com', '');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    // Checked in the browser with the contract: the field is named, never a raw key.
    expect(await screen.findByText('Please enter account name.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/field\./);
    expect(api.calls('POST /user/invite')).toHaveLength(0);
    fill(1, 'admin@example.com', 'Taro');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('This email address is already registered.')).toBeTruthy();
    const second = screen.getAllByRole('textbox', { name: /^Email/ })[1]!;
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('textbox', { name: /^Email/ })[0]!.getAttribute('aria-invalid')).not.toBe('true');
    expect(api.calls('POST /user/invite')[0]!.body).toMatchObject({
      users: [{ email: 'hanako@example.com', name: 'Hanako', authority: 'user', products: [] }, { email: 'admin@example.com', name: 'Taro' }],
    });
  });

  it('sends the invitations and returns to the list', { timeout: 20_000 }, async () => {
    setCookie('level', '3');
    mockApi({
      'POST /user/invite': { result: { invited: [{ uuid: '3b241101-e2bb-4255-8caf-4136c566a962', email: 'hanako@example.com' }] } },
      'GET /user/list': { result: { users: [], total: 0, status_counts: { active: 0, inactive: 0, invited: 0, expired: 0, modifymail: 0 } } },
    });
    await renderApp('/user/invite');
    await screen.findByRole('button', { name: 'Add a person (1/10)' }, { timeout: 5000 });
    fill(0, 'hanako@example.com', 'Hanako');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(seen.pathname).toBe('/user/list'));
  });
});
