import { z } from 'zod';

/** The licence service's own settings (parsed once at boot). Issue 10, slice A. */
export const ZLicenceConfig = z.object({
  /** How a domain's existence is checked: real DNS, or the sandbox (licences/ports.ts). Default: dns, sandbox under NODE_ENV=test. */
  LICENCE_DOMAIN_RESOLVER: z.enum(['dns', 'sandbox']).optional(),
  NODE_ENV: z.string().default('development'),
  /** When the trial-mail job runs (cron, Asia/Tokyo): hourly, so each region's day starts at its midnight. */
  TRIAL_MAIL_CRON: z.string().default('5 * * * *'),
});
export type TLicenceConfig = z.infer<typeof ZLicenceConfig>;
export const LICENCE_CONFIG = Symbol('LicenceConfig');
