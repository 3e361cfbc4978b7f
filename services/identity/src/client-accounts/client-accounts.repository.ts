import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { Prisma } from '../generated/prisma/client.js';
import { statusNowSql } from '../accounts/account-list.repository.js';
import type { IdentityDb, Tx } from '../db.js';

/** An account of a client as the back office sees it (issue 25, point 5). */
export interface ClientAccountRecord {
  uuid: string;
  email: string;
  familyName: string;
  givenName: string;
  authority: string | null;
  status: string;
  language: string;
  locked: boolean;
  trustedBrowsers: number;
}

/** The client's accounts for its back-office info page, and the operator's unlock and MFA reset. */
@Injectable()
export class ClientAccountsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  tenant(shard: TShard, uuid: string) {
    return this.db.client(shard).tenant.findFirst({ where: { uuid, kind: 'client' }, select: { uuid: true, name: true, partnerUuid: true, mfaEnabled: true } });
  }

  /**
   * The client's accounts (at most 500, owners first, then by email) with their status as of now,
   * whether a lock is running, and how many remembered browsers they have: one statement.
   */
  async accounts(on: TShard | Tx, tenantUuid: string, now: Date, accountUuid?: string): Promise<ClientAccountRecord[]> {
    const db = typeof on === 'string' ? this.db.client(on) : on;
    const one = accountUuid ? Prisma.sql`AND a.uuid = ${accountUuid}::uuid` : Prisma.empty;
    return db.$queryRaw<ClientAccountRecord[]>(Prisma.sql`
      SELECT a.uuid, a.email, a.family_name AS "familyName", a.given_name AS "givenName", a.authority, (${statusNowSql(now)}) AS status, a.language,
             (a.locked_until IS NOT NULL AND a.locked_until > ${now}) AS locked,
             (SELECT count(*)::int FROM trusted_devices d WHERE d.account_uuid = a.uuid AND d.expires_at > ${now}) AS "trustedBrowsers"
        FROM accounts a
       WHERE a.tenant_uuid = ${tenantUuid}::uuid AND a.kind = 'client' ${one}
       ORDER BY CASE a.authority WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END, a.email, a.uuid
       LIMIT 500`);
  }

  /** Lifts a running lock (and the failure count that led to it); false when none was running. */
  async unlock(tx: Tx, accountUuid: string, now: Date): Promise<boolean> {
    const { count } = await tx.account.updateMany({ where: { uuid: accountUuid, lockedUntil: { gt: now } }, data: { lockedUntil: null, failedAttempts: 0 } });
    return count > 0;
  }

  /** Forgets the account's remembered browsers and closes its open login codes. */
  async forgetMfa(tx: Tx, accountUuid: string, now: Date): Promise<void> {
    await tx.trustedDevice.deleteMany({ where: { accountUuid } });
    await tx.mfaChallenge.updateMany({ where: { accountUuid, closedAt: null }, data: { closedAt: now } });
  }

  async setStatus(tx: Tx, accountUuid: string, status: string): Promise<void> {
    await tx.account.update({ where: { uuid: accountUuid }, data: { status } });
  }
}
