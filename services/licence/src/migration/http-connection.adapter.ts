import type { TProductId } from '@portal/proto';
import type { ProductConnection } from './product-connection.port.js';

/**
 * Issue 24: the products' own connection check, for production (PRODUCT_CONNECTION=http):
 * `GET {base}/{product}/portal-accounts/{externalId}` with the same bearer key as the products'
 * account API (PRODUCT_ACCOUNTS_API_KEY); 2xx means the product knows the account and answers.
 * Anything else (an error status, no answer within 5 s) is a failed check: the migration step
 * then refuses and names the product, as with the sandbox's `fail…` ids.
 */
export class HttpProductConnection implements ProductConnection {
  readonly name = 'http' as const;

  constructor(private readonly baseUrl: string, private readonly apiKey: string) {}

  async check(product: TProductId, externalId: string, signal?: AbortSignal): Promise<{ ok: boolean }> {
    const url = `${this.baseUrl.replace(/\/$/, '')}/${product}/portal-accounts/${encodeURIComponent(externalId)}`;
    const timeout = AbortSignal.timeout(5_000);
    try {
      const res = await fetch(url, { headers: { authorization: `Bearer ${this.apiKey}` }, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      await res.body?.cancel();
      return { ok: res.ok };
    } catch {
      return { ok: false };
    }
  }
}
