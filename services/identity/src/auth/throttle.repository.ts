import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { IdentityDb } from '../db.js';

/** Failed logins per client address in fixed windows, kept in the region's shard. */
@Injectable()
export class ThrottleRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  async failures(shard: TShard, ip: string, windowStart: Date): Promise<number> {
    const row = await this.db.client(shard).loginThrottle.findUnique({ where: { ip } });
    return row && row.windowStart > windowStart ? row.failures : 0;
  }

  async recordFailure(shard: TShard, ip: string, now: Date, windowStart: Date): Promise<void> {
    await this.db.client(shard).$executeRaw`
      INSERT INTO login_throttles (ip, window_start, failures) VALUES (${ip}, ${now}, 1)
      ON CONFLICT (ip) DO UPDATE SET
        failures = CASE WHEN login_throttles.window_start > ${windowStart} THEN login_throttles.failures + 1 ELSE 1 END,
        window_start = CASE WHEN login_throttles.window_start > ${windowStart} THEN login_throttles.window_start ELSE ${now} END`;
  }
}
