import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import LoginPage from './LoginPage';
import SignupFormPage from './SignupFormPage';

/** Issue 10 item 9: login and sign-up link to the current terms of use and the privacy policy (they were plain text). */
describe('links to the terms and the privacy policy', () => {
  it.each([
    ['login', <LoginPage key="login" />, '/login'],
    ['sign-up', <SignupFormPage key="signup" />, '/user_signup_formonly'],
  ])('on the %s page', async (_, page, url) => {
    const api = mockApi({ 'GET /terms': { result: { terms: null, privacy_url: 'https://example.com/privacy-v2' } } });
    await renderPage(page, { url });
    const terms = await screen.findByRole('link', { name: 'Terms of use' });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(terms.getAttribute('target')).toBe('_blank');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('https://example.com/privacy-v2'));
    expect(api.calls('GET /terms')).toHaveLength(1);
  });
});
