import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { browser } from '../lib/browser';
import { authInfoFromCookies, mockApi } from '../test/api-mock';
import { renderApp, router, seen, serveFromRegion, setCookie } from '../test/render';

// GET /v1/user-auth answers from the test's cookies unless a test says otherwise.
beforeEach(() => {
  mockApi();
});

describe('route guards (spec §2, §6)', () => {
  it('sends an anonymous visitor of a protected page to /login with targetUrl', async () => {
    await renderApp('/billing/list?page=2');
    await waitFor(() => expect(seen.pathname).toBe('/login'));
    expect(new URLSearchParams(seen.search).get('targetUrl')).toBe('/billing/list?page=2');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('sends a level 9 user away from /user/list to /404, the not-found page', async () => {
    setCookie('level', '9');
    await renderApp('/user/list');
    await waitFor(() => expect(seen.pathname).toBe('/404'));
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it('lets an owner open /user/list inside the shell with the side menu', async () => {
    setCookie('level', '3');
    await renderApp('/user/list');
    expect(await screen.findByRole('heading', { name: 'Accounts' })).toBeTruthy();
    expect(seen.pathname).toBe('/user/list');
    expect(screen.getByRole('group', { name: 'License management' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Billing' })).toBeTruthy();
  });

  it('links the Specified Commercial Transactions Act notice under the side menu when the auth info names it (issue 22)', async () => {
    setCookie('level', '3');
    mockApi({ 'GET /user-auth': { result: { ...authInfoFromCookies(), sidebar_law_url: 'https://example.com/law' } } });
    const view = await renderApp('/user/list');
    const link = await screen.findByRole('link', { name: 'Legal notice (Specified Commercial Transactions Act)' });
    expect(link.getAttribute('href')).toBe('https://example.com/law');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    view.unmount();
    mockApi();
    await renderApp('/user/list');
    await screen.findByRole('heading', { name: 'Accounts' });
    expect(screen.queryByRole('link', { name: /Specified Commercial Transactions/ })).toBeNull();
  });

  it('marks one side-menu item as the current page: /billing/list is the invoice history, not billing info', async () => {
    setCookie('level', '3');
    await renderApp('/billing/list');
    await screen.findByRole('link', { name: 'Invoice history' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Invoice history' }).getAttribute('aria-current')).toBe('page'));
    const marked = [...document.querySelectorAll('nav a')].filter((a) => a.hasAttribute('data-active') || a.getAttribute('aria-current') === 'page' || a.classList.contains('active'));
    expect(marked.map((a) => a.textContent)).toEqual(['Invoice history']);
  });

  it('hides menu items the policy refuses (level 9 sees no company or billing)', async () => {
    setCookie('level', '9');
    await renderApp('/product');
    expect(await screen.findByRole('heading', { name: 'Services' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Company information' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Billing' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Notices' })).toBeTruthy();
  });

  it("redirects '/' to /product", async () => {
    setCookie('level', '3');
    await renderApp('/');
    await waitFor(() => expect(seen.pathname).toBe('/product'));
  });

  it('shows the not-found page for an unknown path', async () => {
    await renderApp('/no/such/page');
    expect(await screen.findByText('The requested URL was not found.')).toBeTruthy();
    expect(seen.pathname).toBe('/no/such/page');
  });

  it('sends a logged-in visitor of /login to /', async () => {
    setCookie('level', '6');
    await renderApp('/login');
    await waitFor(() => expect(seen.pathname).toBe('/product'));
  });

  it('renders the hash error page whatever the path', async () => {
    await renderApp('/anything#/403');
    expect(await screen.findByText('Access denied')).toBeTruthy();
  });

  it('keeps the login submit disabled until the form is valid', async () => {
    await renderApp('/login');
    const button = await screen.findByRole('button', { name: 'Log in' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('session from the server (GET /v1/user-auth)', () => {
  it('lets the server overrule a stale hint: level 9 cookie, owner on the server', async () => {
    setCookie('level', '9');
    mockApi({ 'GET /user-auth': () => { setCookie('level', '3'); const info = authInfoFromCookies(); setCookie('level', '9'); return { result: info }; } });
    await renderApp('/user/list');
    expect(await screen.findByRole('heading', { name: 'Accounts' })).toBeTruthy();
    expect(seen.pathname).toBe('/user/list');
  });

  it('sends to login when the server says there is no session, and clears the hints', async () => {
    setCookie('level', '3');
    mockApi({ 'GET /user-auth': { result: { ...authInfoFromCookies(), auth_flg: false, user_info: null, authority_info: null } } });
    await renderApp('/product');
    await waitFor(() => expect(seen.pathname).toBe('/login'));
    expect(document.cookie).not.toContain('level=');
  });

  it("shows the user's name and company in the user menu, and logs out", async () => {
    setCookie('level', '6');
    setCookie('user_id', 'u-1');
    const api = mockApi({ 'POST /logout': { result: {} } });
    const navigate = vi.spyOn(browser, 'hardNavigate').mockImplementation(() => undefined);
    await renderApp('/product');
    expect(await screen.findByText('Example Corp')).toBeTruthy();
    // The Japanese host's order, though the UI is in English.
    expect(screen.getByText('Yamada Taro')).toBeTruthy();
    // Named by what it shows, then "User menu" (issue 26: the name contains the visible text).
    fireEvent.click(screen.getByRole('button', { name: /User menu$/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(api.calls('POST /logout')).toHaveLength(1);
  });

  it('writes the name in the host region\'s order, whatever the UI language', async () => {
    setCookie('level', '3');
    mockApi({ 'GET /user-auth': { result: authInfoFromCookies({ family_name: '山田', given_name: '一郎' }) } });
    const jp = await renderApp('/product');
    expect(await screen.findByText('山田一郎')).toBeTruthy();
    jp.unmount();
    serveFromRegion('usa');
    mockApi();
    await renderApp('/product');
    expect(await screen.findByText('Taro Yamada')).toBeTruthy();
  });

  it('shows the force-logout dialog when another account logs in in this browser', async () => {
    setCookie('level', '3');
    setCookie('user_id', 'u-1');
    const navigate = vi.spyOn(browser, 'hardNavigate').mockImplementation(() => undefined);
    await renderApp('/product');
    await screen.findByRole('heading', { name: 'Services' });
    // The tab knows who it is once /v1/user-auth has answered (the user menu shows the company).
    await screen.findByText('Example Corp');
    expect(screen.queryByText('Another account logged in')).toBeNull();
    // Another login in this browser: a new CSRF cookie, and /v1/user-auth (the mock reads user_id) names another account.
    setCookie('user_id', 'u-2');
    setCookie('csrf_token', 'after-another-login');
    act(() => { window.dispatchEvent(new Event('focus')); });
    expect(await screen.findByText('Another account logged in')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to the services page' }));
    expect(navigate).toHaveBeenCalledWith('/product');
  });
});

describe('home of each area, and the support session banner', () => {
  const CLIENTS = {
    total: 1, exact: null, search_truncated: false,
    clients: [{
      uuid: '0b9f3c5e-7a1d-4c2e-9f00-000000000101', company_name: 'Demo Trading KK', region: 'jpn', contract_type: 'referral', licence_type: 'normal',
      status: 'active', created_at: '2026-04-01T03:00:00.000Z', support_login: { possible: true, reason: null }, partner_name: null, read_only: false,
    }],
  };

  it('sends a partner from the root to its client list', async () => {
    setCookie('level', '3');
    setCookie('login_operator_type', '1');
    mockApi({ 'GET /partner/clients': { result: CLIENTS }, 'GET /operator/clients': { result: CLIENTS } });
    await renderApp('/');
    await waitFor(() => expect(seen.pathname).toBe('/partner/clients'));
    expect(await screen.findByText('Demo Trading KK')).toBeTruthy();
  });

  it('sends an operator who opens /product (the login target of the root) to the operator client list', async () => {
    setCookie('level', '3');
    setCookie('login_operator_type', '3');
    mockApi({ 'GET /partner/clients': { result: CLIENTS }, 'GET /operator/clients': { result: CLIENTS } });
    await renderApp('/product');
    await waitFor(() => expect(seen.pathname).toBe('/operator/clients'));
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeTruthy();
  });

  it('marks every page of a support session with the client\'s company', async () => {
    setCookie('level', '3');
    setCookie('login_operator_type', '1');
    setCookie('proxy_ident', 'p-staff');
    mockApi({ 'GET /product/list': { result: { total: 0, products: [] } } });
    await renderApp('/product');
    expect(await screen.findByText('You are working in the portal of Example Corp as support. Log out when you have finished.')).toBeTruthy();
  });

  it('marks an operator\'s support session in a partner\'s area as the partner\'s, on the partner\'s client list', async () => {
    setCookie('level', '3');
    setCookie('login_operator_type', '2');
    setCookie('proxy_ident', 'op-1');
    setCookie('proxy_target', 'partner');
    mockApi({ 'GET /partner/clients': { result: CLIENTS } });
    await renderApp('/product');
    await waitFor(() => expect(seen.pathname).toBe('/partner/clients'));
    expect(await screen.findByText('You are working in the partner area of Example Corp as support. Log out when you have finished.')).toBeTruthy();
  });
});

describe('leaving a route (spec §2)', () => {
  it('cancels the requests still in flight', async () => {
    setCookie('level', '3');
    const signals: AbortSignal[] = [];
    const fetchMock = vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === '/v1/user/list') {
        signals.push(request.signal);
        // No answer: the call stays in flight until something aborts it.
        return new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
      }
      return new Response(JSON.stringify({ result: { access_status: { code: 20000, message: '' }, ...authInfoFromCookies() } }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp('/user/list');
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]!.aborted).toBe(false);
    await act(async () => { await router.navigate!('/company'); });
    await waitFor(() => expect(seen.pathname).toBe('/company'));
    await waitFor(() => expect(signals[0]!.aborted).toBe(true));
  });
});

describe('navigation analytics', () => {
  it('takes the viewer\'s id, name and email from /v1/user-auth, not from cookies (issue 21 item 7)', async () => {
    window.dataLayer = [];
    setCookie('level', '3');
    // Readable cookies of an earlier release: the page must not read them.
    setCookie('user_email', 'stale@example.com');
    setCookie('user_name', 'Stale Name');
    const info = authInfoFromCookies() as { user_info: { uuid: string; email: string } };
    info.user_info.email = 'server@example.com';
    info.user_info.uuid = 'u-server';
    mockApi({ 'GET /user-auth': { result: info } });
    await renderApp('/product');
    await screen.findByText('Example Corp');
    await waitFor(() => expect(window.dataLayer?.length).toBeGreaterThan(0), { timeout: 3000 });
    expect(window.dataLayer?.at(-1)).toMatchObject({ route_name: 'product', user_id: 'u-server', email: 'server@example.com', user_name: 'Yamada Taro' });
    expect(JSON.stringify(window.dataLayer)).not.toContain('stale');
  });

  it('pushes a page_view with the route name and title 1 s after landing', async () => {
    window.dataLayer = [];
    await renderApp('/login');
    await screen.findByRole('button', { name: 'Log in' });
    await waitFor(() => expect(window.dataLayer).toHaveLength(1), { timeout: 2000 });
    expect(window.dataLayer?.[0]).toMatchObject({ event: 'page_view', route_name: 'login', title: 'Log in | License Portal', user_name: '', email: '' });
  });
});
