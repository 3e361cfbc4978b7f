import { lazy } from 'react';

/** The clients feature's page (a lazy chunk) for the router: the partner's and the operator's client list. */
export const ClientListPage = lazy(() => import('./pages/ClientListPage'));
