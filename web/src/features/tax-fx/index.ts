import { lazy } from 'react';

/** Issue 11, slice C1: the operator's tax-rate and FX screens (lazy chunks) for the router. */
export const TaxRatesPage = lazy(() => import('./pages/TaxRatesPage'));
export const FxRatesPage = lazy(() => import('./pages/FxRatesPage'));
