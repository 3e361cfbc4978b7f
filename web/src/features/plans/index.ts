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
// Issue 22: the application under review (with its withdrawal) and the gate of the plan-change pages.
export const PlanUnderReviewPage = lazy(() => import('./pages/PlanUnderReviewPage'));
export const PlanFlowGate = lazy(() => import('./components/PlanFlowGate'));
