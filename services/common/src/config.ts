import { z } from 'zod';
import { DEV_SECRETS } from './dev-secrets.js';
import { ZTelemetryConfig } from './telemetry-resource.js';

/**
 * Config is parsed from the environment once, at boot, by a zod schema; a bad value stops the
 * process with a message naming the variable (fail fast). Nothing else reads process.env
 * (STYLE.md rule 6). Secrets are listed so that describeConfig() never prints them.
 */
export const ZBaseConfig = ZTelemetryConfig.extend({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRANSPORT: z.enum(['nats', 'in-process']).default('in-process'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** Subject prefix isolating several portals on one NATS server (tests, staging). */
  NATS_NAMESPACE: z.string().regex(/^[A-Za-z0-9_-]*$/).default(''),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** Issue 15: how often metrics are pushed to the OTLP endpoint. */
  OTEL_METRIC_EXPORT_INTERVAL: z.coerce.number().int().min(100).default(15_000),
  /** Internal request-reply timeout (shorter than the 60 s API timeout). */
  INTERNAL_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Connections per (shard, service) Prisma pool. */
  DB_POOL_MAX: z.coerce.number().int().positive().default(4),
  /**
   * A service process's own /healthz and /readyz on this port (distributed mode, for probes).
   * Unset: none (all-in-one answers on the gateway's port).
   */
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // --- Hardening: transport and faults (issue 9; docs/operations.md, "Limits") ---
  /** This process's NATS user and password (distributed mode: one user per service). */
  NATS_USER: z.string().min(1).optional(),
  NATS_PASSWORD: z.string().optional(),
  /** Issue 24: TLS to NATS (NATS_URL tls://...): a private CA's certificate, and a client certificate and key when the server verifies clients. */
  NATS_TLS_CA_FILE: z.string().min(1).optional(),
  NATS_TLS_CERT_FILE: z.string().min(1).optional(),
  NATS_TLS_KEY_FILE: z.string().min(1).optional(),
  /** JetStream event stream limits: age and size beyond which the oldest events are dropped. */
  EVENTS_MAX_AGE_MS: z.coerce.number().int().positive().default(7 * 24 * 3600 * 1000),
  EVENTS_MAX_BYTES: z.coerce.number().int().positive().default(1024 * 1024 * 1024),
  /** Deliveries of one event before it goes to the dead-letter subject. */
  EVENTS_MAX_DELIVER: z.coerce.number().int().min(1).default(5),
  /** How long a delivered event may stay unacknowledged (its consumer died or hangs) before JetStream delivers it again. */
  EVENTS_ACK_WAIT_MS: z.coerce.number().int().min(1000).default(30_000),
  /**
   * Issue 21: a call whose service says nothing (no answer, no progress) for this long answers
   * 50000 (it died or hangs mid-call); a service sends progress every third of it on a call under
   * way. Give every process the same value.
   */
  RESPONDER_SILENCE_MS: z.coerce.number().int().min(300).max(60_000).default(1_500),
  /** Requests one service process handles at once; more wait their turn (until their deadline). */
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().positive().default(32),
  /**
   * The gateway signs the principal it sends with HMAC-SHA256 under this secret; services refuse
   * a principal without a valid signature. Required in production; outside it a fixed development
   * value is used when unset.
   */
  PRINCIPAL_SECRET: z.string().min(32).optional(),
  /** A shard's pool closes connections idle this long (pools open lazily, on first use). */
  DB_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Connections one process holds at most over all its shard pools and its outbox relay. */
  DB_MAX_CONNECTIONS: z.coerce.number().int().positive().default(6),
  /**
   * Issue 21: a running job's lease (jobs.ts). Its worker renews it every quarter; a run whose
   * worker died is taken over once the lease ran out, within about 1.5 leases and a poll.
   */
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(2).max(600).default(10),
  /**
   * Issue 24: a service process that refuses every request with 50001 (maintenance) and says so in
   * its health answer, e.g. while its database is restored; the gateway and its other routes go on.
   */
  SERVICE_MAINTENANCE: z.enum(['on', 'off']).default('off').transform((v) => v === 'on'),
});
export type TBaseConfig = z.infer<typeof ZBaseConfig>;

export const SECRET_KEYS = new Set(['DATABASE_URL', 'SESSION_SECRET', 'SMTP_PASS', 'BASIC_AUTH_PASSWORD', 'GMO_SHOP_PASS', 'NATS_PASSWORD', 'PRINCIPAL_SECRET']);

/** The development principal secret: never valid in production (production-guard.ts refuses it there). */
const DEV_PRINCIPAL_SECRET = DEV_SECRETS.PRINCIPAL_SECRET;

/** PRINCIPAL_SECRET, or the development value outside production; a production process without it does not start. */
export function principalSecret(config: Pick<TBaseConfig, 'NODE_ENV' | 'PRINCIPAL_SECRET'>): string {
  if (config.PRINCIPAL_SECRET) return config.PRINCIPAL_SECRET;
  if (config.NODE_ENV === 'production') throw new ConfigError('Invalid configuration:\n  PRINCIPAL_SECRET: required in production (32 characters or more)');
  return DEV_PRINCIPAL_SECRET;
}

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
