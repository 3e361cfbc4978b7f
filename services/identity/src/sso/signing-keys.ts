import { Inject, Injectable } from '@nestjs/common';
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';
import { SigningKeysRepository } from './signing-keys.repository.js';

export const SSO_ALG = 'ES256';

interface KeyPair { kid: string; privateKey: CryptoKey; publicJwk: JWK }

/**
 * The keys that sign product SSO tokens: kept in the global shard so every identity instance signs
 * with the same key; created on first use. The public halves are the JWKS the gateway publishes.
 */
@Injectable()
export class SigningKeys {
  private current?: Promise<KeyPair>;

  constructor(@Inject(SigningKeysRepository) private readonly keys: SigningKeysRepository) {}

  active(): Promise<KeyPair> {
    this.current ??= this.load().catch((error: unknown) => {
      this.current = undefined;
      throw error;
    });
    return this.current;
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    await this.active();
    const rows = await this.keys.newest(3);
    return { keys: rows.map((r) => ({ ...(r.publicJwk as JWK), kid: r.kid, alg: SSO_ALG, use: 'sig' })) };
  }

  async publicKey(kid: string): Promise<CryptoKey | null> {
    const row = await this.keys.byKid(kid);
    return row ? ((await importJWK(row.publicJwk as JWK, SSO_ALG)) as CryptoKey) : null;
  }

  private async load(): Promise<KeyPair> {
    let [row] = await this.keys.newest(1);
    if (!row) {
      const { privateKey, publicKey } = await generateKeyPair(SSO_ALG, { extractable: true });
      await this.keys.insert({ kid: randomUUID(), privateJwk: (await exportJWK(privateKey)) as object, publicJwk: (await exportJWK(publicKey)) as object });
      // Another instance may have raced us: whichever key is newest wins everywhere.
      [row] = await this.keys.newest(1);
    }
    return { kid: row!.kid, privateKey: (await importJWK(row!.privateJwk as JWK, SSO_ALG)) as CryptoKey, publicJwk: row!.publicJwk as JWK };
  }
}
