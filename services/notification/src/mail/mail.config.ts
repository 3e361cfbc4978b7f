import { z } from 'zod';

/** Mail delivery settings (issue 12, slice A). */
export const ZMailConfig = z.object({
  /** First retry after this long; each further one waits twice as long, up to MAIL_RETRY_MAX_MS. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(0).default(60_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(0).default(3_600_000),
  /** Attempts before a mail counts as failed (with the defaults: about a day and a half). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(40),
  /** How long a claimed mail waits for SMTP's answer before another delivery may take it (a crashed process). */
  MAIL_LEASE_MS: z.coerce.number().int().min(1000).default(300_000),
  /** The retry sweep (pg-boss): every minute. */
  MAIL_RETRY_CRON: z.string().default('* * * * *'),
  /** DKIM signing: all three set, or none (docs/decisions.md). The key is a secret: PEM, `\n` escapes allowed. */
  DKIM_DOMAIN: z.string().optional(),
  DKIM_SELECTOR: z.string().optional(),
  DKIM_PRIVATE_KEY: z.string().optional(),
}).refine((c) => [c.DKIM_DOMAIN, c.DKIM_SELECTOR, c.DKIM_PRIVATE_KEY].every((v) => !v) || [c.DKIM_DOMAIN, c.DKIM_SELECTOR, c.DKIM_PRIVATE_KEY].every((v) => !!v), {
  message: 'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are set together',
});
export type TMailConfig = z.infer<typeof ZMailConfig>;
export const MAIL_CONFIG = Symbol('MailConfig');

/** The wait before attempt `attempts + 1` (after `attempts` failed ones): doubling from the base, capped. */
export function retryDelayMs(config: Pick<TMailConfig, 'MAIL_RETRY_BASE_MS' | 'MAIL_RETRY_MAX_MS'>, attempts: number): number {
  return Math.min(config.MAIL_RETRY_MAX_MS, config.MAIL_RETRY_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}
