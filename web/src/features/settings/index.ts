import { lazy } from 'react';

/** The settings feature's page (a lazy chunk) for the router: the client's security settings. */
export const SystemSettingsPage = lazy(() => import('./pages/SystemSettingsPage'));
