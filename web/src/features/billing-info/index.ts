import { lazy } from 'react';

/** Issue 11, slice A: the billing-info pages (lazy chunks) for the router. */
export const BillingInfoPage = lazy(() => import('./pages/BillingInfoPage'));
export const BillingBeforeRegisterPage = lazy(() => import('./pages/BillingBeforeRegisterPage'));
export const BillingFormPage = lazy(() => import('./pages/BillingFormPage'));
// Issue 22: the form, inline at the plan application's payment step. Lazy like the pages: a static
// export would put the form in the entry chunk, which imports this index for the routes.
export const BillingInfoForm = lazy(() => import('./components/BillingInfoForm').then((m) => ({ default: m.BillingInfoForm })));
