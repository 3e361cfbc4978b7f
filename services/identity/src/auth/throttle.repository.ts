import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { IdentityDb } from '../db.js';
import { Prisma } from '../generated/prisma/client.js';

/**
 * Failed logins counted per key in fixed windows, kept in the region's shard. Keys are client
 * addresses (per-address throttling) and `email:<sha256>` for addresses that have no account
 * (so that an unknown address answers as a locked one does; docs/decisions.md).
 */
@Injectable()
export class ThrottleRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  /** Read on every login: a named prepared statement (ServiceDb.prepared), not Prisma. */
  async failures(shard: TShard, key: string, windowStart: Date): Promise<number> {
    const [row] = await this.db.prepared<{ failures: number; window_start: Date }>(shard, 'login_throttle',
      Prisma.sql`SELECT failures, window_start FROM login_throttles WHERE ip = ${key}`);
    return row && row.window_start > windowStart ? row.failures : 0;
  }

  /** Counts one failure and returns the count in the current window. */
  async recordFailure(shard: TShard, key: string, now: Date, windowStart: Date): Promise<number> {
    const rows = await this.db.client(shard).$queryRaw<{ failures: number }[]>`
      INSERT INTO login_throttles (ip, window_start, failures) VALUES (${key}, ${now}, 1)
      ON CONFLICT (ip) DO UPDATE SET
        failures = CASE WHEN login_throttles.window_start > ${windowStart} THEN login_throttles.failures + 1 ELSE 1 END,
        window_start = CASE WHEN login_throttles.window_start > ${windowStart} THEN login_throttles.window_start ELSE ${now} END
      RETURNING failures`;
    return rows[0]?.failures ?? 1;
  }
}
