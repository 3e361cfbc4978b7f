import { lazy } from 'react';

/** The plan master's operator screen (a lazy chunk) for the router. */
export const PlanMasterPage = lazy(() => import('./pages/PlanMasterPage'));
