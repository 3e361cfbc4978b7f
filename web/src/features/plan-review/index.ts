import { lazy } from 'react';

/** The operator's review of plan applications (slice C of issue 10). */
export const PlanReviewPage = lazy(() => import('./pages/PlanReviewPage'));
