import { z } from 'zod';
import { ZBaseConfig, loadConfig, principalSecret } from '@portal/service-common/config';
import { embedKey } from './embed-token.js';
import { PRODUCT_CONNECTION } from './product-connection.port.js';
import { SandboxProductConnection } from './sandbox-connection.adapter.js';
import { HttpProductConnection } from './http-connection.adapter.js';

/**
 * PRODUCT_CONNECTION: how a migration checks each product's account: `sandbox` (development and
 * tests; production refuses it, production-guard.ts) or `http` against PRODUCT_CONNECTION_URL.
 */
export const ZMigrationConfig = z.object({
  PRODUCT_CONNECTION: z.enum(['sandbox', 'http']).default('sandbox'),
  PRODUCT_CONNECTION_URL: z.url().optional(),
  PRODUCT_ACCOUNTS_API_KEY: z.string().default(''),
}).refine((c) => c.PRODUCT_CONNECTION !== 'http' || !!c.PRODUCT_CONNECTION_URL, { message: 'PRODUCT_CONNECTION_URL is required when PRODUCT_CONNECTION=http', path: ['PRODUCT_CONNECTION_URL'] });
export const EMBED_FORM_KEY = Symbol('EmbedFormKey');

export const migrationProviders = (env: Record<string, string | undefined>) => {
  const config = loadConfig(ZMigrationConfig, env);
  const secret = principalSecret(loadConfig(ZBaseConfig.pick({ NODE_ENV: true, PRINCIPAL_SECRET: true }), env));
  return [
    {
      provide: PRODUCT_CONNECTION,
      useValue: config.PRODUCT_CONNECTION === 'http' ? new HttpProductConnection(config.PRODUCT_CONNECTION_URL!, config.PRODUCT_ACCOUNTS_API_KEY) : new SandboxProductConnection(),
    },
    { provide: EMBED_FORM_KEY, useValue: embedKey(secret) },
  ];
};
