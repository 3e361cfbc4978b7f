import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import PublicTermsPage from './PublicTermsPage';
import TermsPage from './TermsPage';
import TermsUrlsPage from './TermsUrlsPage';

const asOperator = () => { setCookie('level', '3'); setCookie('login_operator_type', '3'); setCookie('user_id', 'op-1'); };
const T1 = '0b9f3c5e-7a1d-4c2e-9f00-0000000c0001';
const T2 = '0b9f3c5e-7a1d-4c2e-9f00-0000000c0002';
const LIST = {
  terms: [
    { id: T2, language: 'ja-jp', version: 2, current: true, created_at: '2026-11-20T01:00:00.000Z', updated_at: '2026-11-21T01:00:00.000Z' },
    { id: T1, language: 'ja-jp', version: 1, current: false, created_at: '2026-01-10T01:00:00.000Z', updated_at: '2026-01-10T01:00:00.000Z' },
  ],
};

describe('terms of use (operator)', () => {
  it('lists versions per language with created and modified dates and the current one marked', async () => {
    asOperator();
    const api = mockApi({ 'GET /operator/terms': { result: LIST } });
    await renderPage(<TermsPage />, { url: '/operator/terms' });
    const table = within(await screen.findByRole('table'));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Version 2')).toBeTruthy();
    expect(within(rows[0]!).getByText('Current')).toBeTruthy();
    expect(within(rows[1]!).queryByText('Current')).toBeNull();
    expect(within(rows[0]!).getByText('日本語')).toBeTruthy();
    expect(api.calls('GET /operator/terms')).toHaveLength(1);
  });

  it('publishes a new version from the rich-text editor (715 px high), refusing an empty text in the browser', { timeout: 20_000 }, async () => {
    asOperator();
    const api = mockApi({ 'GET /operator/terms': { result: LIST } });
    await renderPage(<TermsPage />, { url: '/operator/terms' });
    fireEvent.click(await screen.findByRole('button', { name: 'Publish a new version' }));
    const dialog = within(await screen.findByRole('dialog'));
    const content = await dialog.findByTestId('terms-editor');
    expect(content.style.height).toBe('715px');
    expect(dialog.getByRole('button', { name: 'Bold' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Publish' }));
    expect(await dialog.findByText('Please enter terms text.')).toBeTruthy();
    expect(api.calls('POST /operator/terms')).toHaveLength(0);
  });

  it('edits a version loaded into the editor and shows the server\'s refusal', { timeout: 20_000 }, async () => {
    asOperator();
    const api = mockApi({
      'GET /operator/terms': { result: LIST },
      'GET /operator/terms/detail': { result: { terms: { ...LIST.terms[0]!, content_html: '<p>第2版の本文</p>' } } },
      'PUT /operator/terms': { code: 40011, message: 'Please check the input.', errors: { content_html: ['The terms have no text once unsafe content is removed.'] } },
    });
    await renderPage(<TermsPage />, { url: '/operator/terms' });
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('第2版の本文')).toBeTruthy();
    expect(dialog.getByText(/version 2 in place/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('The terms have no text once unsafe content is removed.')).toBeTruthy();
    expect(api.calls('PUT /operator/terms')[0]!.body).toEqual({ id: T2, content_html: '<p>第2版の本文</p>' });
  });
});

describe('terms-and-conditions URLs (operator)', () => {
  it('lists title, installed URL and last update, and adds one after checking the address', { timeout: 20_000 }, async () => {
    asOperator();
    const api = mockApi({
      'GET /operator/terms_urls': { result: { terms_urls: [{ id: T1, title: 'Privacy policy', url: 'https://example.com/privacy', updated_at: '2026-11-01T00:00:00.000Z' }] } },
      'POST /operator/terms_urls': (req) => ({ result: { terms_url: { id: T2, updated_at: '2026-11-24T00:00:00.000Z', ...(req.body as { title: string; url: string }) } } }),
    });
    await renderPage(<TermsUrlsPage />, { url: '/operator/terms_urls' });
    const table = within(await screen.findByRole('table'));
    expect(table.getByRole('link', { name: 'https://example.com/privacy' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add URL' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/Title/), { target: { value: 'Legal notice' } });
    fireEvent.change(dialog.getByLabelText(/Installed URL/), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(/is not valid/)).toBeTruthy();
    expect(api.calls('POST /operator/terms_urls')).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText(/Installed URL/), { target: { value: 'https://example.com/law' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('POST /operator/terms_urls')).toHaveLength(1));
    expect(api.calls('POST /operator/terms_urls')[0]!.body).toEqual({ title: 'Legal notice', url: 'https://example.com/law' });
  });
});

describe('public terms page', () => {
  it('shows the current terms with version and date, and the privacy policy link', async () => {
    mockApi({ 'GET /terms': { result: { terms: { language: 'en-us', version: 4, content_html: '<h2>Terms of Use</h2><p>Article 1</p>', updated_at: '2026-11-20T00:00:00.000Z' }, privacy_url: 'https://example.com/privacy' } } });
    await renderPage(<PublicTermsPage />, { url: '/terms' });
    expect((await screen.findByTestId('terms-content')).innerHTML).toBe('<h2>Terms of Use</h2><p>Article 1</p>');
    expect(screen.getByText(/Version 4, updated/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('https://example.com/privacy');
  });
});
