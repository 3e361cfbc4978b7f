import { z } from 'zod';

/** Issue 23 item 7: the card-expiry mail's settings, parsed once at boot. */
export const ZCardExpiryConfig = z.object({
  /** When cards about to expire are mailed (cron, Asia/Tokyo): daily at 09:00, so a card is mailed on the day it enters its last 30 days. */
  CARD_EXPIRY_CRON: z.string().default('0 9 * * *'),
});
export type TCardExpiryConfig = z.infer<typeof ZCardExpiryConfig>;
export const CARD_EXPIRY_CONFIG = Symbol('CardExpiryConfig');
