import type { TGrantableContracts, TPartnerReviewState, TPartnerStatus } from '@portal/proto';

/** Labels of the partner enums (literal keys: the catalogue test sees each one used). */
export const GRANTABLE_LABEL: Record<TGrantableContracts, string> = {
  reseller: 'partners.grantable_reseller', referral: 'partners.grantable_referral', both: 'partners.grantable_both',
};
export const STATUS_LABEL: Record<TPartnerStatus, string> = { active: 'partners.status_active', suspended: 'partners.status_suspended' };
export const STATUS_COLOR: Record<TPartnerStatus, string> = { active: 'teal', suspended: 'gray' };
export const REVIEW_LABEL: Record<TPartnerReviewState, string> = {
  approved: 'partners.review_approved', pending: 'partners.review_pending', rejected: 'partners.review_rejected',
};
export const REVIEW_COLOR: Record<TPartnerReviewState, string> = { approved: 'teal', pending: 'yellow', rejected: 'red' };
export const PAYMENT_LABEL = {
  bank_transfer: 'partners.payment_bank_transfer', direct_debit: 'partners.payment_direct_debit', credit_card: 'partners.payment_credit_card',
} as const;
