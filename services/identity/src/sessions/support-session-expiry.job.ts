import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { createLogger } from '@portal/service-common/logger';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { IDENTITY_CONFIG, type TIdentityConfig } from '../identity.config.js';
import { SessionEndService } from './session-end.service.js';

const log = createLogger('SupportSessionExpiry');

/**
 * Every SUPPORT_SESSION_SWEEP_SECONDS, in every shard: support sessions past their idle or
 * absolute expiry that nobody used again are ended, so that the client's owners get the session's
 * summary (issue 21) without a request to notice the expiry. A request with an expired session
 * ends it the same way (SessionService.resolve); whichever comes first ends it, once (the ending
 * statement returns a session to one caller only), so several identity processes may sweep.
 */
@Injectable()
export class SupportSessionExpiryJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(SessionEndService) private readonly ender: SessionEndService,
    @Inject(IDENTITY_CONFIG) private readonly config: TIdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.sweep().then(() => undefined).finally(() => { this.running = undefined; });
    }, this.config.SUPPORT_SESSION_SWEEP_SECONDS * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass over every shard; a failing shard is logged and retried at the next pass. */
  async sweep(): Promise<number> {
    let ended = 0;
    for (const shard of this.accounts.shards()) {
      try {
        ended += (await this.ender.end(shard, { proxy: true, expiredAt: this.clock.now() }, 'expired')).length;
      } catch (err) {
        log.warn({ err, shard }, 'support session expiry sweep failed');
      }
    }
    if (ended) log.info({ ended }, 'expired support sessions ended');
    return ended;
  }
}
