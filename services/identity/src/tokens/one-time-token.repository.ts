import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { Prisma } from '../generated/prisma/client.js';
import { executor, type IdentityDb, type OneTimeToken, type Tx, type TxOrShard } from '../db.js';
import type { TTokenPurpose } from './one-time-token.rules.js';

export interface NewToken {
  tokenHash: string;
  purpose: TTokenPurpose;
  accountUuid: string | null;
  payload: Prisma.InputJsonObject;
  expiresAt: Date;
}

/**
 * The SQL form of "live" (one-time-token.rules.ts `tokenState`), for statements that decide over
 * many tokens at once (the invitation expiry). `t` is the one_time_tokens alias.
 */
export const liveTokenSql = (now: Date) => Prisma.sql`t.used_at IS NULL AND t.revoked_at IS NULL AND t.expires_at > ${now}`;

/** one_time_tokens. Only this repository touches the table. */
@Injectable()
export class OneTimeTokenRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  async insert(on: TxOrShard, row: NewToken): Promise<void> {
    await executor(this.db, on).oneTimeToken.create({ data: row });
  }

  find(on: TxOrShard, tokenHash: string): Promise<OneTimeToken | null> {
    return executor(this.db, on).oneTimeToken.findUnique({ where: { tokenHash } });
  }

  /**
   * Uses a token exactly once: one conditional UPDATE that only a live token of the purpose
   * matches, so of two concurrent consumes one gets the row and the other nothing (it waits for the
   * first one's row lock, then finds used_at set). The row as consumed, or null.
   */
  async consume(on: TxOrShard, tokenHash: string, purpose: TTokenPurpose, now: Date): Promise<OneTimeToken | null> {
    const rows = await executor(this.db, on).$queryRaw<OneTimeToken[]>`
      UPDATE one_time_tokens SET used_at = ${now}
       WHERE token_hash = ${tokenHash} AND purpose = ${purpose} AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ${now}
      RETURNING token_hash AS "tokenHash", purpose, account_uuid::text AS "accountUuid", payload, created_at AS "createdAt",
                expires_at AS "expiresAt", used_at AS "usedAt", revoked_at AS "revokedAt", attempts`;
    return rows[0] ?? null;
  }

  /** Closes the account's open tokens of these purposes (a newer one replaces them). */
  async revokeOpen(on: TxOrShard, accountUuid: string, purposes: readonly TTokenPurpose[], now: Date): Promise<number> {
    const result = await executor(this.db, on).oneTimeToken.updateMany({
      where: { accountUuid, purpose: { in: [...purposes] }, usedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    return result.count;
  }

  async countLive(on: TxOrShard, accountUuid: string, purpose: TTokenPurpose, now: Date): Promise<number> {
    return executor(this.db, on).oneTimeToken.count({ where: { accountUuid, purpose, usedAt: null, revokedAt: null, expiresAt: { gt: now } } });
  }

  /** The account's newest token of a purpose that is neither used nor revoked (it may have expired). */
  latestOpen(on: TxOrShard, accountUuid: string, purpose: TTokenPurpose): Promise<OneTimeToken | null> {
    return executor(this.db, on).oneTimeToken.findFirst({ where: { accountUuid, purpose, usedAt: null, revokedAt: null }, orderBy: { createdAt: 'desc' } });
  }

  /** One more wrong guess at an open code; at `maxAttempts` the code closes. The attempts so far. */
  async countAttempt(on: TxOrShard, tokenHash: string, maxAttempts: number, now: Date): Promise<number> {
    const rows = await executor(this.db, on).$queryRaw<{ attempts: number }[]>`
      UPDATE one_time_tokens
         SET attempts = attempts + 1,
             revoked_at = CASE WHEN attempts + 1 >= ${maxAttempts} THEN ${now}::timestamptz ELSE revoked_at END
       WHERE token_hash = ${tokenHash}
      RETURNING attempts`;
    return rows[0]?.attempts ?? maxAttempts;
  }

  async deleteForAccount(tx: Tx, accountUuid: string): Promise<void> {
    await tx.oneTimeToken.deleteMany({ where: { accountUuid } });
  }
}
