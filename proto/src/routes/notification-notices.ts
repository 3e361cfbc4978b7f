/** Issue 12, slice B: notices and inquiries. */
export const NOTIFICATION_NOTICE_ROUTES = {
} as const;
