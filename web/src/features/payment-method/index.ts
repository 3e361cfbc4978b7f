import { lazy } from 'react';

/** Issue 11, slice A: the payment-method pages (lazy chunks) for the router. */
export const PaymentPage = lazy(() => import('./pages/PaymentPage'));
export const PaymentMethodBeforeRegisterPage = lazy(() => import('./pages/PaymentMethodBeforeRegisterPage'));
export const PaymentMethodChooserPage = lazy(() => import('./pages/PaymentMethodChooserPage'));
export const CreditCardPage = lazy(() => import('./pages/CreditCardPage'));
export const PaymentMethodConfirmPage = lazy(() => import('./pages/PaymentMethodConfirmPage'));
export const PaymentMethodCompletePage = lazy(() => import('./pages/PaymentMethodCompletePage'));
// Issue 22: the card form, inline at the plan application's payment step. Lazy like the pages: a
// static export would put the form in the entry chunk, which imports this index for the routes.
export const CardEntryForm = lazy(() => import('./components/CardEntryForm').then((m) => ({ default: m.CardEntryForm })));
