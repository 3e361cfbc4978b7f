import type { TMailStatus, TMailTarget } from '@portal/proto';

/** Locale keys of the mail screens' words (no enum value reaches the screen). */
export const TARGET_LABEL: Record<TMailTarget, string> = {
  client: 'mail_templates.target.client', partner: 'mail_templates.target.partner', admin: 'mail_templates.target.admin', all: 'mail_templates.target.all',
};
export const STATUS_LABEL: Record<TMailStatus, string> = {
  queued: 'mail_templates.status.queued', sent: 'mail_templates.status.sent', failed: 'mail_templates.status.failed', bounced: 'mail_templates.status.bounced',
};
export const STATUS_COLOR: Record<TMailStatus, string> = { queued: 'yellow', sent: 'green', failed: 'red', bounced: 'orange' };

/** The name and trigger of a mail: described ones by their own keys, others by the generic trigger and their subject. */
export const nameKey = (template: string) => `mail_templates.name.${template}`;
export const triggerKey = (template: string, described: boolean) => (described ? `mail_templates.trigger.${template}` : 'mail_templates.trigger_generic');
