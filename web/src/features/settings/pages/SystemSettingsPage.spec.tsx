import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import SystemSettingsPage from './SystemSettingsPage';

function settings(overrides: { addresses?: string[]; ipEnabled?: boolean; available?: boolean } = {}) {
  return {
    ip_restriction: { enabled: overrides.ipEnabled ?? false, addresses: overrides.addresses ?? [] },
    current_ip: '203.0.113.7',
    mfa: { enabled: false, validity: '24h' },
    proxy_login: { partner_allowed: false, operator_allowed: true, partner_name: 'Agency KK', available: overrides.available ?? true },
  };
}

async function openPage(routes: Parameters<typeof mockApi>[0]) {
  setCookie('level', '3');
  const api = mockApi({ 'GET /systemSetting': { result: settings() }, ...routes });
  await renderPage(<SystemSettingsPage />, { url: '/user_system_settings' });
  await screen.findByRole('heading', { name: 'IP address restriction' });
  return api;
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest<HTMLElement>('.mantine-Card-root')!;

describe('system settings', () => {
  it('IP restriction: enabling with an empty list adds the current address before saving', async () => {
    const api = await openPage({ 'PUT /ipSetting': (r) => ({ result: settings({ ipEnabled: true, addresses: String(r.body?.['addresses']).split('\n') }) }) });
    expect(screen.getByText('Your current address: 203.0.113.7')).toBeTruthy();
    const ip = card('IP address restriction');
    fireEvent.click(within(ip).getByRole('switch'));
    fireEvent.click(within(ip).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /ipSetting')).toHaveLength(1));
    expect(api.calls('PUT /ipSetting')[0]!.body).toEqual({ enabled: true, addresses: '203.0.113.7' });
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect((within(ip).getByRole('textbox') as HTMLTextAreaElement).value).toBe('203.0.113.7');
  });

  it('IP restriction: "add it" appends the current address; the server names a bad line under the textarea', async () => {
    const api = await openPage({ 'PUT /ipSetting': { code: 40011, message: 'Please check the input.', errors: { addresses: ['Line 1: "10.0.0.300" is not an IP address or range.'] } } });
    const ip = card('IP address restriction');
    fireEvent.change(within(ip).getByRole('textbox'), { target: { value: '10.0.0.300' } });
    fireEvent.click(within(ip).getByRole('button', { name: 'Add it' }));
    expect((within(ip).getByRole('textbox') as HTMLTextAreaElement).value).toBe('10.0.0.300\n203.0.113.7');
    fireEvent.click(within(ip).getByRole('button', { name: 'Save' }));
    expect(await within(ip).findByText('Line 1: "10.0.0.300" is not an IP address or range.')).toBeTruthy();
    expect(api.calls('PUT /ipSetting')[0]!.body).toEqual({ enabled: false, addresses: '10.0.0.300\n203.0.113.7' });
  });

  it('IP restriction: the server\'s errors for several lines show one per line, each naming its line, once', async () => {
    const lines = ['Line 1 is not a valid IP address or range: 10.0.0.300', 'Line 3 is not a valid IP address or range: example.com'];
    await openPage({ 'PUT /ipSetting': { code: 40011, message: 'Please check the highlighted fields.', errors: { addresses: lines } } });
    const ip = card('IP address restriction');
    fireEvent.change(within(ip).getByRole('textbox'), { target: { value: '10.0.0.300\n192.0.2.1\nexample.com' } });
    fireEvent.click(within(ip).getByRole('button', { name: 'Save' }));
    const first = await within(ip).findByText(lines[0]!);
    const second = within(ip).getByText(lines[1]!);
    // Two elements, not one run-on text: each line is its own line.
    expect(first).not.toBe(second);
    expect(first.textContent).toBe(lines[0]);
    expect(within(ip).getAllByText(/is not a valid IP address/)).toHaveLength(2);
  });

  it('MFA: saves the switch and the validity', async () => {
    const api = await openPage({ 'PUT /mfaSetting': { result: { ...settings(), mfa: { enabled: true, validity: '24h' } } } });
    const mfa = card('Email authentication (MFA)');
    fireEvent.click(within(mfa).getByRole('switch'));
    fireEvent.click(within(mfa).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /mfaSetting')).toHaveLength(1));
    expect(api.calls('PUT /mfaSetting')[0]!.body).toEqual({ enabled: true, validity: '24h' });
  });

  it('support login: names the agency and saves both switches', async () => {
    const api = await openPage({ 'PUT /proxyLoginSetting': { result: settings() } });
    const proxy = card('Support login');
    fireEvent.click(within(proxy).getByLabelText('Allow support login by the agency (Agency KK)'));
    fireEvent.click(within(proxy).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /proxyLoginSetting')).toHaveLength(1));
    expect(api.calls('PUT /proxyLoginSetting')[0]!.body).toEqual({ partner_allowed: true, operator_allowed: true });
  });

  it('support login: the agency switch is disabled with an explanation when not available', async () => {
    setCookie('level', '3');
    mockApi({ 'GET /systemSetting': { result: settings({ available: false }) } });
    await renderPage(<SystemSettingsPage />, { url: '/user_system_settings' });
    expect(await screen.findByText('Your contract does not include support login by an agency.')).toBeTruthy();
    expect((screen.getByLabelText(/Allow support login by the agency/) as HTMLInputElement).disabled).toBe(true);
  });

  it('support login: shows the settings read-only with an explanation, and offers no save', async () => {
    setCookie('level', '3');
    setCookie('login_operator_type', '1');
    setCookie('proxy_ident', 'partner-1');
    const api = mockApi({ 'GET /systemSetting': { result: settings({ ipEnabled: true, addresses: ['10.0.0.0/8'] }) } });
    await renderPage(<SystemSettingsPage />, { url: '/user_system_settings' });
    expect(await screen.findByText(/these security settings are shown read-only/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add it' })).toBeNull();
    for (const toggle of screen.getAllByRole('switch')) expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect((within(card('IP address restriction')).getByRole('textbox') as HTMLTextAreaElement).readOnly).toBe(true);
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('the owner\'s own session is not read-only', async () => {
    await openPage({});
    expect(screen.queryByText(/shown read-only/)).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(3);
  });
});
