import { lazy } from 'react';

/** Issue 25: the audit log page (a lazy chunk) for the operator's and the partner's router. */
export const AuditLogPage = lazy(() => import('./pages/AuditLogPage'));
