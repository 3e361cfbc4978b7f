import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { executor, type IdentityDb, type Tx, type TxOrShard } from '../db.js';

/** MFA challenges (mailed login codes) and remembered browsers. Only this repository touches those tables. */
@Injectable()
export class MfaRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  trustedDevice(shard: TShard, tokenHash: string) {
    return this.db.client(shard).trustedDevice.findUnique({ where: { tokenHash } });
  }

  async rememberDevice(tx: Tx, row: { tokenHash: string; accountUuid: string; expiresAt: Date }): Promise<void> {
    await tx.trustedDevice.create({ data: row });
  }

  /** Holds the account's row until the unit ends: concurrent code mails are serialised per account. */
  async lockAccount(tx: Tx, accountUuid: string): Promise<void> {
    await tx.$queryRaw`SELECT 1 FROM accounts WHERE uuid = ${accountUuid}::uuid FOR UPDATE`;
  }

  /** The account's newest challenges (newest first). */
  recent(on: TxOrShard, accountUuid: string, take: number) {
    return executor(this.db, on).mfaChallenge.findMany({ where: { accountUuid }, orderBy: { createdAt: 'desc' }, take, select: { createdAt: true, codeHash: true } });
  }

  latest(shard: TShard, accountUuid: string) {
    return this.db.client(shard).mfaChallenge.findFirst({ where: { accountUuid }, orderBy: { createdAt: 'desc' } });
  }

  /** Closes every open challenge of the account and opens a new one (only the latest is valid). */
  async replace(tx: Tx, row: { accountUuid: string; codeHash: string; createdAt: Date; expiresAt: Date }): Promise<void> {
    await tx.mfaChallenge.updateMany({ where: { accountUuid: row.accountUuid, closedAt: null }, data: { closedAt: row.createdAt } });
    await tx.mfaChallenge.create({ data: row });
  }

  async countAttempt(shard: TShard, id: string, attempts: number, closedAt: Date | null): Promise<void> {
    await this.db.client(shard).mfaChallenge.update({ where: { id }, data: { attempts, closedAt } });
  }

  /** Closes a challenge if it is still open (single use); whether this call closed it. */
  async close(shard: TShard, id: string, now: Date): Promise<boolean> {
    return (await this.db.client(shard).mfaChallenge.updateMany({ where: { id, closedAt: null }, data: { closedAt: now } })).count === 1;
  }
}
