import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { mockApi } from '../test/api-mock';
import { renderApp, router, seen, setCookie } from '../test/render';
import { clearCurrentProduct, getCurrentProduct, setCurrentProduct, useCurrentProduct } from './current-product';

/** Spec §2: "Leaving a route ... clears current product info". */
describe('current product', () => {
  beforeEach(() => {
    clearCurrentProduct();
    mockApi();
  });

  it('is a store components can watch', () => {
    const { result } = renderHook(() => useCurrentProduct());
    expect(result.current).toBeNull();
    act(() => setCurrentProduct({ id: 'bownow', name: 'BowNow' }));
    expect(result.current).toEqual({ id: 'bownow', name: 'BowNow' });
    act(() => clearCurrentProduct());
    expect(result.current).toBeNull();
  });

  it('is cleared when the route changes, and kept while it does not', async () => {
    setCookie('level', '3');
    await renderApp('/user/list');
    await waitFor(() => expect(seen.pathname).toBe('/user/list'));
    act(() => setCurrentProduct({ id: 'actibook', name: 'ActiBook' }));

    await act(async () => { await router.navigate!('/user/list?page=2'); });
    expect(seen.search).toBe('?page=2');
    expect(await screen.findByRole('heading', { name: 'Accounts' })).toBeTruthy();
    expect(getCurrentProduct()).toEqual({ id: 'actibook', name: 'ActiBook' }); // same route, other query

    await act(async () => { await router.navigate!('/profile'); });
    // The profile page is a lazy chunk: the navigation commits once it has loaded.
    await waitFor(() => expect(getCurrentProduct()).toBeNull());
    expect(seen.pathname).toBe('/profile');
    // Three lazy chunks (the shell, two pages): over 5 s when the machine's two cores are busy.
  }, 15_000);
});
