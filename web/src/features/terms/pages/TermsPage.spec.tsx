import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie, setViewportWidth } from '../../../test/render';
import PublicTermsPage from './PublicTermsPage';
import TermsPage from './TermsPage';
import TermsUrlsPage from './TermsUrlsPage';

const asOperator = () => { setCookie('level', '3'); setCookie('login_operator_type', '3'); setCookie('user_id', 'op-1'); };
const T1 = '0b9f3c5e-7a1d-4c2e-9f00-0000000c0001';
const T2 = '0b9f3c5e-7a1d-4c2e-9f00-0000000c0002';
const T3 = '0b9f3c5e-7a1d-4c2e-9f00-0000000c0003';
const row = (over: Record<string, unknown>) => ({
  kind: 'terms', language: 'ja-jp', status: 'published', current: false, change: null, published_at: '2026-01-10T01:00:00.000Z', published_by_name: '運営 太郎',
  created_at: '2026-01-10T01:00:00.000Z', updated_at: '2026-01-10T01:00:00.000Z', ...over,
});
const LIST = {
  terms: [
    row({ id: T3, version: 3, status: 'draft', published_at: null, published_by_name: null, updated_at: '2026-12-01T01:00:00.000Z' }),
    row({ id: T2, version: 2, current: true, change: 'minor', published_at: '2026-11-20T01:00:00.000Z', published_by_name: '運営 花子' }),
    row({ id: T1, version: 1 }),
  ],
};
const V1 = '<p>第1条 料金は税抜価格で表示します。</p>';
const V2 = '<p>第1条 料金は税込価格で表示します。</p><p>第2条 新設。</p>';

describe('terms versions (operator, issue 25)', () => {
  it('lists the versions with draft, current, change, publication date and who published', async () => {
    asOperator();
    const api = mockApi({ 'GET /operator/terms': { result: LIST } });
    await renderPage(<TermsPage />, { url: '/operator/terms' });
    const rows = within(await screen.findByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Draft')).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(within(rows[1]!).getByText('Current')).toBeTruthy();
    expect(within(rows[1]!).getByText('Minor change')).toBeTruthy();
    expect(within(rows[1]!).getByText('運営 花子')).toBeTruthy();
    expect(within(rows[2]!).getByText('First version')).toBeTruthy();
    // A published version offers no edit, only its text and diff.
    expect(within(rows[1]!).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'View and diff' })).toBeTruthy();
    expect(api.calls('GET /operator/terms')[0]!.query.get('kind')).toBe('terms');
    // The privacy policy's versions are listed apart.
    fireEvent.click(screen.getByRole('radio', { name: 'Privacy policy' }));
    await waitFor(() => expect(api.calls('GET /operator/terms').at(-1)!.query.get('kind')).toBe('privacy'));
  });

  it('shows the word diff from the previous version', async () => {
    asOperator();
    mockApi({
      'GET /operator/terms': { result: LIST },
      'GET /operator/terms/detail': { result: { terms: { ...LIST.terms[1]!, content_html: V2 }, previous: { id: T1, version: 1, content_html: V1 } } },
    });
    await renderPage(<TermsPage />, { url: '/operator/terms' });
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'View and diff' }));
    const dialog = within(await screen.findByRole('dialog'));
    const diff = await dialog.findByTestId('terms-diff');
    expect([...diff.querySelectorAll('del')].map((e) => e.textContent).join('|')).toContain('抜');
    expect([...diff.querySelectorAll('ins')].map((e) => e.textContent).join('')).toContain('込');
    expect([...diff.querySelectorAll('ins')].map((e) => e.textContent).join('')).toContain('新設');
    // Unchanged words are plain text.
    expect(diff.textContent).toContain('料金は');
    expect(dialog.getByRole('tab', { name: 'Changes since version 1' })).toBeTruthy();
  });

  it('starts a draft from the current text of the language in the rich-text editor (715 px high)', { timeout: 20_000 }, async () => {
    asOperator();
    const api = mockApi({
      'GET /operator/terms': { result: LIST },
      'GET /operator/terms/detail': { result: { terms: { ...LIST.terms[1]!, content_html: '<p>現在の本文</p>' }, previous: null } },
    });
    await renderPage(<TermsPage />, { url: '/operator/terms' });
    fireEvent.click(await screen.findByRole('button', { name: 'New version' }));
    const dialog = within(await screen.findByRole('dialog'));
    await waitFor(() => expect(api.calls('GET /operator/terms/detail')).toHaveLength(1));
    expect(await dialog.findByText('現在の本文')).toBeTruthy();
    expect(api.calls('GET /operator/terms/detail')[0]!.query.get('id')).toBe(T2);
    const content = await dialog.findByTestId('terms-editor');
    expect(content.style.height).toBe('715px');
    expect(dialog.getByRole('button', { name: 'Bold' })).toBeTruthy();
    expect(api.calls('POST /operator/terms')).toHaveLength(0);
  });

  it('edits a draft and shows the server\'s refusal', { timeout: 20_000 }, async () => {
    asOperator();
    const api = mockApi({
      'GET /operator/terms': { result: LIST },
      'GET /operator/terms/detail': { result: { terms: { ...LIST.terms[0]!, content_html: '<p>第3版の下書き</p>' }, previous: null } },
      'PUT /operator/terms': { code: 40011, message: 'Please check the input.', errors: { content_html: ['The terms have no text once unsafe content is removed.'] } },
    });
    await renderPage(<TermsPage />, { url: '/operator/terms' });
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('第3版の下書き')).toBeTruthy();
    expect(dialog.getByText(/Editing the draft of 日本語 version 3/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Save draft' }));
    expect(await dialog.findByText('The terms have no text once unsafe content is removed.')).toBeTruthy();
    expect(api.calls('PUT /operator/terms')[0]!.body).toEqual({ id: T3, content_html: '<p>第3版の下書き</p>' });
  });

  it('publishes a draft as a minor change and lists it at once', async () => {
    asOperator();
    let published = false;
    const api = mockApi({
      'GET /operator/terms': () => ({ result: published ? { terms: [row({ id: T3, version: 3, current: true, change: 'minor' }), ...LIST.terms.slice(1).map((r) => ({ ...r, current: false }))] } : LIST }),
      'POST /operator/terms/publish': () => { published = true; return { result: { terms: { ...LIST.terms[0]!, status: 'published', current: true, change: 'minor', content_html: '<p>x</p>' }, previous: null } }; },
    });
    await renderPage(<TermsPage />, { url: '/operator/terms' });
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Publish' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('radio', { name: /Minor change/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.calls('POST /operator/terms/publish')).toHaveLength(1));
    expect(api.calls('POST /operator/terms/publish')[0]!.body).toEqual({ id: T3, change: 'minor' });
    await waitFor(() => expect(within(screen.getAllByRole('row')[1]!).getByText('Current')).toBeTruthy());
  });

  it('puts each row\'s actions in its first column at 390 px', async () => {
    setViewportWidth(390);
    try {
      asOperator();
      mockApi({ 'GET /operator/terms': { result: LIST } });
      await renderPage(<TermsPage />, { url: '/operator/terms' });
      const row3 = await screen.findByTestId('terms-row-ja-jp-3');
      expect(within(within(row3).getAllByRole('cell')[0]!).getByRole('button', { name: 'Publish' })).toBeTruthy();
    } finally {
      setViewportWidth(1280);
    }
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
