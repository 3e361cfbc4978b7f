import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { mockApi } from '../../test/api-mock';
import { renderApp, setCookie } from '../../test/render';

/** A window as narrow as a phone (Mantine's useMediaQuery reads matchMedia). */
function phoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width/.test(query), media: query, onchange: null,
    addListener: () => undefined, removeListener: () => undefined,
    addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
  }));
}

/** Issue 26: the shell's keyboard paths (skip link, phone menu) and names. */
describe('shell accessibility', () => {
  beforeEach(() => {
    mockApi();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts with a skip link that moves focus to the page content', async () => {
    setCookie('level', '3');
    await renderApp('/user/list');
    await screen.findByRole('heading', { name: 'Accounts' });
    const links = screen.getAllByRole('link');
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    // First in the document: the first Tab stop.
    expect(links[0]).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement?.id).toBe('main-content');
    expect(document.activeElement?.tagName).toBe('MAIN');
  });

  it('at phone width keeps the closed menu inert; its button says so, opens it, and Esc closes it', async () => {
    phoneWidth();
    setCookie('level', '3');
    await renderApp('/user/list');
    await screen.findByRole('heading', { name: 'Accounts' });
    const button = document.querySelector<HTMLButtonElement>('button[aria-controls]')!;
    expect(button.getAttribute('aria-label')).toBe('Open menu');
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(menu.tagName).toBe('NAV');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hasAttribute('inert')).toBe(true);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Close menu');
    expect(menu.hasAttribute('inert')).toBe(false);

    act(() => { window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })); });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hasAttribute('inert')).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('leaves the menu in reach on a desktop, and names the logo link by the product', async () => {
    setCookie('level', '3');
    await renderApp('/user/list');
    await screen.findByRole('heading', { name: 'Accounts' });
    expect(document.getElementById('side-menu')?.hasAttribute('inert')).toBe(false);
    expect(screen.getByRole('link', { name: 'License Portal' }).getAttribute('href')).toBe('/');
  });
});
