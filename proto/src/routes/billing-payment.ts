import { z } from 'zod';
import { BILLING } from '../policy.js';
import { Subjects } from '../subjects.js';
import { ZBillingInfoView } from '../billing-info.js';
import { route } from './route.js';

/** Issue 11, slice A: billing info, payment methods, the card gateway and 3-D Secure. */
export const BILLING_PAYMENT_ROUTES = {
  billingInfo: route({
    method: 'GET', path: '/client/billing', policy: BILLING, subject: Subjects.billing.billingInfoGet,
    request: z.object({}), response: ZBillingInfoView,
    summary: 'The client\'s billing information (not under a reseller, not a partner in the client area).',
  }),
} as const;
