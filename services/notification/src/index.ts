import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { loadConfig } from '@portal/service-common/config';
import type { ServiceDefinition } from '@portal/service-common/service-module';
import { PrismaClient } from './generated/prisma/client.js';
import { MaintenanceModule } from './maintenance/maintenance.module.js';
import { TEST_MODE } from './maintenance/maintenance.service.js';
import { testMode } from '@portal/service-common/production-guard';
import { MailModule } from './mail/mail.module.js';
import { MAILER, SmtpMailer } from './mail/mailer.js';
import { MAIL_CONFIG, ZMailConfig } from './mail/mail.config.js';
// Issue 12, slice B
import { NoticesModule } from './notices/notices.module.js';
import { InquiriesModule } from './inquiries/inquiries.module.js';

const ZNotificationConfig = z.object({
  SMTP_URL: z.string().regex(/^smtps?:\/\//).default('smtp://127.0.0.1:2525'),
  MAIL_FROM: z.string().default('Portal <no-reply@portal.example.jp>'),
});

/** notification: mail templates and SMTP, notices, inquiries, the maintenance flag. */
export const notificationService: ServiceDefinition<PrismaClient> = {
  name: 'notification',
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
  features: [MaintenanceModule, MailModule, /* issue 12, slice B */ NoticesModule, InquiriesModule],
  prismaClient: PrismaClient,
  providers: (env) => {
    const config = loadConfig(ZNotificationConfig, env);
    const mail = loadConfig(ZMailConfig, env);
    const dkim = mail.DKIM_PRIVATE_KEY
      ? { domainName: mail.DKIM_DOMAIN!, keySelector: mail.DKIM_SELECTOR!, privateKey: mail.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n') }
      : undefined;
    return [
      { provide: MAILER, useValue: new SmtpMailer(config.SMTP_URL, config.MAIL_FROM, dkim) },
      { provide: MAIL_CONFIG, useValue: mail },
      // Issue 24: the maintenance status tells the SPA it runs on sandboxes (test-mode banner).
      { provide: TEST_MODE, useValue: testMode(env) },
    ];
  },
};
export { seededParts, seededVersions, templateNames } from './mail/templates.js';
