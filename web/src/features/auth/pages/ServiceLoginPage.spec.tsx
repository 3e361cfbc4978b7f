import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { browser } from '../../../lib/browser';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import ProxyLoginPage from './ProxyLoginPage';
import ServiceLoginPage from './ServiceLoginPage';

let navigate: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  navigate = vi.spyOn(browser, 'hardNavigate').mockImplementation(() => undefined);
});

describe('product login and support login', () => {
  it('servicelogin: asks for a product token and follows redirect_url', async () => {
    setCookie('level', '6');
    const api = mockApi({ 'POST /product/sso_login': { result: { token: 't', redirect_url: 'https://bownow.example/sso?token=t', expires_at: '2025-01-01T00:00:00.000Z' } } });
    await renderPage(<ServiceLoginPage />, { path: '/servicelogin/:productname/:channelname', url: '/servicelogin/bownow/web' });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://bownow.example/sso?token=t'));
    expect(api.calls('POST /product/sso_login')[0]!.body).toEqual({ product: 'bownow', channel: 'web' });
  });

  it('servicelogin: carries target_uri to the SSO call so the product lands on it; an unsafe one is left out', async () => {
    setCookie('level', '6');
    const api = mockApi({ 'POST /product/sso_login': { result: { token: 't', redirect_url: 'https://actibook.example/sso?token=t', expires_at: '2025-01-01T00:00:00.000Z' } } });
    await renderPage(<ServiceLoginPage />, { path: '/servicelogin/:productname/:channelname', url: '/servicelogin/actibook/web?pd=actibook&client_uuid=c-1&target_uri=%2Fbooks%2F42%3Fpage%3D3' });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://actibook.example/sso?token=t'));
    expect(api.calls('POST /product/sso_login')[0]!.body).toEqual({ product: 'actibook', channel: 'web', target_uri: '/books/42?page=3' });
  });

  it('servicelogin: leaves out a target_uri that would redirect elsewhere', async () => {
    setCookie('level', '6');
    const api = mockApi({ 'POST /product/sso_login': { result: { token: 't', redirect_url: 'https://actibook.example/sso?token=t', expires_at: '2025-01-01T00:00:00.000Z' } } });
    await renderPage(<ServiceLoginPage />, { path: '/servicelogin/:productname/:channelname', url: `/servicelogin/actibook/web?target_uri=${encodeURIComponent('//evil.example/x')}` });
    await waitFor(() => expect(api.calls('POST /product/sso_login')).toHaveLength(1));
    expect(api.calls('POST /product/sso_login')[0]!.body).toEqual({ product: 'actibook', channel: 'web' });
  });

  it('servicelogin: sends a visitor who is not logged in to login with the whole address kept', async () => {
    mockApi({});
    await renderPage(<ServiceLoginPage />, { path: '/servicelogin/:productname/:channelname', url: '/servicelogin/actibook/web?pd=actibook&target_uri=%2Fbooks' });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/login?targetUrl=${encodeURIComponent('/servicelogin/actibook/web?pd=actibook&target_uri=%2Fbooks')}`));
  });

  it('servicelogin: shows the refusal', async () => {
    setCookie('level', '6');
    mockApi({ 'POST /product/sso_login': { code: 40400, message: 'This product cannot be opened.' } });
    await renderPage(<ServiceLoginPage />, { path: '/servicelogin/:productname/:channelname', url: '/servicelogin/bownow/web' });
    expect(await screen.findByText('This product cannot be opened.')).toBeTruthy();
  });

  it('proxy_login: logs in as support and opens /product; a refusal shows the server message', async () => {
    const api = mockApi({ 'POST /proxy_login': { result: { mfa_required: false } } });
    await renderPage(<ProxyLoginPage />, { path: '/proxy_login/:access_token', url: `/proxy_login/${'d'.repeat(32)}` });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/product'));
    expect(api.calls('POST /proxy_login')[0]!.body).toEqual({ access_token: 'd'.repeat(32) });
  });

  it('proxy_login: shows why it was refused', async () => {
    mockApi({ 'POST /proxy_login': { code: 40400, message: 'Support login is not permitted by this client.' } });
    await renderPage(<ProxyLoginPage />, { path: '/proxy_login/:access_token', url: `/proxy_login/${'e'.repeat(32)}` });
    expect(await screen.findByText('Support login is not permitted by this client.')).toBeTruthy();
  });
});
