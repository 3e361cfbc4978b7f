import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, seen, setCookie } from '../../../test/render';
import MailChangeResultPage from './MailChangeResultPage';
import MailUpdatePage from './MailUpdatePage';
import UserEditPage from './UserEditPage';

const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';
const OWNER = '3b241101-e2bb-4255-8caf-4136c566a963';
const account = {
  uuid: UUID, email: 'hanako@example.com', family_name: 'Yamada', given_name: 'Hanako', authority: 'user',
  products: ['actibook'], status: 'active', pending_email: null, language: 'en-us',
};

const HELD = { 'GET /client/products': { result: { products: ['bownow', 'actibook'] } } };

describe('account edit (/user/update)', () => {
  it('in a support session offers no other authority and no email change, and leaves admins\' and owners\' accounts alone (issues 9, 21)', async () => {
    setCookie('level', '3');
    setCookie('proxy_ident', 'partner-staff');
    setCookie('login_operator_type', '1');
    const ADMIN = '3b241101-e2bb-4255-8caf-4136c566a964';
    const api = mockApi({
      ...HELD,
      'GET /user': (req) => {
        const uuid = req.query.get('uuid');
        return { result: uuid === UUID ? account : { ...account, uuid, authority: uuid === OWNER ? 'owner' : 'admin' } };
      },
      'PUT /user': (req) => ({ result: { ...account, ...req.body } }),
    });
    const user = await renderPage(<UserEditPage />, { path: '/user/update', url: `/user/update?uuid=${UUID}` });
    const email = await screen.findByDisplayValue('hanako@example.com') as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(screen.getByText('A support login cannot change email addresses.')).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['user']);
    expect(screen.queryByText(/managed by the client's own owners/)).toBeNull();
    // The name and products can still be saved.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /user')).toHaveLength(1));
    expect(api.calls('PUT /user')[0]!.body).toMatchObject({ authority: 'user', email: 'hanako@example.com' });
    user.unmount();
    for (const uuid of [OWNER, ADMIN]) {
      const page = await renderPage(<UserEditPage />, { path: '/user/update', url: `/user/update?uuid=${uuid}` });
      expect(await screen.findByText('Admin and owner accounts are managed by the client\'s own owners')).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getAllByRole('radio').every((r) => (r as HTMLInputElement).disabled)).toBe(true);
      page.unmount();
    }
    expect(api.calls('PUT /user')).toHaveLength(1);
  });

  it('says who created and last changed the account during a support login (issue 21)', async () => {
    setCookie('level', '3');
    mockApi({
      ...HELD,
      'GET /user': { result: { ...account, support_created_by: 'Taro Agent (Demo Agency Inc.)', support_changed_by: 'Operator Hanako', support_changed_at: '2026-12-12T01:05:00.000Z' } },
    });
    await renderPage(<UserEditPage />, { path: '/user/update', url: `/user/update?uuid=${UUID}` });
    expect(await screen.findByText('Created during support by Taro Agent (Demo Agency Inc.)')).toBeTruthy();
    // In the host's time zone (localhost: Japan), with the zone named.
    expect(screen.getByText('Last changed during support by Operator Hanako on Dec 12, 2026, 10:05 AM GMT+9')).toBeTruthy();
  });

  it('asks before changing the authority, then saves', async () => {
    setCookie('level', '3');
    const api = mockApi({
      ...HELD,
      'GET /user': { result: account },
      'PUT /user': (req) => ({ result: { ...account, ...req.body } }),
    });
    await renderPage(<UserEditPage />, { path: '/user/update', url: `/user/update?uuid=${UUID}` });
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
    await waitFor(() => expect(seen.pathname).toBe('/user/list'));
  });

  it('shows a pending email change and the server\'s field error', async () => {
    setCookie('level', '3');
    mockApi({
      ...HELD,
      'GET /user': { result: { ...account, status: 'modifymail', pending_email: 'new@example.com' } },
      'PUT /user': { code: 40011, message: 'Please check the highlighted fields.', errors: { email: ['This email address is already registered.'] } },
    });
    await renderPage(<UserEditPage />, { path: '/user/update', url: `/user/update?uuid=${UUID}` });
    expect(await screen.findByText(/Waiting for new@example.com to be confirmed/)).toBeTruthy();
    expect(screen.getByDisplayValue('new@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This email address is already registered.')).toBeTruthy();
  });
});

