import { z } from 'zod';
import { BILLING, PAYMENT } from '../policy.js';
import { Subjects } from '../subjects.js';
import { ZBillingInfo, ZBillingInfoView } from '../billing-info.js';
import {
  ZCardRegistration, ZCardRegistrationResult, ZCardView, ZCheckPaymentResult, ZPaymentUpdate, ZPaymentView, ZSecureTranRequest,
  ZSecureTranResult, ZTokenizerView,
} from '../payment.js';
import { route } from './route.js';

/** Issue 11, slice A: billing info, payment methods, the card gateway and 3-D Secure. */
export const BILLING_PAYMENT_ROUTES = {
  billingInfo: route({
    method: 'GET', path: '/client/billing', policy: BILLING, subject: Subjects.billing.billingInfoGet,
    request: z.object({}), response: ZBillingInfoView,
    summary: 'The client\'s billing information (not under a reseller, not a partner in the client area).',
  }),
  billingInfoUpdate: route({
    method: 'PUT', path: '/client/billing', policy: BILLING, subject: Subjects.billing.billingInfoUpdate,
    request: ZBillingInfo, response: ZBillingInfoView,
    summary: 'Registers or changes the client\'s billing information (logged as billing_info_changed).',
  }),
  paymentGet: route({
    method: 'GET', path: '/payment', policy: PAYMENT, subject: Subjects.billing.paymentGet,
    request: z.object({}), response: ZPaymentView,
    summary: 'The client\'s payment method, the methods it may choose (card only outside Japan) and the stored card, masked.',
  }),
  paymentUpdate: route({
    method: 'PUT', path: '/payment', policy: PAYMENT, subject: Subjects.billing.paymentUpdate,
    request: ZPaymentUpdate, response: ZPaymentView,
    summary: 'Makes the stored card the payment method again (bank transfer and direct debit are registered by an operator).',
  }),
  gmoJs: route({
    method: 'GET', path: '/gmo_js', policy: PAYMENT, subject: Subjects.billing.gmoJs,
    request: z.object({}), response: ZTokenizerView,
    summary: 'The card tokeniser script the browser loads (the gateway\'s token.js, or the sandbox\'s).',
  }),
  gmoAuth: route({
    method: 'POST', path: '/gmo_auth', policy: PAYMENT, subject: Subjects.billing.gmoAuth,
    request: ZCardRegistration, response: ZCardRegistrationResult,
    summary: 'Stores a tokenised card at the gateway and starts its 3-D Secure check; answers a redirect when a challenge is needed.',
  }),
  gmoSecureTran: route({
    method: 'POST', path: '/gmo_secure_tran', policy: PAYMENT, subject: Subjects.billing.gmoSecureTran,
    request: ZSecureTranRequest, response: ZSecureTranResult,
    summary: 'Completes the 3-D Secure check after the challenge and makes the card the payment method.',
  }),
  gmoCard: route({
    method: 'GET', path: '/gmo', policy: PAYMENT, subject: Subjects.billing.gmoCard,
    request: z.object({}), response: z.object({ card: ZCardView.nullable() }),
    summary: 'The stored card, masked (number never shown).',
  }),
  checkPayment: route({
    method: 'POST', path: '/check_payment', policy: PAYMENT, subject: Subjects.billing.checkPayment,
    request: z.object({}), response: ZCheckPaymentResult,
    summary: 'Whether the client has a payment method it can be charged with.',
  }),
} as const;
