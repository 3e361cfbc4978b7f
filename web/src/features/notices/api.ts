import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_NOTICE_ROUTES as R } from '@portal/proto';
import type { RouteInput } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** Issue 12, slice B: notices for readers (clients, partners) and the operator's screen. */

export type TNoticeListParams = RouteInput<typeof R.noticeList>;
export type TAdminNoticeParams = RouteInput<typeof R.operatorNoticeList>;

/** The notices delivered to the caller now; the previous page stays while the next loads. */
export function useNoticeList(params: TNoticeListParams) {
  return useQuery({ ...routeQuery(R.noticeList, params), placeholderData: keepPreviousData });
}

/** The unread count (header and menu badge); a minute is fresh enough, reading one refreshes it. */
export function useNewsNum(enabled: boolean) {
  return useQuery({ ...routeQuery(R.noticeNewsNum, {}), enabled, staleTime: 60_000 });
}

/** Reading a notice: quiet (a failure only leaves it unread), refreshes the list and the badge. */
export const useMarkRead = () => useRouteMutation(R.noticeHistory, { quiet: true, invalidates: [R.noticeNewsNum, R.noticeList] });

export function useAdminNotices(params: TAdminNoticeParams) {
  return useQuery({ ...routeQuery(R.operatorNoticeList, params), placeholderData: keepPreviousData });
}

const ADMIN_READS = [R.operatorNoticeList, R.operatorNoticeGet, R.noticeList, R.noticeNewsNum];
/** The form shows a refusal under its fields itself (quiet). */
export const useCreateNotice = () => useRouteMutation(R.operatorNoticeCreate, { quiet: true, invalidates: ADMIN_READS });
export const useUpdateNotice = () => useRouteMutation(R.operatorNoticeUpdate, { quiet: true, invalidates: ADMIN_READS });
export const useDuplicateNotice = () => useRouteMutation(R.operatorNoticeDuplicate, { invalidates: ADMIN_READS });
export const usePublishNotice = () => useRouteMutation(R.operatorNoticePublish, { invalidates: ADMIN_READS });
export const useArchiveNotice = () => useRouteMutation(R.operatorNoticeArchive, { invalidates: ADMIN_READS });

/** Issue 25: a notice as one client would see it (asked once a client is chosen). */
export function useNoticePreview(id: string | null, clientUuid: string) {
  return useQuery({ ...routeQuery(R.operatorNoticePreview, { id: id ?? '', client_uuid: clientUuid }), enabled: Boolean(id && clientUuid) });
}

