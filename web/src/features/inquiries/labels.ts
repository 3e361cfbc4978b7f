import type { TInquiryPurpose, TInquiryStatus } from '@portal/proto';

/** Catalogue keys of the inquiries' values (whole keys, so the unused-key test sees them). */
export const PURPOSE_LABEL: Record<TInquiryPurpose, string> = {
  charge: 'inquiries.purpose_charge', payment: 'inquiries.purpose_payment', feature: 'inquiries.purpose_feature', operation: 'inquiries.purpose_operation',
  requestproposal: 'inquiries.purpose_requestproposal', requestdocuments: 'inquiries.purpose_requestdocuments', others: 'inquiries.purpose_others',
};
export const STATUS_LABEL: Record<TInquiryStatus, string> = { new: 'inquiries.status_new', answered: 'inquiries.status_answered', closed: 'inquiries.status_closed' };
export const STATUS_COLOR: Record<TInquiryStatus, string> = { new: 'red', answered: 'blue', closed: 'gray' };
