import { PARTNER_OR_OPERATOR } from '../policy.js';
import { Subjects } from '../subjects.js';
import { ZAuditExportQuery, ZAuditLogPage, ZAuditLogQuery, ZCsvChunk } from '../audit-log.js';
import { route } from './route.js';

/**
 * Issue 25: the audit log of the back office. Operators read every entry; partners their own
 * staff's actions and their clients' log (the service takes the scope from the principal).
 */
export const AUDIT_LOG_ROUTES = {
  auditLogList: route({
    method: 'GET', path: '/audit_log', policy: PARTNER_OR_OPERATOR, subject: Subjects.usageLog.auditLogList,
    request: ZAuditLogQuery, response: ZAuditLogPage,
    summary: 'The audit log, newest first, by keyset (`cursor`: the previous page\'s `next_cursor`): filtered by period (dates in the host region\'s time zone), actor kind and name, target type and id, category and operation. Operators: every entry; partners: their own staff\'s actions and their clients\' entries.',
  }),
  auditLogExport: route({
    method: 'GET', path: '/audit_log/export', policy: PARTNER_OR_OPERATOR, subject: Subjects.usageLog.auditLogExport,
    request: ZAuditExportQuery, response: ZCsvChunk, download: { kind: 'csv' },
    summary: 'The filtered audit log as CSV (UTF-8 with BOM), streamed: the response is the file, written a chunk at a time as the service reads it; times in the host region\'s time zone, words in the requester\'s language.',
  }),
} as const;
