import { z } from 'zod';

/**
 * Config is parsed from the environment once, at boot, by a zod schema; a bad value stops the
 * process with a message naming the variable (fail fast). Nothing else reads process.env
 * (STYLE.md rule 6). Secrets are listed so that describeConfig() never prints them.
 */
export const ZBaseConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRANSPORT: z.enum(['nats', 'in-process']).default('in-process'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** Subject prefix isolating several portals on one NATS server (tests, staging). */
  NATS_NAMESPACE: z.string().regex(/^[A-Za-z0-9_-]*$/).default(''),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** Internal request-reply timeout (shorter than the 60 s API timeout). */
  INTERNAL_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Connections per (shard, service) Prisma pool. */
  DB_POOL_MAX: z.coerce.number().int().positive().default(4),
  /**
   * A service process's own /healthz and /readyz on this port (distributed mode, for probes).
   * Unset: none (all-in-one answers on the gateway's port).
   */
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});
export type TBaseConfig = z.infer<typeof ZBaseConfig>;

export const SECRET_KEYS = new Set(['DATABASE_URL', 'SESSION_SECRET', 'SMTP_PASS', 'BASIC_AUTH_PASSWORD', 'GMO_SHOP_PASS']);

export class ConfigError extends Error {}

export function loadConfig<S extends z.ZodObject>(schema: S, env: Record<string, string | undefined> = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The config as it may be logged: secrets and URLs with credentials masked. */
export function describeConfig(config: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if (SECRET_KEYS.has(key) || /PASS|SECRET|TOKEN|KEY/.test(key)) out[key] = value === undefined ? undefined : '[secret]';
    else if (typeof value === 'string' && /^\w+:\/\/[^/]*@/.test(value)) out[key] = value.replace(/\/\/[^@/]*@/, '//[secret]@');
    else out[key] = value;
  }
  return out;
}
