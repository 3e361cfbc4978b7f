import type { TContractStatus } from '@portal/proto';

/** Catalogue keys of the contract statuses (spelled out, so that the unused-key test sees them). */
export const STATUS_LABEL: Record<TContractStatus, string> = {
  reviewing: 'plans.status_reviewing',
  scheduled: 'plans.status_scheduled',
  active: 'plans.status_active',
  cancelling: 'plans.status_cancelling',
  ended: 'plans.status_ended',
  rejected: 'plans.status_rejected',
  withdrawn: 'plans.status_withdrawn',
};
export const STATUS_COLOR: Record<TContractStatus, string> = {
  reviewing: 'orange', scheduled: 'blue', active: 'green', cancelling: 'yellow', ended: 'gray', rejected: 'red', withdrawn: 'gray',
};
