import { lazy } from 'react';

/** The operation-log feature's page (a lazy chunk) for the router. */
export const OperationLogPage = lazy(() => import('./pages/OperationLogPage'));
