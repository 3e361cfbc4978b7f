import { z } from 'zod';
import { DEFAULT_HOST_MAP, PRODUCT_IDS, ZHostMap } from '@portal/proto';

/** Identity's own settings (parsed once at boot from the environment). */
export const ZIdentityConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /**
   * Issue 24, item 10: MFA journeys of a load test without the dev mailbox. An account whose email
   * ends with `@LOAD_TEST_EMAIL_DOMAIN` gets, as its mailed code, `loadTestCode(secret, email)`
   * (HMAC-SHA256, 6 digits; the k6 journey computes the same). Everything else of MFA is
   * unchanged (mailed, single use, 10 minutes, the send limits). Refused in production.
   */
  LOAD_TEST_MFA_SECRET: z.string().min(32).optional(),
  LOAD_TEST_EMAIL_DOMAIN: z.string().regex(/^[a-z0-9.-]+\.[a-z]+$/).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  /** Failures before an account locks; each further failure adds LOCKOUT_STEP_SECONDS, up to the max. */
  LOCKOUT_THRESHOLD: z.coerce.number().int().positive().default(5),
  LOCKOUT_STEP_SECONDS: z.coerce.number().int().positive().default(60),
  LOCKOUT_MAX_SECONDS: z.coerce.number().int().positive().default(900),
  /** Failed logins from one address within the window before that address is throttled. */
  THROTTLE_MAX_FAILURES: z.coerce.number().int().positive().default(30),
  THROTTLE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  /** argon2id parameters (OWASP: m=19 MiB, t=2, p=1). */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8192).default(19456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).default(1),
  /**
   * argon2id computations at once in this process (0: one per CPU core). More than the cores only
   * queue in libuv's thread pool and evict each other's 19 MiB from the caches: each hash then
   * costs more CPU, and fewer logins fit.
   */
  ARGON2_CONCURRENCY: z.coerce.number().int().min(0).default(0),
  /** How often invitations past their 24 hours are marked expired in every shard (invitations/invitation-expiry.job.ts). */
  INVITATION_SWEEP_SECONDS: z.coerce.number().int().positive().default(300),
  /**
   * Issue 21: how often support sessions past their expiry that nobody used again are ended in
   * every shard, so that the client's owners get the summary (sessions/support-session-expiry.job.ts).
   */
  SUPPORT_SESSION_SWEEP_SECONDS: z.coerce.number().int().positive().default(60),
  /** Where each product's SSO login lands; `{token}` is replaced. Default: the sandbox product page. */
  PRODUCT_LOGIN_URLS: z.string().default('').transform((text) => {
    const out: Partial<Record<(typeof PRODUCT_IDS)[number], string>> = {};
    for (const pair of text.split(',').map((s) => s.trim()).filter(Boolean)) {
      // Only the first '=' separates: the URL's own query has more (…/sso?token={token}).
      const at = pair.indexOf('=');
      const id = pair.slice(0, at).trim();
      const url = pair.slice(at + 1).trim();
      if (at > 0 && url && (PRODUCT_IDS as readonly string[]).includes(id)) out[id as (typeof PRODUCT_IDS)[number]] = url;
    }
    return out;
  }),
  /**
   * f9-ident: host name -> region, the gateway's HOST_MAP (same variable, same default). A login on
   * another region's host continues on a host of the account's home region (auth/home-region.rules.ts).
   */
  HOST_MAP: z.string().optional().transform((text, ctx) => {
    if (!text) return DEFAULT_HOST_MAP;
    try {
      return ZHostMap.parse(JSON.parse(text));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'HOST_MAP must be a JSON host map' });
      return z.NEVER;
    }
  }),
}).superRefine((c, ctx) => {
  if (c.LOAD_TEST_MFA_SECRET && c.NODE_ENV === 'production') {
    ctx.addIssue({ code: 'custom', path: ['LOAD_TEST_MFA_SECRET'], message: 'LOAD_TEST_MFA_SECRET must not be set in production (load-test MFA codes are for staging and development)' });
  }
  if (Boolean(c.LOAD_TEST_MFA_SECRET) !== Boolean(c.LOAD_TEST_EMAIL_DOMAIN)) {
    ctx.addIssue({ code: 'custom', path: ['LOAD_TEST_EMAIL_DOMAIN'], message: 'LOAD_TEST_MFA_SECRET and LOAD_TEST_EMAIL_DOMAIN go together' });
  }
});
export type TIdentityConfig = z.infer<typeof ZIdentityConfig>;
export const IDENTITY_CONFIG = Symbol('IdentityConfig');

/** Fixed by the spec (§4, §9). */
export const MFA_CODE_TTL_MS = 10 * 60 * 1000;
export const MFA_MAX_ATTEMPTS = 5;
export const MFA_VALIDITY_MS = { '24h': 24 * 3600_000, '7d': 7 * 24 * 3600_000, '30d': 30 * 24 * 3600_000 } as const;
