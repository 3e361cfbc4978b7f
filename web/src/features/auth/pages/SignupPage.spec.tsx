import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { browser } from '../../../lib/browser';
import { mockApi } from '../../../test/api-mock';
import { renderPage, seen } from '../../../test/render';
import SignupDonePage from './SignupDonePage';
import SignupFormPage from './SignupFormPage';
import SignupPage from './SignupPage';

const TOKEN = 'b'.repeat(32);
let navigate: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  navigate = vi.spyOn(browser, 'hardNavigate').mockImplementation(() => undefined);
});

/** Chooses an option of a Mantine Select by its label. */
async function choose(label: RegExp, option: string) {
  fireEvent.click(screen.getByLabelText(label, { selector: 'input' }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function answerSurvey({ industry, sub, budget }: { industry: string; sub: string; budget: string }) {
  await choose(/^Position/, 'Manager or executive');
  await choose(/^Division/, 'Marketing');
  await choose(/^Industry/, industry);
  await choose(/^Sub-industry/, sub);
  await choose(/^Number of employees/, '31–50 people');
  await choose(/^Annual promotion budget/, budget);
}

describe('signup', () => {
  it('form only: mails the link with the terms agreement, then says to check the spam folder', async () => {
    const api = mockApi({ 'POST /client': { result: { region: 'jpn', language: 'en-us' } } });
    await renderPage(<SignupFormPage />, { url: '/user_signup_formonly' });
    fireEvent.change(await screen.findByLabelText(/Email address/), { target: { value: 'new@example.com' } });
    const submit = screen.getByRole('button', { name: 'Send the registration link' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I agree to the terms of use and the privacy policy'));
    fireEvent.click(submit);
    await waitFor(() => expect(seen.pathname).toBe('/temporalyregisterdone'));
    expect(api.calls('POST /client')[0]!.body).toEqual({ email: 'new@example.com', terms_agreed: true });
  });

  it('form only, outside Japan: asks the EU question; "yes" shows the refusal and sends nothing, "no" sends the answer (issue 22)', async () => {
    const api = mockApi({ 'POST /client': { result: { region: 'usa', language: 'en-us' } } });
    await renderPage(<SignupFormPage />, { url: '/user_signup_formonly', region: 'usa' });
    fireEvent.change(await screen.findByLabelText(/Email address/), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByLabelText('I agree to the terms of use and the privacy policy'));
    expect(screen.getByText('Is your company established in the EU or the EEA, or does it offer its services to people there?')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Send the registration link' }) as HTMLButtonElement;
    fireEvent.click(submit);
    expect(await screen.findByText(/Please answer whether your company is established in the EU/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Yes'));
    expect((await screen.findByRole('alert')).textContent).toContain('this portal cannot be used by companies subject to the EU');
    expect(submit.disabled).toBe(true);
    expect(api.calls('POST /client')).toHaveLength(0);
    fireEvent.click(screen.getByLabelText('No'));
    fireEvent.click(submit);
    await waitFor(() => expect(seen.pathname).toBe('/temporalyregisterdone'));
    expect(api.calls('POST /client')[0]!.body).toEqual({ email: 'new@example.com', terms_agreed: true, eu_subject: false });
  });

  it('form only, in Japan: no EU question', async () => {
    await renderPage(<SignupFormPage />, { url: '/user_signup_formonly' });
    await screen.findByLabelText(/Email address/);
    expect(screen.queryByText(/established in the EU/)).toBeNull();
  });

  it('done page: says to check the spam folder', async () => {
    await renderPage(<SignupDonePage />, { url: '/temporalyregisterdone' });
    expect(await screen.findByText(/check your spam folder/)).toBeTruthy();
  });

  it('internal signup posts to /signup/internal and lands on its done page', async () => {
    const api = mockApi({ 'POST /signup/internal': { result: { region: 'jpn', language: 'en-us' } } });
    await renderPage(<SignupFormPage internal />, { url: '/basicauth/user_internal_signup' });
    fireEvent.change(await screen.findByLabelText(/Email address/), { target: { value: 'staff@example.com' } });
    fireEvent.click(screen.getByLabelText('I agree to the terms of use and the privacy policy'));
    fireEvent.click(screen.getByRole('button', { name: 'Send the registration link' }));
    await waitFor(() => expect(seen.pathname).toBe('/basicauth/user_internal_signup_done'));
    expect(api.calls('POST /signup/internal')).toHaveLength(1);
  });

  // Six selects in happy-dom on a shared machine: more than the default 20 s.
  it('full registration: family name first for Japan, then registers and opens /product', { timeout: 60_000 }, async () => {
    const api = mockApi({
      'GET /client/info': { result: { state: 'valid', email: 'new@example.com', region: 'jpn', name_order: 'family_first', eu_question: false } },
      'POST /client/register': { result: { mfa_required: false } },
    });
    await renderPage(<SignupPage />, { path: '/signup/:access_token/:register_from_mail?', url: `/signup/${TOKEN}/1` });
    const family = await screen.findByLabelText(/Family name/);
    const given = screen.getByLabelText(/Given name/);
    expect(family.compareDocumentPosition(given) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Company name/), { target: { value: 'Example KK' } });
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '03-1234-5678' } });
    fireEvent.change(family, { target: { value: 'Yamada' } });
    fireEvent.change(given, { target: { value: 'Taro' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Secret-123' } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: 'Secret-123' } });
    fireEvent.click(screen.getByLabelText('I agree to the terms of use'));
    fireEvent.click(screen.getByLabelText('I agree to the privacy policy'));
    // Issue 22: the survey is required; without it nothing is sent and each question says so.
    fireEvent.click(screen.getByRole('button', { name: 'Start using' }));
    expect(await screen.findByText('Please choose position.')).toBeTruthy();
    expect(screen.getByText('Please choose annual promotion budget.')).toBeTruthy();
    expect(api.calls('POST /client/register')).toHaveLength(0);
    await answerSurvey({ industry: 'Manufacturing', sub: 'Electronics and electrical equipment', budget: '¥1 million – ¥10 million' });
    fireEvent.click(screen.getByRole('button', { name: 'Start using' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/product'));
    expect(api.calls('POST /client/register')[0]!.body).toEqual({
      access_token: TOKEN, company_name: 'Example KK', phone: '03-1234-5678', family_name: 'Yamada', given_name: 'Taro',
      password: 'Secret-123', password_confirm: 'Secret-123', terms_agreed: true, privacy_agreed: true,
      position: 'manager', division: 'marketing', industry: 'manufacturing', sub_industry: 'electronics', employees: '31-50', budget: 'yen_1m_10m',
    });
  });

  it('full registration overseas: the overseas industries and hour bands, and the EU question when the sign-up did not answer it', { timeout: 60_000 }, async () => {
    const api = mockApi({
      'GET /client/info': { result: { state: 'valid', email: 'new@example.com', region: 'usa', name_order: 'given_first', eu_question: true } },
      'POST /client/register': { result: { mfa_required: false } },
    });
    await renderPage(<SignupPage />, { path: '/signup/:access_token/:register_from_mail?', url: `/signup/${TOKEN}`, region: 'usa' });
    fireEvent.change(await screen.findByLabelText(/Company name/), { target: { value: 'Example Inc.' } });
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '+1 415 555 0100' } });
    fireEvent.change(screen.getByLabelText(/Family name/), { target: { value: 'Smith' } });
    fireEvent.change(screen.getByLabelText(/Given name/), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Secret-123' } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: 'Secret-123' } });
    fireEvent.click(screen.getByLabelText('I agree to the terms of use'));
    fireEvent.click(screen.getByLabelText('I agree to the privacy policy'));
    await answerSurvey({ industry: 'IT and software', sub: 'IT hardware', budget: '50 – 100 hours' });
    fireEvent.click(screen.getByRole('button', { name: 'Start using' }));
    expect(await screen.findByText(/Please answer whether your company is established in the EU/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('No'));
    fireEvent.click(screen.getByRole('button', { name: 'Start using' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/product'));
    expect(api.calls('POST /client/register')[0]!.body).toMatchObject({ industry: 'it_software', sub_industry: 'it_hardware', budget: 'hours_50_100', eu_subject: false });
  });

  it('given name first elsewhere', async () => {
    mockApi({ 'GET /client/info': { result: { state: 'valid', email: 'new@example.com', region: 'mys', name_order: 'given_first', eu_question: false } } });
    await renderPage(<SignupPage />, { path: '/signup/:access_token/:register_from_mail?', url: `/signup/${TOKEN}` });
    const family = await screen.findByLabelText(/Family name/);
    const given = screen.getByLabelText(/Given name/);
    expect(given.compareDocumentPosition(family) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
