import type { TProductId } from '@portal/proto';

/**
 * What the portal asks a product before an SSO login: is this email already bound to a different
 * account on the product's side (spec §8: duplicate account info blocks login)? Products are
 * external systems; this port has a sandbox adapter here and an HTTP adapter for production.
 */
export interface ProductAccountsPort {
  check(product: TProductId, email: string, accountUuid: string): Promise<'ok' | 'duplicate'>;
}
export const PRODUCT_ACCOUNTS = Symbol('ProductAccounts');

/** Sandbox: addresses of the form `<anything>+dup@<domain>` are duplicates on every product. */
export class SandboxProductAccounts implements ProductAccountsPort {
  async check(_product: TProductId, email: string): Promise<'ok' | 'duplicate'> {
    return /\+dup@/i.test(email) ? 'duplicate' : 'ok';
  }
}

/**
 * Production: `GET {base}/{product}/portal-accounts/check?email=&portal_account=` answering
 * `{"status": "ok" | "duplicate"}` (the contract we give product teams). A failure is not a
 * duplicate: the login goes on, the product verifies the token itself.
 */
export class HttpProductAccounts implements ProductAccountsPort {
  constructor(private readonly baseUrl: string, private readonly apiKey: string) {}

  async check(product: TProductId, email: string, accountUuid: string): Promise<'ok' | 'duplicate'> {
    const url = `${this.baseUrl.replace(/\/$/, '')}/${product}/portal-accounts/check?email=${encodeURIComponent(email)}&portal_account=${accountUuid}`;
    try {
      const res = await fetch(url, { headers: { authorization: `Bearer ${this.apiKey}` }, signal: AbortSignal.timeout(5_000) });
      if (!res.ok) return 'ok';
      const body = (await res.json()) as { status?: string };
      return body.status === 'duplicate' ? 'duplicate' : 'ok';
    } catch {
      return 'ok';
    }
  }
}
