import { NOTIFICATION_MAIL_ROUTES } from './notification-mail.js';
import { NOTIFICATION_NOTICE_ROUTES } from './notification-notices.js';

/** The notification service's /v1 calls; see routes/billing.ts for why they are a module of their own. */
export const NOTIFICATION_ROUTES = { ...NOTIFICATION_MAIL_ROUTES, ...NOTIFICATION_NOTICE_ROUTES } as const;
export { NOTIFICATION_MAIL_ROUTES, NOTIFICATION_NOTICE_ROUTES };
