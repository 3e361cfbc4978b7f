/** Issue 12, slice A: system mail templates, delivery and the mail log. */
export const NOTIFICATION_MAIL_ROUTES = {
} as const;
