import type { TProductId } from '@portal/proto';

/**
 * Issue 14, slice C: the connection check a migration must pass for each product before it goes
 * on (spec §4 "a connection check must succeed first"): does the product know this account, and
 * does it answer? One port; the adapter is chosen by config (PRODUCT_CONNECTION), like the
 * corporate-number directory. Only the sandbox exists: the products' own link APIs are not in the
 * spec (docs/decisions.md).
 */
export interface ProductConnection {
  readonly name: 'sandbox';
  check(product: TProductId, externalId: string, signal?: AbortSignal): Promise<{ ok: boolean }>;
}
export const PRODUCT_CONNECTION = Symbol('ProductConnection');
