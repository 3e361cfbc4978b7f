import type { TProductId } from '@portal/proto';

/**
 * Issue 14, slice C: the connection check a migration must pass for each product before it goes
 * on (spec §4 "a connection check must succeed first"): does the product know this account, and
 * does it answer? One port; the adapter is chosen by config (PRODUCT_CONNECTION), like the
 * corporate-number directory: the sandbox (development, tests) or `http` (http-connection.adapter.ts,
 * the contract we give product teams; issue 24: production refuses the sandbox).
 */
export interface ProductConnection {
  readonly name: 'sandbox' | 'http';
  check(product: TProductId, externalId: string, signal?: AbortSignal): Promise<{ ok: boolean }>;
}
export const PRODUCT_CONNECTION = Symbol('ProductConnection');
