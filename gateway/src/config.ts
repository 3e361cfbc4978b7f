import { z } from 'zod';
import { ZHostAliases, ZHostMap, DEFAULT_HOST_MAP } from '@portal/proto';
import { ZBaseConfig } from '@portal/service-common/config';

const json = <T extends z.ZodType>(schema: T) =>
  z.string().transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  }).pipe(schema);

export const ZGatewayConfig = ZBaseConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Host name -> region (and optional language), JSON. Default: spec §1's hosts, localhost -> jpn. */
  HOST_MAP: json(ZHostMap).default(DEFAULT_HOST_MAP),
  /**
   * Issue 24: other names of hosts of the map, JSON `{"alias": "host in HOST_MAP"}` (a `www.` name,
   * a load balancer's name). Any other unknown Host is answered 404, never served as jpn.
   */
  HOST_ALIASES: json(ZHostAliases).default({}),
  /** Addresses or CIDR ranges of proxies whose X-Forwarded-For is trusted (comma separated). */
  TRUSTED_PROXIES: z.string().default('127.0.0.1,::1').transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean)),
  API_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Share one service round trip among identical concurrent calls of routes marked `coalesce`. */
  COALESCE_READS: z.enum(['on', 'off']).default('on').transform((v) => v === 'on'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /** Built SPA to serve (all-in-one and single-host deployments); empty: do not serve it. */
  WEB_DIST: z.string().default(''),
  /** Server basic authentication for /basicauth/ pages and the internal signup call. Unset: refused. */
  BASIC_AUTH_USER: z.string().min(1).optional(),
  BASIC_AUTH_PASSWORD: z.string().min(8).optional(),
  /** Origin for links in mails when the request's host is not in HOST_MAP. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /**
   * Distributed mode outside production: run the dev SMTP sink in this process on this port and
   * show it at /dev/mailbox (start:distributed sets it when SMTP_URL is not set). Unset: no sink.
   */
  SMTP_SINK_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * Issue 24: /dev/mailbox (every MFA code and reset link) is served only when this is `on`, and
   * never in production (the config guard refuses it there). `npm start`, start:distributed and the
   * tests turn it on; a chart install never does.
   */
  DEV_MAILBOX: z.enum(['on', 'off']).default('off').transform((v) => v === 'on'),
  /** Issue 24: a staging install that selected sandboxes on purpose (ALLOW_SANDBOX=true); the SPA shows a test-mode banner. */
  ALLOW_SANDBOX: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /**
   * Issue 15: origins (scheme://host[:port], comma separated) of an SPA served elsewhere (a CDN)
   * that may call /v1 with credentials. Empty: same origin only (the SPA from the gateway or the
   * chart's web Deployment behind one Ingress).
   */
  CORS_ORIGINS: z.string().default('').transform((s) => s.split(',').map((x) => x.trim().replace(/\/$/, '')).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s]+$/, 'an origin: scheme://host[:port]'))),
  /** How long a request waits for identity to resolve its session; then 50000 (issue 9: fail fast in an outage). */
  SESSION_RESOLVE_TIMEOUT_MS: z.coerce.number().int().positive().default(3_000),
});
export type TGatewayConfig = z.infer<typeof ZGatewayConfig>;

/** Every alias must name a host of the map (a typo would otherwise refuse a whole region's visitors). */
export function checkHostAliases(config: Pick<TGatewayConfig, 'HOST_MAP' | 'HOST_ALIASES'>): string[] {
  return Object.entries(config.HOST_ALIASES).filter(([, host]) => !config.HOST_MAP[host.toLowerCase()]).map(([alias, host]) => `HOST_ALIASES: ${alias} -> ${host} is not a host of HOST_MAP`);
}
