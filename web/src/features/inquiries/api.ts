import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_NOTICE_ROUTES as R } from '@portal/proto';
import type { RouteInput } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** Issue 12, slice B: inquiries (clients send; the operator and partners receive) and partners' receivers. */

export type TInquiryInboxParams = RouteInput<typeof R.inquiryInbox>;

/** The confirm step shows a refusal itself (quiet). */
export const useSendInquiry = () => useRouteMutation(R.inquirySend, { quiet: true, invalidates: [R.inquiryMine, R.inquiryInbox] });

export function useInquiryInbox(params: TInquiryInboxParams) {
  return useQuery({ ...routeQuery(R.inquiryInbox, params), placeholderData: keepPreviousData });
}
/** A refused change means the row on screen is stale: read the list again either way. */
export const useSetInquiryStatus = () => useRouteMutation(R.inquiryStatus, { invalidates: [R.inquiryInbox], invalidateOn: 'settled' });

export const useInquiryReceivers = () => useQuery(routeQuery(R.inquiryReceivers, {}));
export const useAddInquiryReceiver = () => useRouteMutation(R.inquiryReceiverAdd, { quiet: true, invalidates: [R.inquiryReceivers] });
export const useRemoveInquiryReceiver = () => useRouteMutation(R.inquiryReceiverRemove, { invalidates: [R.inquiryReceivers], invalidateOn: 'settled' });
