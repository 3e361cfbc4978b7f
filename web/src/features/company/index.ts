import { lazy } from 'react';

/** The company feature's page (a lazy chunk) for the router. */
export const CompanyPage = lazy(() => import('./pages/CompanyPage'));

// Issue 25, point 5: the form itself (a lazy chunk), for the operator's edit on the client's behalf, and the
// region's word for the address's top division (the confirmation's label).
export const CompanyForm = lazy(() => import('./pages/CompanyPage').then((m) => ({ default: m.CompanyForm })));
export { locationLabel } from './location';
