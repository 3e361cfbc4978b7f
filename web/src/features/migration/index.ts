import { lazy } from 'react';

/** Issue 14, slice C: the operator's migration wizard (lazy chunk) for the router. */
export const MigrationPage = lazy(() => import('./pages/MigrationPage'));
