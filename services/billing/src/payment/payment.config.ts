import { z } from 'zod';

/** The payment feature's settings. PUBLIC_URL: the portal's origin when a call has no visitor origin. */
export const ZPaymentConfig = z.object({ PUBLIC_URL: z.url().default('http://localhost:8080') });
export type TPaymentConfig = z.infer<typeof ZPaymentConfig>;
export const PAYMENT_CONFIG = Symbol('PaymentConfig');
