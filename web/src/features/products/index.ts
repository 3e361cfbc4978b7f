import { lazy } from 'react';

/** The products feature's page (a lazy chunk) for the router: the services list. */
export const ProductPage = lazy(() => import('./pages/ProductPage'));
/** Issue 10: the operator's product catalogue. */
export const CatalogueAdminPage = lazy(() => import('./pages/CatalogueAdminPage'));
