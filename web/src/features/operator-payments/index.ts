import { lazy } from 'react';

/** Issue 11, slice B: the operator's payment-method requests and registrations (lazy chunks). */
export const PaymentRequestsAdminPage = lazy(() => import('./pages/PaymentRequestsAdminPage'));
export const PaymentMethodsAdminPage = lazy(() => import('./pages/PaymentMethodsAdminPage'));
export const InvoicePaymentsAdminPage = lazy(() => import('./pages/InvoicePaymentsAdminPage'));
