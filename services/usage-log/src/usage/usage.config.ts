import { z } from 'zod';
import { ConfigError } from '@portal/service-common/config';
import { DEV_SECRETS } from '@portal/service-common/dev-secrets';

/** Issue 13, slice A: the usage service's config (docs/operations.md lists every variable). */
export const ZUsageConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /**
   * The key product signing keys are encrypted under (AES-256-GCM), 64 hex characters (32 bytes),
   * from the secret store. Required in production; outside it a fixed development key is used.
   */
  PRODUCT_KEY_SECRET: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters').optional(),
  /** How long a rotated-out product key is still accepted. */
  PRODUCT_KEY_OVERLAP_HOURS: z.coerce.number().int().min(0).max(24 * 30).default(24),
  /** The demo usage data (a year of events for the demo clients) after start-up: on outside production. */
  USAGE_DEMO_SEED: z.enum(['on', 'off']).optional(),
});
export type TUsageConfig = z.infer<typeof ZUsageConfig>;
export const USAGE_CONFIG = Symbol('UsageConfig');

const DEV_PRODUCT_KEY_SECRET = DEV_SECRETS.PRODUCT_KEY_SECRET;

/** The 32-byte key encryption key; a production process without PRODUCT_KEY_SECRET does not start. */
export function productKeySecret(config: TUsageConfig): Buffer {
  if (config.PRODUCT_KEY_SECRET) return Buffer.from(config.PRODUCT_KEY_SECRET, 'hex');
  if (config.NODE_ENV === 'production') throw new ConfigError('Invalid configuration:\n  PRODUCT_KEY_SECRET: required in production (64 hex characters)');
  return Buffer.from(DEV_PRODUCT_KEY_SECRET, 'hex');
}
