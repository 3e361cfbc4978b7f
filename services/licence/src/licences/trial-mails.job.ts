import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { REGIONS, REGION_PROFILES, productName, type TLanguage, type TShard } from '@portal/proto';
import { recordOperation } from '@portal/service-common/audit';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { JobRunner } from '@portal/service-common/jobs';
import { createLogger } from '@portal/service-common/logger';
import type { Tx } from '../db.js';
import { LICENCE_CONFIG, type TLicenceConfig } from '../licence.config.js';
import { LicencesRepository, type LicenceRecord } from './licences.repository.js';
import { addDays, dayIn, TRIAL_REMINDER_DAYS, trialActions } from './licences.rules.js';
import { mailDate, portalUrl, requestMail } from './mail.js';

export const TRIAL_MAIL_JOB = 'licence-trial-mails';
const log = createLogger('TrialMails');

/**
 * The daily trial job (pg-boss through JobRunner; hourly, so that "today" comes at midnight in
 * every region's zone and each mail still goes once: the sent marks are set in the same
 * transaction as the mail's outbox row). Per trial: a reminder three days before the last day,
 * a mail on the last day, and the day after, `trial_ended` in the operation log.
 */
@Injectable()
export class TrialMailsJob implements OnModuleInit {
  constructor(
    @Inject(LicencesRepository) private readonly licences: LicencesRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(JobRunner) private readonly jobs: JobRunner,
    @Inject(LICENCE_CONFIG) private readonly config: TLicenceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.jobs.register({ name: TRIAL_MAIL_JOB, cron: this.config.TRIAL_MAIL_CRON, tz: 'Asia/Tokyo', retryLimit: 3, retryDelaySeconds: 60, run: () => this.run() });
  }

  async run(): Promise<{ reminders: number; lastDays: number; ended: number }> {
    const counts = { reminders: 0, lastDays: 0, ended: 0 };
    const now = this.clock.now();
    let failed: unknown;
    for (const region of REGIONS) {
      const shard = region as TShard;
      const today = dayIn(now, REGION_PROFILES[region].timeZone);
      try {
        const trials = await this.licences.openTrials(shard, addDays(today, TRIAL_REMINDER_DAYS));
        const paid = await this.licences.paidApplied(shard, trials.map((t) => t.clientUuid));
        for (const row of trials) {
          const actions = trialActions(row, today, paid.get(row.clientUuid)?.has(row.product) ?? false);
          if (actions.reminder && (await this.mail(shard, row, '3d', now))) counts.reminders += 1;
          if (actions.lastDay && (await this.mail(shard, row, 'end', now))) counts.lastDays += 1;
          if (actions.end && (await this.end(shard, row, now))) counts.ended += 1;
        }
      } catch (err) {
        // One region's failure does not stop the others; the job then fails and pg-boss retries it.
        log.warn({ err, shard }, 'trial job failed in a shard');
        failed ??= err;
      }
    }
    if (failed) throw failed;
    return counts;
  }

  private mail(shard: TShard, row: LicenceRecord, which: '3d' | 'end', now: Date): Promise<boolean> {
    return this.uow.run(shard, async (tx) => {
      if (!(await this.licences.markMail(tx, row.clientUuid, row.product, which, now))) return false;
      if (row.notifyEmail) {
        const language = (row.notifyLanguage ?? REGION_PROFILES[shard as keyof typeof REGION_PROFILES].defaultLanguage) as TLanguage;
        await requestMail(tx, shard, {
          to: row.notifyEmail, template: which === '3d' ? 'trial_ending' : 'trial_last_day', language,
          recipient: row.notifyName ?? undefined,
          params: {
            product: productName(row.product), ends_on: row.trialEndsOn ? mailDate(row.trialEndsOn, language) : '',
            days: String(TRIAL_REMINDER_DAYS), url: portalUrl('/plan/list', shard),
          },
        });
      }
      return true;
    });
  }

  private end(shard: TShard, row: LicenceRecord, now: Date): Promise<boolean> {
    return this.uow.run(shard, async (tx) => {
      if (!(await this.licences.endTrial(tx, row.clientUuid, row.product, now))) return false;
      await recordOperation(tx, { shard, clientUuid: row.clientUuid, accountUuid: null, operation: 'trial_ended', detail: { product: row.product, trial_ends_on: row.trialEndsOn } });
      return true;
    });
  }
}
