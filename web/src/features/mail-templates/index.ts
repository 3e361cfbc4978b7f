import { lazy } from 'react';

/** Issue 12, slice A: the operator's system mail screens (lazy chunks) for the router. */
export const MailTemplatesPage = lazy(() => import('./pages/MailTemplatesPage'));
export const MailLogPage = lazy(() => import('./pages/MailLogPage'));
