import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import ProductKeysPage from './ProductKeysPage';

const asOperator = () => { setCookie('level', '3'); setCookie('login_operator_type', '3'); setCookie('user_id', 'op-1'); };
const row = (product: string, keyId: string | null) => ({
  product, key_id: keyId, created_at: keyId ? '2026-11-20T01:00:00.000Z' : null, previous_key_id: null, previous_expires_at: null,
});
const LIST = { products: [row('bownow', 'pk_bownow_abc123'), row('cmp', null)] };
const SECRET = 'a'.repeat(64);

describe('product keys (operator, issue 13)', () => {
  it('shows each product by its display name with its key id, never a key, and a make button where none exists', async () => {
    asOperator();
    mockApi({ 'GET /operator/product_keys': { result: LIST } });
    await renderPage(<ProductKeysPage />, { url: '/operator/product_keys' });
    const bownow = within(await screen.findByTestId('product-key-bownow'));
    expect(bownow.getByText('BowNow')).toBeTruthy();
    expect(bownow.getByText('pk_bownow_abc123')).toBeTruthy();
    expect(bownow.getByRole('button', { name: 'Make new key' })).toBeTruthy();
    const cmp = within(screen.getByTestId('product-key-cmp'));
    expect(cmp.getByText('No key')).toBeTruthy();
    expect(cmp.getByRole('button', { name: 'Make key' })).toBeTruthy();
  });

  it('rotates a key after confirmation and shows the new key once, with the overlap', async () => {
    asOperator();
    const api = mockApi({
      'GET /operator/product_keys': { result: LIST },
      'POST /operator/product_keys': { result: { product: 'bownow', key_id: 'pk_bownow_new', secret: SECRET, created_at: '2026-11-24T01:00:00.000Z', previous_expires_at: '2026-11-25T01:00:00.000Z' } },
    });
    await renderPage(<ProductKeysPage />, { url: '/operator/product_keys' });
    fireEvent.click(within(await screen.findByTestId('product-key-bownow')).getByRole('button', { name: 'Make new key' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText(/keeps working for 24 hours/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Make new key' }));
    expect((await screen.findByTestId('product-key-secret')).textContent).toBe(SECRET);
    expect(screen.getByText(/it is not shown again/)).toBeTruthy();
    expect(api.calls('POST /operator/product_keys')).toHaveLength(1);
  });
});
