import { lazy } from 'react';

/** Issue 11, slice B: the client's bank-transfer and direct-debit requests (lazy chunks). */
export const PaymentRequestPage = lazy(() => import('./pages/PaymentRequestPage'));
export const PaymentConfirmingPage = lazy(() => import('./pages/PaymentConfirmingPage'));
