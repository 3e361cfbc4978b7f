import { lazy } from 'react';

/** Issue 11, slice B: the client's bank-transfer and direct-debit requests. */
export const PaymentRequestPage = lazy(() => import('./pages/PaymentRequestPage'));
export const PaymentConfirmingPage = lazy(() => import('./pages/PaymentConfirmingPage'));
// The operator's screens show and edit requests with the same words and fields.
export { BankRequestFields, EMPTY_BANK_REQUEST, type BankRequestValues } from './components/BankRequestFields';
export { METHOD_LABEL, RequestSummary } from './components/RequestSummary';
