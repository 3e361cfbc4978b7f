import { z } from 'zod';
import { loadConfig } from '@portal/service-common/config';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port.js';
import { SandboxPaymentGateway } from './sandbox.adapter.js';
import { GmoPaymentGateway } from './gmo.adapter.js';
import { PAYMENT_CONFIG, ZPaymentConfig } from '../payment.config.js';

/**
 * PAYMENT_GATEWAY: `sandbox` (the default, and always in tests) or `gmo` (GMO-PG's protocol type,
 * which needs the shop and site credentials). PUBLIC_URL is where browsers reach the portal (the
 * 3-D Secure return URL and the sandbox's pages).
 */
export const ZPaymentGatewayConfig = z.object({
  PAYMENT_GATEWAY: z.enum(['sandbox', 'gmo']).default('sandbox'),
  PUBLIC_URL: z.url().default('http://localhost:8080'),
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

export type GatewayFactory = (config: TPaymentGatewayConfig) => PaymentGateway;
export const gatewayFactories: Record<TPaymentGatewayConfig['PAYMENT_GATEWAY'], GatewayFactory> = {
  sandbox: () => new SandboxPaymentGateway(),
  gmo: (c) => new GmoPaymentGateway({
    apiUrl: c.GMO_API_URL, tokenJsUrl: c.GMO_TOKEN_JS_URL, shopId: c.GMO_SHOP_ID!, shopPass: c.GMO_SHOP_PASS!, siteId: c.GMO_SITE_ID!, sitePass: c.GMO_SITE_PASS!,
  }),
};

export function paymentGateway(env: Record<string, string | undefined>): PaymentGateway {
  const config = loadConfig(ZPaymentGatewayConfig, env);
  return gatewayFactories[config.PAYMENT_GATEWAY](config);
}

export const paymentGatewayProviders = (env: Record<string, string | undefined>) => [
  { provide: PAYMENT_GATEWAY, useValue: paymentGateway(env) },
  { provide: PAYMENT_CONFIG, useValue: loadConfig(ZPaymentConfig, env) },
];
