import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_MAIL_ROUTES } from '@portal/proto';
import type { RouteInput } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** Issue 12, slice A: the operator's system mails, their common parts and the mail log. */
const R = NOTIFICATION_MAIL_ROUTES;

export const useMailTemplates = () => useQuery(routeQuery(R.mailTemplateList, {}));
export const useMailTemplate = (template: string | null) => useQuery({ ...routeQuery(R.mailTemplateGet, { template: template ?? '' }), enabled: !!template });
export const useMailParts = () => useQuery(routeQuery(R.mailPartList, {}));

export type TMailLogParams = RouteInput<typeof R.mailLogList>;
/** The previous page stays on screen while a new search loads. */
export const useMailLog = (params: TMailLogParams) => useQuery({ ...routeQuery(R.mailLogList, params), placeholderData: keepPreviousData });

/** The forms show refusals under their fields (quiet). */
export const useUpdateMailTemplate = () => useRouteMutation(R.mailTemplateUpdate, { quiet: true, invalidates: [R.mailTemplateList, R.mailTemplateGet] });
export const usePreviewMail = () => useRouteMutation(R.mailTemplatePreview, { quiet: true });
export const useTestSendMail = () => useRouteMutation(R.mailTemplateTestSend, { quiet: true, invalidates: [R.mailLogList] });
export const useUpdateMailPart = () => useRouteMutation(R.mailPartUpdate, { quiet: true, invalidates: [R.mailPartList] });
