import { lazy } from 'react';

/** Issue 11, slice A: the billing-info pages (lazy chunks) for the router. */
export const BillingInfoPage = lazy(() => import('./pages/BillingInfoPage'));
export const BillingBeforeRegisterPage = lazy(() => import('./pages/BillingBeforeRegisterPage'));
export const BillingFormPage = lazy(() => import('./pages/BillingFormPage'));
