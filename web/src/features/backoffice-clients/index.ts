import { lazy } from 'react';

/** Issue 14, slice A: the operator's and partner's clients (lazy pages for the router). */
export const BoClientInfoPage = lazy(() => import('./pages/BoClientInfoPage'));
export const ClientCreatePage = lazy(() => import('./pages/ClientCreatePage'));
