import type { TProductId } from '@portal/proto';
import type { ProductConnection } from './product-connection.port.js';

/**
 * The sandbox products: every account answers, except ids starting with `fail` (a product that
 * does not know the account) — so tests and demos can show both outcomes without a product.
 */
export class SandboxProductConnection implements ProductConnection {
  readonly name = 'sandbox' as const;

  check(_product: TProductId, externalId: string): Promise<{ ok: boolean }> {
    return Promise.resolve({ ok: !externalId.toLowerCase().startsWith('fail') });
  }
}
