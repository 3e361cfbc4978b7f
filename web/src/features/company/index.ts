import { lazy } from 'react';

/** The company feature's page (a lazy chunk) for the router. */
export const CompanyPage = lazy(() => import('./pages/CompanyPage'));
