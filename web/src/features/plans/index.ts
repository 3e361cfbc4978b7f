import { lazy } from 'react';

/** The client's plan pages (slice C of issue 10), lazy chunks for the router. */
export const PlanListPage = lazy(() => import('./pages/PlanListPage'));
export const PlanContractInfoPage = lazy(() => import('./pages/PlanContractInfoPage'));
export const PlanPaymentInfoPage = lazy(() => import('./pages/PlanPaymentInfoPage'));
export const PlanConfirmPage = lazy(() => import('./pages/PlanConfirmPage'));
export const PlanResultPage = lazy(() => import('./pages/PlanResultPage'));
export const PlanUpdatePage = lazy(() => import('./pages/PlanUpdatePage'));
export const PlanOptionsPage = lazy(() => import('./pages/PlanOptionsPage'));
export const PlanInquiryPage = lazy(() => import('./pages/PlanInquiryPage'));
