import { lazy } from 'react';

/** Issue 13, slice B: the usage dashboards and the usage-status screens (lazy chunks) for the router. */
export const UsageDashboardPage = lazy(() => import('./pages/DashboardPage'));
export const UsageLoadingPage = lazy(() => import('./pages/DashboardLoadingPage'));
export const UsageNotUsedPage = lazy(() => import('./pages/NotUsedPage'));
export const UsageStatusPage = lazy(() => import('./pages/UsageStatusPage'));
