import { z } from 'zod';
import { ZBaseConfig, loadConfig, principalSecret } from '@portal/service-common/config';
import { embedKey } from './embed-token.js';
import { PRODUCT_CONNECTION } from './product-connection.port.js';
import { SandboxProductConnection } from './sandbox-connection.adapter.js';

/** PRODUCT_CONNECTION: how a migration checks each product's account (only `sandbox` exists). */
export const ZMigrationConfig = z.object({ PRODUCT_CONNECTION: z.enum(['sandbox']).default('sandbox') });
export const EMBED_FORM_KEY = Symbol('EmbedFormKey');

export const migrationProviders = (env: Record<string, string | undefined>) => {
  loadConfig(ZMigrationConfig, env);
  const secret = principalSecret(loadConfig(ZBaseConfig.pick({ NODE_ENV: true, PRINCIPAL_SECRET: true }), env));
  return [
    { provide: PRODUCT_CONNECTION, useValue: new SandboxProductConnection() },
    { provide: EMBED_FORM_KEY, useValue: embedKey(secret) },
  ];
};
