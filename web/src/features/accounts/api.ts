import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDENTITY_ROUTES, LICENCE_ROUTES, SESSION_ROUTES } from '@portal/proto';
import type { RouteInput, RouteOutput } from '../../lib/api-client';
import { invalidateRoutes, routeQuery, useRouteMutation } from '../../lib/api-query';
import { uploadRoute, type UploadPhase } from '../../lib/upload';

/** The accounts of the caller's company: list, invite (screen and CSV), edit, ban, resume, delete. */

export type TUserListParams = RouteInput<typeof IDENTITY_ROUTES.userList>;
export type TUserList = RouteOutput<typeof IDENTITY_ROUTES.userList>;
export type TUserRow = TUserList['users'][number];
export type TAccount = RouteOutput<typeof IDENTITY_ROUTES.userGet>;
export type TInviteCsvResult = RouteOutput<typeof IDENTITY_ROUTES.userInviteCsv>;

/** Whatever changes an account changes the list (rows and status counts) and that account. */
const ACCOUNT_READS = [IDENTITY_ROUTES.userList, IDENTITY_ROUTES.userGet];

/** One page of the list; while another page or search loads, the previous answer stays on screen. */
export function useUserList(params: TUserListParams) {
  return useQuery({ ...routeQuery(IDENTITY_ROUTES.userList, params), placeholderData: keepPreviousData });
}

/** The products the company holds: what the pickers of invite and account edit offer (they rarely change: kept a while). */
export function useClientProducts() {
  return useQuery({ ...routeQuery(LICENCE_ROUTES.clientProducts, {}), staleTime: 5 * 60_000 });
}

/** One account for the edit page; a refusal (an invitation is not editable) is shown by the page. */
export function useAccount(uuid: string) {
  return useQuery(routeQuery(IDENTITY_ROUTES.userGet, { uuid }));
}

/** The page shows refusals in the form, so these calls are quiet. */
export const useInviteUsers = () => useRouteMutation(IDENTITY_ROUTES.userInvite, { invalidates: [IDENTITY_ROUTES.userList], quiet: true });
/** Saving may change the caller's own name or authority too: the auth info is read again. */
export const useUpdateAccount = () => useRouteMutation(IDENTITY_ROUTES.userUpdate, { invalidates: [...ACCOUNT_READS, SESSION_ROUTES.userAuth], quiet: true });

/**
 * Row actions of the list; the page toasts the outcome (and a refusal's message) itself. A refusal
 * may come from a row another owner changed meanwhile, so the list is read again either way.
 */
const ROW_ACTION = { invalidates: ACCOUNT_READS, invalidateOn: 'settled', quiet: true } as const;
export const useSetAccountStatus = () => useRouteMutation(IDENTITY_ROUTES.userStatus, ROW_ACTION);
export const useDeleteAccount = () => useRouteMutation(IDENTITY_ROUTES.userDelete, ROW_ACTION);
export const useReinviteAccount = () => useRouteMutation(IDENTITY_ROUTES.userReinvite, ROW_ACTION);

/** /account_mail_update/{user_uuid}/{access_token}: applies an email change from the mailed link. */
export const useConfirmMailChange = () => useRouteMutation(IDENTITY_ROUTES.mailUpdateConfirm, { quiet: true });

/**
 * CSV invite (multipart, with real upload progress): a dry run checks the rows and changes
 * nothing; an import invites, so the list is read again.
 */
export function useInviteCsv(onPhase: (phase: UploadPhase) => void) {
  const queryClient = useQueryClient();
  return useMutation<TInviteCsvResult, Error, { file: File; dryRun: boolean }>({
    mutationFn: ({ file, dryRun }) => {
      const body = new FormData();
      body.append('dry_run', String(dryRun));
      body.append('file', file, file.name);
      return uploadRoute(IDENTITY_ROUTES.userInviteCsv, body, onPhase);
    },
    onSuccess: (result) => (result.dry_run ? undefined : invalidateRoutes(queryClient, [IDENTITY_ROUTES.userList])),
  });
}
