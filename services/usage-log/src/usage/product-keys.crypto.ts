import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Product signing keys at rest: AES-256-GCM under the key encryption key (PRODUCT_KEY_SECRET),
 * stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). The product id is the associated data, so
 * a ciphertext copied onto another product's row does not decrypt.
 */
export function sealKey(kek: Buffer, product: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  cipher.setAAD(Buffer.from(product));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function openKey(kek: Buffer, product: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown product key format');
  const decipher = createDecipheriv('aes-256-gcm', kek, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(product));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new signing key: 32 random bytes, hex. */
export const newSecret = (): string => randomBytes(32).toString('hex');
export const newKeyId = (product: string): string => `pk_${product}_${randomBytes(6).toString('hex')}`;
