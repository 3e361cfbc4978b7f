import { z } from 'zod';

/** `GET /v1/client/billing`: whether the client has registered billing information, and what it is. */
export const ZBillingInfoView = z.object({ registered: z.boolean(), billing_info: z.record(z.string(), z.unknown()).nullable() });