describe('account edit: names and products', () => {
  it('offers the company\'s products and the account\'s own by name, and saves ids', async () => {
    setCookie('level', '3');
    const api = mockApi({
      ...HELD,
      'GET /user': { result: { ...account, products: ['actibook', 'cocoar'] } },
      'PUT /user': (req) => ({ result: { ...account, ...req.body } }),
    });
    await renderPage(<UserEditPage />, { path: '/user/update', url: `/user/update?uuid=${UUID}` });
    const picker = await screen.findByRole('combobox', { name: 'Services' });
    fireEvent.click(picker);
    await waitFor(() => expect(picker.getAttribute('aria-controls')).toBeTruthy());
    const options = [...document.getElementById(picker.getAttribute('aria-controls')!)!.querySelectorAll<HTMLElement>('[role=option]')];
    // The company holds BowNow and ActiBook; the account keeps COCOAR it already has.
    expect(options.map((o) => o.textContent)).toEqual(['BowNow', 'ActiBook', 'COCOAR']);
    fireEvent.click(options[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /user')).toHaveLength(1));
    expect(api.calls('PUT /user')[0]!.body).toMatchObject({ products: ['actibook', 'cocoar', 'bownow'] });
  });

  it('asks the given name first on the US host and requires it', async () => {
    setCookie('level', '3');
    const api = mockApi({ ...HELD, 'GET /user': { result: { ...account, family_name: 'Smith', given_name: '' } } });
    await renderPage(<UserEditPage />, { path: '/user/update', url: `/user/update?uuid=${UUID}`, region: 'usa' });
    await screen.findByDisplayValue('Smith');
    expect(screen.getAllByRole('textbox', { name: /^(Family|Given) name/ }).map((el) => el.getAttribute('autocomplete'))).toEqual(['given-name', 'family-name']);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter given name.')).toBeTruthy();
    expect(api.calls('PUT /user')).toHaveLength(0);
  });
});

describe('email change link (/account_mail_update)', () => {
  it('applies the change and goes to the success page, which names the new address', async () => {
    const api = mockApi({ 'POST /user/account_mail': { result: { email: 'new@example.com' } } });
    await renderPage(<MailUpdatePage />, { path: '/account_mail_update/:user_uuid/:access_token', url: `/account_mail_update/${UUID}/jpn.token-value-123456` });
    await waitFor(() => expect(`${seen.pathname}${seen.search}`).toBe('/user_mailchange_success?email=new%40example.com'));
    expect(api.calls('POST /user/account_mail')).toHaveLength(1);
    expect(api.calls('POST /user/account_mail')[0]!.body).toEqual({ user_uuid: UUID, access_token: 'jpn.token-value-123456' });
    cleanup();
    await renderPage(<MailChangeResultPage ok />, { url: `${seen.pathname}${seen.search}` });
    expect(await screen.findByText('Email address changed')).toBeTruthy();
    expect(screen.getByText('From now on, log in with new@example.com.')).toBeTruthy();
  });

  it('goes to the fail page for an expired link', async () => {
    mockApi({ 'POST /user/account_mail': { code: 40011, message: 'This email change link has expired or was replaced by a newer one.' } });
    await renderPage(<MailUpdatePage />, { path: '/account_mail_update/:user_uuid/:access_token', url: `/account_mail_update/${UUID}/jpn.expired-token-123456` });
    await waitFor(() => expect(seen.pathname).toBe('/user_mailchange_fail'));
    cleanup();
    await renderPage(<MailChangeResultPage ok={false} />, { url: '/user_mailchange_fail' });
    expect(await screen.findByText('The email address could not be changed')).toBeTruthy();
  });
});
