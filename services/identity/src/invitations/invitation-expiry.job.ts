import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { createLogger } from '@portal/service-common/logger';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { IDENTITY_CONFIG, type TIdentityConfig } from '../identity.config.js';

const log = createLogger('InvitationExpiry');

/**
 * Every INVITATION_SWEEP_SECONDS, in every shard: invitations unanswered for 24 hours become
 * expired (spec §4), so that whatever reads the status (the user list, its filter and counts,
 * reports) sees it without the link being opened. The user list also applies the rule to its own
 * company at read time, so the job's interval only bounds how stale other readers can be.
 */
@Injectable()
export class InvitationExpiryJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(IDENTITY_CONFIG) private readonly config: TIdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.sweep().then(() => undefined).finally(() => { this.running = undefined; });
    }, this.config.INVITATION_SWEEP_SECONDS * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass over every shard; a failing shard is logged and retried at the next pass. */
  async sweep(): Promise<number> {
    let expired = 0;
    for (const shard of this.accounts.shards()) {
      try {
        expired += await this.accounts.expireInvitations(shard, this.clock.now());
      } catch (err) {
        log.warn({ err, shard }, 'invitation expiry sweep failed');
      }
    }
    if (expired) log.info({ expired }, 'invitations expired');
    return expired;
  }
}
