/** The operation log is shared by every service (services/common/src/audit.ts). */
export { recordOperation, type OperationEntry } from '@portal/service-common/audit';
