import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, seen, setCookie } from '../../../test/render';
import InviteUsersPage from './InviteUsersPage';

const HELD = { 'GET /client/products': { result: { products: ['bownow', 'actibook'] } } };

const fill = (index: number, values: { email?: string; family?: string; given?: string }) => {
  if (values.email !== undefined) fireEvent.change(screen.getAllByRole('textbox', { name: /^Email/ })[index]!, { target: { value: values.email } });
  if (values.family !== undefined) fireEvent.change(screen.getAllByRole('textbox', { name: /^Family name/ })[index]!, { target: { value: values.family } });
  if (values.given !== undefined) fireEvent.change(screen.getAllByRole('textbox', { name: /^Given name/ })[index]!, { target: { value: values.given } });
};
/** Opens the first row's product picker: the options of its own list. */
async function productOptions() {
  const picker = await screen.findByRole('combobox', { name: 'Services' });
  fireEvent.click(picker);
  await waitFor(() => expect(picker.getAttribute('aria-controls')).toBeTruthy());
  return [...document.getElementById(picker.getAttribute('aria-controls')!)!.querySelectorAll<HTMLElement>('[role=option]')];
}
/** The labels of a row's name fields, in the order on screen. */
const nameLabels = () => screen.getAllByRole('textbox', { name: /^(Family|Given) name/ }).slice(0, 2).map((el) => el.getAttribute('autocomplete'));

describe('invite from the screen (/user/invite)', () => {
  it('takes at most 10 people: an 11th row cannot be added', { timeout: 20_000 }, async () => {
    setCookie('level', '3');
    mockApi({ ...HELD });
    await renderPage(<InviteUsersPage />, { url: '/user/invite' });
    const add = await screen.findByRole('button', { name: 'Add a person (1/10)' }, { timeout: 5000 });
    for (let i = 1; i < 10; i++) fireEvent.click(screen.getByRole('button', { name: `Add a person (${i}/10)` }));
    expect(screen.getAllByRole('textbox', { name: /^Email/ })).toHaveLength(10);
    const full = screen.getByRole('button', { name: 'Add a person (10/10)' }) as HTMLButtonElement;
    expect(full.disabled).toBe(true);
    fireEvent.click(full);
    expect(screen.getAllByRole('textbox', { name: /^Email/ })).toHaveLength(10);
    expect(add).toBeTruthy();
  });

  it('asks the family name first on the Japanese host and the given name first on the US host', async () => {
    setCookie('level', '3');
    mockApi({ ...HELD });
    const jp = await renderPage(<InviteUsersPage />, { url: '/user/invite', region: 'jpn' });
    await screen.findByRole('button', { name: 'Add a person (1/10)' });
    expect(nameLabels()).toEqual(['family-name', 'given-name']);
    jp.unmount();
    await renderPage(<InviteUsersPage />, { url: '/user/invite', region: 'usa' });
    await screen.findByRole('button', { name: 'Add a person (1/10)' });
    expect(nameLabels()).toEqual(['given-name', 'family-name']);
  });

  it('offers only the products the company holds, by name', async () => {
    setCookie('level', '3');
    mockApi({ ...HELD });
    await renderPage(<InviteUsersPage />, { url: '/user/invite' });
    expect((await productOptions()).map((o) => o.textContent)).toEqual(['BowNow', 'ActiBook']);
  });

  it('says so when the company holds no product', async () => {
    setCookie('level', '3');
    mockApi({ 'GET /client/products': { result: { products: [] } } });
    await renderPage(<InviteUsersPage />, { url: '/user/invite' });
    expect(await screen.findByText('Your company holds no products yet.')).toBeTruthy();
  });

  it('shows each row\'s errors on that row: the contract\'s labels, then the server\'s', { timeout: 20_000 }, async () => {
    setCookie('level', '3');
    const api = mockApi({
      ...HELD,
      'POST /user/invite': {
        code: 40011, message: 'Please check the highlighted fields.',
        errors: { 'users.1.email': ['This email address is already registered.'], 'users.0.products': ['CMP is not one of your company\'s products.'] },
      },
    });
    await renderPage(<InviteUsersPage />, { url: '/user/invite' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a person (1/10)' }, { timeout: 5000 }));
    fill(0, { email: 'hanako@example.com', family: 'Yamada', given: 'Hanako' });
    fill(1, { email: 'taro@example.com', family: 'Suzuki' });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    // Checked in the browser with the contract: the field is named, never a raw key; nothing is sent.
    expect(await screen.findByText('Please enter given name.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/field\./);
    expect(screen.getAllByRole('textbox', { name: /^Given name/ })[1]!.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('textbox', { name: /^Given name/ })[0]!.getAttribute('aria-invalid')).not.toBe('true');
    expect(api.calls('POST /user/invite')).toHaveLength(0);
    fill(1, { email: 'admin@example.com', given: 'Taro' });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('This email address is already registered.')).toBeTruthy();
    expect(screen.getByText('CMP is not one of your company\'s products.')).toBeTruthy();
    const second = screen.getAllByRole('textbox', { name: /^Email/ })[1]!;
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('textbox', { name: /^Email/ })[0]!.getAttribute('aria-invalid')).not.toBe('true');
    expect(api.calls('POST /user/invite')[0]!.body).toMatchObject({
      users: [
        { email: 'hanako@example.com', family_name: 'Yamada', given_name: 'Hanako', authority: 'user', products: [] },
        { email: 'admin@example.com', family_name: 'Suzuki', given_name: 'Taro' },
      ],
    });
  });

  it('sends the chosen products and returns to the list', { timeout: 20_000 }, async () => {
    setCookie('level', '3');
    const api = mockApi({
      ...HELD,
      'POST /user/invite': { result: { invited: [{ uuid: '3b241101-e2bb-4255-8caf-4136c566a962', email: 'hanako@example.com' }] } },
    });
    await renderPage(<InviteUsersPage />, { url: '/user/invite' });
    await screen.findByRole('button', { name: 'Add a person (1/10)' }, { timeout: 5000 });
    fill(0, { email: 'hanako@example.com', family: 'Yamada', given: 'Hanako' });
    fireEvent.click((await productOptions()).find((o) => o.textContent === 'ActiBook')!);
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(seen.pathname).toBe('/user/list'));
    expect(api.calls('POST /user/invite')[0]!.body).toMatchObject({ users: [{ family_name: 'Yamada', given_name: 'Hanako', products: ['actibook'] }] });
  });

  it('offers user authority only in a support session (issues 9 and 21: admins and owners are the client\'s own)', { timeout: 20_000 }, async () => {
    const authorityOptions = async () => {
      const select = (await screen.findAllByRole('combobox', { name: 'Authority' }))[0]!;
      fireEvent.click(select);
      await waitFor(() => expect(select.getAttribute('aria-controls')).toBeTruthy());
      return [...document.getElementById(select.getAttribute('aria-controls')!)!.querySelectorAll<HTMLElement>('[role=option]')].map((o) => o.textContent);
    };
    setCookie('level', '3');
    mockApi({ ...HELD });
    const own = await renderPage(<InviteUsersPage />, { url: '/user/invite' });
    expect(await authorityOptions()).toEqual(['Owner', 'Admin', 'User']);
    own.unmount();
    setCookie('proxy_ident', 'partner-staff');
    setCookie('login_operator_type', '1');
    await renderPage(<InviteUsersPage />, { url: '/user/invite' });
    expect(await authorityOptions()).toEqual(['User']);
    expect(screen.getByText(/During a support login you can invite and manage users only/)).toBeTruthy();
  });
});
