import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import { AgreementGate, PendingAgreementNotice } from './AgreementScreen';
import { termsText, wordDiff } from './TermsDiff';

const asOwner = () => { setCookie('level', '3'); setCookie('login_operator_type', '0'); };
const pending = (change: 'major' | 'minor') => ({
  terms: { language: 'en-us', version: 3, updated_at: '2026-12-20T00:00:00.000Z', agreed: false, pending: change },
  privacy: { title: 'Privacy policy', url: 'https://example.com/privacy', version: 20261101, agreed: true, pending: null, has_text: false },
  required: true, login_required: change === 'major',
});
const DOCUMENT = {
  current: { id: 't3', kind: 'terms', language: 'en-us', version: 3, change: 'major', published_at: '2026-12-20T00:00:00.000Z', content_html: '<p>Fees are shown including tax.</p><p>Article 2 is new.</p>' },
  agreed: { version: 2, content_html: '<p>Fees are shown excluding tax.</p>' },
};

describe('agreement screen after login (issue 25)', () => {
  it('shows the revised text, the changes since the agreed version, and records the agreement with the version', async () => {
    asOwner();
    let agreed = false;
    const api = mockApi({
      'GET /client/agreement_info': () => ({ result: agreed ? { ...pending('major'), required: false, login_required: false, terms: { ...pending('major').terms, agreed: true, pending: null } } : pending('major') }),
      'GET /client/agreement_document': { result: DOCUMENT },
      'POST /client/agreement': () => { agreed = true; return { result: { ...pending('major'), required: false, login_required: false, terms: { ...pending('major').terms, agreed: true, pending: null } } }; },
    });
    await renderPage(<AgreementGate />, { url: '/' });
    const screenDialog = within(await screen.findByRole('dialog'));
    expect(screenDialog.getByText('The terms have been revised')).toBeTruthy();
    expect((await screenDialog.findByTestId('revised-terms-content')).innerHTML).toBe(DOCUMENT.current.content_html);
    expect(screenDialog.getByText('Major change')).toBeTruthy();
    expect(api.calls('GET /client/agreement_document')[0]!.query.get('kind')).toBe('terms');

    // The link to the changes since the version the account agreed to.
    fireEvent.click(screenDialog.getByRole('button', { name: 'Show the changes since version 2 you agreed to' }));
    const diff = await screenDialog.findByTestId('terms-diff');
    expect([...diff.querySelectorAll('del')].map((e) => e.textContent)).toContain('excluding');
    expect([...diff.querySelectorAll('ins')].map((e) => e.textContent).join(' ')).toContain('including');

    // Agreeing needs the box ticked; then the version shown is sent and the screen closes at once.
    fireEvent.click(screenDialog.getByRole('button', { name: 'Agree and continue' }));
    expect(await screenDialog.findByText('Please check that you agree to the revised version.')).toBeTruthy();
    expect(api.calls('POST /client/agreement')).toHaveLength(0);
    fireEvent.click(screenDialog.getByRole('checkbox', { name: 'I have read the revised version and agree to it' }));
    fireEvent.click(screenDialog.getByRole('button', { name: 'Agree and continue' }));
    await waitFor(() => expect(api.calls('POST /client/agreement')).toHaveLength(1));
    expect(api.calls('POST /client/agreement')[0]!.body).toEqual({ terms_version: 3 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server\'s refusal when a newer version was published meanwhile', async () => {
    asOwner();
    mockApi({
      'GET /client/agreement_info': { result: pending('major') },
      'GET /client/agreement_document': { result: DOCUMENT },
      'POST /client/agreement': { code: 40011, message: 'The version you agreed to is no longer the current one. Please read the current version and agree again.', errors: { terms_version: ['x'] } },
    });
    await renderPage(<AgreementGate />, { url: '/' });
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(await dialog.findByRole('checkbox', { name: 'I have read the revised version and agree to it' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Agree and continue' }));
    expect(await dialog.findByText(/no longer the current one/)).toBeTruthy();
  });

  it('does not ask at login for a minor change, which the start flows show instead', async () => {
    asOwner();
    const api = mockApi({ 'GET /client/agreement_info': { result: pending('minor') }, 'GET /client/agreement_document': { result: { ...DOCUMENT, current: { ...DOCUMENT.current, change: 'minor' } } } });
    await renderPage(<><AgreementGate /><PendingAgreementNotice /></>, { url: '/' });
    const notice = within(await screen.findByTestId('pending-agreement'));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(notice.getByRole('button', { name: 'Read the revised version and what changed' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByTestId('revised-terms-content')).toBeTruthy();
    expect(api.calls('GET /client/agreement_document')).toHaveLength(1);
  });
});

describe('terms diff', () => {
  it('reads the text of the HTML one block a line, and splits Japanese into words', () => {
    expect(termsText('<h2>Terms</h2><p>A &amp; B</p><ul><li>one</li><li>two</li></ul>')).toBe('Terms\nA & B\none\ntwo');
    const parts = wordDiff('料金は税抜価格で表示します。', '料金は税込価格で表示します。', 'ja-jp');
    expect(parts.filter((p) => p.removed).map((p) => p.value).join('')).not.toContain('料金');
    expect(parts.filter((p) => !p.added && !p.removed).map((p) => p.value).join('')).toContain('料金は');
    expect(parts.some((p) => p.added)).toBe(true);
  });
});
