import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import EmbedCodePage from './EmbedCodePage';

const PARTNER = '0b9f3c5e-7a1d-4c2e-9f00-000000000001';
const FORM = { partner_uuid: PARTNER, origins: ['https://shop.example'], token: 't', snippet: '<script src="https://portal.example/embed.js" data-token="t"></script>', client_registration: true };

describe('registration form embed code', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('the partner saves its sites (a refused line is named) and the copy button says when the browser refuses', { timeout: 20_000 }, async () => {
    setCookie('level', '3'); setCookie('login_operator_type', '2'); setCookie('user_id', 'pa-1');
    const api = mockApi({
      'GET /partner/embed_form': { result: FORM },
      'PUT /partner/embed_form': { code: 40011, errors: { 'origins.1': ['Enter the site address as scheme and host only, for example https://www.example.com (no path).'] } },
    });
    await renderPage(<EmbedCodePage />, { url: '/operator/embed_code' });
    const sites = await screen.findByLabelText(/^Sites that show the form/);
    fireEvent.change(sites, { target: { value: 'https://shop.example\nhttps://shop.example/form' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save sites' }));
    expect(await screen.findByText(/^Line 2: Enter the site address as scheme and host only/)).toBeTruthy();
    expect(api.calls('PUT /partner/embed_form')[0]!.body).toEqual({ origins: ['https://shop.example', 'https://shop.example/form'] });

    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copy the code' }));
    expect(await screen.findByText('The embed code could not be copied. Select the code and copy it by hand.')).toBeTruthy();
    expect(screen.getByTestId('embed-snippet').textContent).toBe(FORM.snippet);
  });

  it('tells the partner when its client registration is off (the embedded form refuses then)', { timeout: 20_000 }, async () => {
    setCookie('level', '3'); setCookie('login_operator_type', '2'); setCookie('user_id', 'pa-1');
    mockApi({ 'GET /partner/embed_form': { result: { ...FORM, client_registration: false } } });
    await renderPage(<EmbedCodePage />, { url: '/operator/embed_code' });
    expect(await screen.findByText(/^Client registration is turned off for your company/)).toBeTruthy();
  });

  it('the operator picks a partner by name and reads its code', { timeout: 20_000 }, async () => {
    setCookie('level', '3'); setCookie('login_operator_type', '3'); setCookie('user_id', 'op-1');
    const api = mockApi({
      'GET /operator/embed_forms': { result: { forms: [{ partner_uuid: PARTNER, partner_name: 'Demo Agency KK', origins: FORM.origins }] } },
      'GET /operator/embed_form': { result: FORM },
    });
    await renderPage(<EmbedCodePage />, { url: '/operator/embed_code' });
    fireEvent.click((await screen.findAllByLabelText(/^Partner/))[0]!);
    fireEvent.click(await screen.findByText('Demo Agency KK', { selector: '[role=option] *, [role=option]' }));
    await waitFor(() => expect(screen.getByTestId('embed-snippet').textContent).toBe(FORM.snippet));
    expect(api.calls('GET /operator/embed_form')[0]!.query.get('partner_uuid')).toBe(PARTNER);
    expect(screen.queryByRole('button', { name: 'Save sites' })).toBeNull();
  });
});
