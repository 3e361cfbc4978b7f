import { z } from 'zod';
import { loadConfig } from '@portal/service-common/config';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { BillingDb } from '../../db.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port.js';
import { SandboxPaymentGateway } from './sandbox.adapter.js';
import { MemorySandboxLedger, SandboxLedgerRepository, type SandboxLedger } from './sandbox-ledger.repository.js';
import { GmoPaymentGateway } from './gmo.adapter.js';

/**
 * PAYMENT_GATEWAY: `sandbox` (the default, and always in tests) or `gmo` (GMO-PG's protocol type,
 * which needs the shop and site credentials). Browsers reach the portal at the public origin of
 * services/common/src/public-url.ts (the 3-D Secure return URL and the sandbox's pages). Production
 * refuses the sandbox and an unset choice (production-guard.ts).
 */
export const ZPaymentGatewayConfig = z.object({
  PAYMENT_GATEWAY: z.enum(['sandbox', 'gmo']).default('sandbox'),
  GMO_API_URL: z.url().default('https://pt01.mul-pay.jp'),
  GMO_TOKEN_JS_URL: z.url().default('https://stg.static.mul-pay.jp/ext/js/token.js'),
  GMO_SHOP_ID: z.string().min(1).optional(),
  GMO_SHOP_PASS: z.string().min(1).optional(),
  GMO_SITE_ID: z.string().min(1).optional(),
  GMO_SITE_PASS: z.string().min(1).optional(),
}).refine((c) => c.PAYMENT_GATEWAY !== 'gmo' || (c.GMO_SHOP_ID && c.GMO_SHOP_PASS && c.GMO_SITE_ID && c.GMO_SITE_PASS), {
  message: 'GMO_SHOP_ID, GMO_SHOP_PASS, GMO_SITE_ID and GMO_SITE_PASS are required when PAYMENT_GATEWAY=gmo', path: ['PAYMENT_GATEWAY'],
});
export type TPaymentGatewayConfig = z.infer<typeof ZPaymentGatewayConfig>;

/** What an adapter may need besides its config: the sandbox's ledger (in the service: PostgreSQL). */
export interface GatewayDeps { sandboxLedger: SandboxLedger }
export type GatewayFactory = (config: TPaymentGatewayConfig, deps: GatewayDeps) => PaymentGateway;
export const gatewayFactories: Record<TPaymentGatewayConfig['PAYMENT_GATEWAY'], GatewayFactory> = {
  sandbox: (_config, deps) => new SandboxPaymentGateway(deps.sandboxLedger),
  gmo: (c) => new GmoPaymentGateway({
    apiUrl: c.GMO_API_URL, tokenJsUrl: c.GMO_TOKEN_JS_URL, shopId: c.GMO_SHOP_ID!, shopPass: c.GMO_SHOP_PASS!, siteId: c.GMO_SITE_ID!, sitePass: c.GMO_SITE_PASS!,
  }),
};

/** The configured adapter; without `deps`, the sandbox keeps its ledger in memory. */
export function paymentGateway(env: Record<string, string | undefined>, deps: GatewayDeps = { sandboxLedger: new MemorySandboxLedger() }): PaymentGateway {
  const config = loadConfig(ZPaymentGatewayConfig, env);
  return gatewayFactories[config.PAYMENT_GATEWAY](config, deps);
}

/** The PAYMENT_GATEWAY provider: the sandbox keeps its ledger in the service's database. A bad config stops the service before it starts. */
export function paymentGatewayProviders(env: Record<string, string | undefined>) {
  const config = loadConfig(ZPaymentGatewayConfig, env);
  return [
    {
      provide: PAYMENT_GATEWAY,
      useFactory: (db: BillingDb) => gatewayFactories[config.PAYMENT_GATEWAY](config, { sandboxLedger: new SandboxLedgerRepository(db) }),
      inject: [SERVICE_DB],
    },
  ];
}
