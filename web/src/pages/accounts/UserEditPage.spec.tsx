import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../test/api-mock';
import { renderApp, setCookie } from '../../test/render';

const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';
const account = {
  uuid: UUID, email: 'hanako@example.com', family_name: 'Yamada', given_name: 'Hanako', authority: 'user',
  products: ['actibook'], status: 'active', pending_email: null, language: 'en-us',
};

describe('account edit (/user/update)', () => {
  it('asks before changing the authority, then saves', async () => {
    setCookie('level', '3');
    const api = mockApi({
      'GET /user': { result: account },
      'PUT /user': (req) => ({ result: { ...account, ...req.body } }),
      'GET /user/list': { result: { users: [], total: 0 } },
    });
    await renderApp(`/user/update?uuid=${UUID}`);
    expect(await screen.findByDisplayValue('hanako@example.com')).toBeTruthy();
    expect(api.calls('GET /user')[0]!.query.get('uuid')).toBe(UUID);
    // The account's language is shown (the holder chooses it on their profile).
    expect((screen.getByRole('textbox', { name: 'Language' }) as HTMLInputElement).value).toBe('English');
    expect((screen.getByRole('textbox', { name: 'Language' }) as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Admin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Products available to this account may be removed/)).toBeTruthy();
    expect(api.calls('PUT /user')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change and save' }));
    await waitFor(() => expect(api.calls('PUT /user')).toHaveLength(1));
    expect(api.calls('PUT /user')[0]!.body).toMatchObject({ uuid: UUID, authority: 'admin', email: 'hanako@example.com', products: ['actibook'] });
  });

  it('shows a pending email change and the server\'s field error', async () => {
    setCookie('level', '3');
    mockApi({
      'GET /user': { result: { ...account, status: 'modifymail', pending_email: 'new@example.com' } },
      'PUT /user': { code: 40011, message: 'Please check the highlighted fields.', errors: { email: ['This email address is already registered.'] } },
    });
    await renderApp(`/user/update?uuid=${UUID}`);
    expect(await screen.findByText(/Waiting for new@example.com to be confirmed/)).toBeTruthy();
    expect(screen.getByDisplayValue('new@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This email address is already registered.')).toBeTruthy();
  });
});

describe('email change link (/account_mail_update)', () => {
  it('applies the change and shows the success page', async () => {
    const api = mockApi({ 'PUT /account_mail_update': { result: { email: 'new@example.com' } } });
    await renderApp(`/account_mail_update/${UUID}/jpn.token-value-123456`);
    expect(await screen.findByText('Email address changed')).toBeTruthy();
    expect(screen.getByText('From now on, log in with new@example.com.')).toBeTruthy();
    expect(api.calls('PUT /account_mail_update')[0]!.body).toEqual({ user_uuid: UUID, access_token: 'jpn.token-value-123456' });
  });

  it('shows the fail page for an expired link', async () => {
    mockApi({ 'PUT /account_mail_update': { code: 40011, message: 'This email change link has expired or was replaced by a newer one.' } });
    await renderApp(`/account_mail_update/${UUID}/jpn.expired-token-123456`);
    expect(await screen.findByText('The email address could not be changed')).toBeTruthy();
  });
});
