import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_LOG_ROUTES } from '@portal/proto';
import type { RouteInput, RouteOutput } from '../../lib/api-client';
import { routeQuery } from '../../lib/api-query';
import { apiPrefix } from '../../lib/api';

/** Issue 25: the audit log of the back office (operators: every entry; partners: their scope). */
export type TAuditLogParams = RouteInput<typeof AUDIT_LOG_ROUTES.auditLogList>;
export type TAuditLogPage = RouteOutput<typeof AUDIT_LOG_ROUTES.auditLogList>;
export type TAuditFilter = Omit<TAuditLogParams, 'per_page' | 'cursor'>;

/** One keyset page; the previous page stays on screen while another page or filter loads. */
export function useAuditLog(params: TAuditLogParams) {
  return useQuery({ ...routeQuery(AUDIT_LOG_ROUTES.auditLogList, params), placeholderData: keepPreviousData });
}

/** The CSV's address: the gateway streams it (a plain link: the browser saves it as it arrives). */
export function auditExportUrl(filter: TAuditFilter): string {
  const query = new URLSearchParams(Object.entries(filter).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])));
  const search = query.toString();
  return `${apiPrefix()}${AUDIT_LOG_ROUTES.auditLogExport.path}${search ? `?${search}` : ''}`;
}
