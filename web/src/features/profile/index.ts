import { lazy } from 'react';

/** The profile feature's page (a lazy chunk) for the router. */
export const ProfilePage = lazy(() => import('./pages/ProfilePage'));
