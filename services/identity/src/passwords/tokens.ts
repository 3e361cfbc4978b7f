import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SHARDS, type TShard } from '@portal/proto';

/** An unguessable token for a link or cookie; only its hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A 6-digit code (leading zeros kept). */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * The MFA code of a load-test account (identity.config.ts, LOAD_TEST_MFA_SECRET; never in
 * production): the first 32 bits of HMAC-SHA256(secret, lower-cased email), modulo 10^6. The k6
 * journey deploy/k6/login-mfa.js computes the same with k6/crypto.
 */
export function loadTestCode(secret: string, email: string): string {
  const digest = createHmac('sha256', secret).update(email.toLowerCase()).digest('hex');
  return String(parseInt(digest.slice(0, 8), 16) % 1_000_000).padStart(6, '0');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Tokens that must be found without knowing the region (sessions, links) carry their shard:
 * `<shard>.<random>`. The shard part is not secret; the random part is.
 */
export function shardToken(shard: TShard): string {
  return `${shard}.${newToken()}`;
}
export function shardOf(token: string | undefined): TShard | undefined {
  const prefix = token?.split('.', 1)[0];
  return (SHARDS as readonly string[]).includes(prefix ?? '') ? (prefix as TShard) : undefined;
}
