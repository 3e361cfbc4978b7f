import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockApi } from '../test/api-mock';
import { renderApp, seen } from '../test/render';
import { documentBase, siteRootRedirect } from './site-root';

/** Spec §2: the page must be entered from the site root path, else /404; basic-auth pages excepted. */
describe('entry at the site root', () => {
  const setBase = (href: string) => {
    const base = document.createElement('base');
    base.setAttribute('href', href);
    document.head.append(base);
  };
  beforeEach(() => {
    mockApi();
  });
  afterEach(() => {
    document.querySelectorAll('base').forEach((b) => b.remove());
  });

  it('reads the base from <base href>, else the build base', () => {
    expect(documentBase(document, '/')).toBe('/');
    setBase('/portal/');
    expect(documentBase(document, '/')).toBe('/portal/');
    setBase('https://portal.example.jp/'); // a second <base> is ignored by browsers; the first wins
    expect(documentBase(document, '/')).toBe('/portal/');
  });

  it('lets every path stay at the root, and sends the others to /404 except basic-auth pages', () => {
    expect(siteRootRedirect('/user/list', '/')).toBeNull();
    expect(siteRootRedirect('/user/list', '/portal/')).toBe('/404');
    expect(siteRootRedirect('/login', '/app/')).toBe('/404');
    expect(siteRootRedirect('/404', '/portal/')).toBeNull();
    expect(siteRootRedirect('/basicauth/user_internal_signup', '/portal/')).toBeNull();
    expect(siteRootRedirect('/basicauthx', '/portal/')).toBe('/404');
  });

  it('runs normally at the root', async () => {
    await renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(seen.pathname).toBe('/login');
  });

  it('shows /404 when the document lives under another base path', async () => {
    setBase('/portal/');
    await renderApp('/login');
    await waitFor(() => expect(seen.pathname).toBe('/404'));
    expect(await screen.findByText('The requested URL was not found.')).toBeTruthy();
  });

  it('still opens the basic-auth signup page under another base path', async () => {
    setBase('/portal/');
    await renderApp('/basicauth/user_internal_signup');
    await waitFor(() => expect(seen.pathname).toBe('/basicauth/user_internal_signup'));
    expect(await screen.findByRole('textbox')).toBeTruthy();
  });
});
