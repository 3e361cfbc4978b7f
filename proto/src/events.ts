import { z } from 'zod';
import { ZLanguage } from './enums.js';

/** Mail templates the notification service knows; subject and body keys are `mail.<template>.*`. */
export const MAIL_TEMPLATES = ['temporary_register', 'mfa_code', 'password_reset', 'welcome', 'invitation', 'csv_errors', 'email_code', 'mail_update', 'account_locked', 'account_exists'] as const;
export const ZMailTemplate = z.enum(MAIL_TEMPLATES);

/** events.notification.mail.requested: put in a service's outbox; notification sends it once. */
export const ZMailRequested = z.object({
  to: z.email(),
  template: ZMailTemplate,
  language: ZLanguage,
  params: z.record(z.string(), z.string()).default({}),
});
export type TMailRequested = z.infer<typeof ZMailRequested>;

export const ZHealth = z.object({ service: z.string(), database: z.enum(['ok', 'down']) });
export type THealth = z.infer<typeof ZHealth>;
