import { lazy } from 'react';

/** Issue 13, slice A: product signing keys for usage ingestion (operators; a lazy chunk). */
export const ProductKeysPage = lazy(() => import('./pages/ProductKeysPage'));
