import { Inject, Injectable } from '@nestjs/common';
import type { TClientUpdated, TShard } from '@portal/proto';
import { idempotent } from '@portal/service-common/db/idempotent';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { Prisma } from '../generated/prisma/client.js';
import type { Account, IdentityDb, Tenant, Tx } from '../db.js';

export interface AccountWithTenant { account: Account; tenant: Tenant | null; shard: TShard }

/** Accounts and identity's tenant records. Only this repository touches those tables. */
@Injectable()
export class AccountsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  /** By email, in the request's region and then in the global shard (operators). */
  async findByEmail(region: TShard, email: string): Promise<AccountWithTenant | null> {
    const normalized = email.trim().toLowerCase();
    for (const shard of region === 'global' ? ['global' as const] : [region, 'global' as const]) {
      const account = await this.db.client(shard).account.findUnique({ where: { email: normalized } });
      if (account) return { account, tenant: await this.tenant(shard, account.tenantUuid), shard };
    }
    return null;
  }

  async findByUuid(shard: TShard, uuid: string): Promise<AccountWithTenant | null> {
    const account = await this.db.client(shard).account.findUnique({ where: { uuid } });
    return account ? { account, tenant: await this.tenant(shard, account.tenantUuid), shard } : null;
  }

  /** The account alone (no tenant look-up). */
  accountByUuid(shard: TShard, uuid: string): Promise<Account | null> {
    return this.db.client(shard).account.findUnique({ where: { uuid } });
  }

  async tenant(shard: TShard, uuid: string | null): Promise<Tenant | null> {
    return uuid ? this.db.client(shard).tenant.findUnique({ where: { uuid } }) : null;
  }

  /** Several tenants of one shard (a page of the partner's or operator's client list). */
  tenantsByUuid(shard: TShard, uuids: readonly string[]): Promise<Tenant[]> {
    return uuids.length ? this.db.client(shard).tenant.findMany({ where: { uuid: { in: [...uuids] } } }) : Promise.resolve([]);
  }

  /** Licence renamed a client: the tenant view follows, once per event (a redelivery changes nothing). */
  async renameTenant(shard: TShard, event: TClientUpdated, msgId: string): Promise<void> {
    await this.db.client(shard).$transaction(async (tx) => {
      if (!(await idempotent(tx, 'identity-client-updated', msgId))) return;
      await tx.tenant.updateMany({ where: { uuid: event.client_uuid }, data: { name: event.company_name } });
    });
  }

  async emailExists(shard: TShard, email: string): Promise<boolean> {
    return (await this.db.client(shard).account.count({ where: { email: email.trim().toLowerCase() } })) > 0;
  }

  /**
   * A failed login (wrong password or MFA code): count it and lock when the threshold is passed,
   * in the caller's transaction (the lockout mail and log entries commit with it).
   */
  async recordFailure(tx: Tx, uuid: string, lockedUntil: (failures: number) => Date | null): Promise<{ failures: number; lockedUntil: Date | null }> {
    const updated = await tx.account.update({ where: { uuid }, data: { failedAttempts: { increment: 1 } }, select: { failedAttempts: true } });
    const until = lockedUntil(updated.failedAttempts);
    if (until) await tx.account.update({ where: { uuid }, data: { lockedUntil: until } });
    return { failures: updated.failedAttempts, lockedUntil: until };
  }

  async clearFailures(tx: Tx, uuid: string): Promise<void> {
    await tx.account.update({ where: { uuid }, data: { failedAttempts: 0, lockedUntil: null } });
  }

  async setPassword(tx: Tx, uuid: string, passwordHash: string): Promise<void> {
    await tx.account.update({ where: { uuid }, data: { passwordHash, failedAttempts: 0, lockedUntil: null } });
  }

  /**
   * Invited accounts whose invitation was not accepted in time become expired (spec §4). The
   * newest link is the truth: an account with an unused, unexpired invitation stays invited. One
   * statement, so a reinvite committed meanwhile is never undone. All tenants, or one.
   */
  async expireInvitations(shard: TShard, now: Date, tenantUuid?: string): Promise<number> {
    // The tenant condition is part of the statement's text, not `($1 IS NULL OR tenant_uuid = $1)`:
    // with that, a prepared plan cannot use the tenant index and every company's list read
    // scanned the shard's accounts.
    const tenant = tenantUuid ? Prisma.sql`AND a.tenant_uuid = ${tenantUuid}::uuid` : Prisma.empty;
    return this.db.client(shard).$executeRaw`
      UPDATE accounts a SET status = 'expired', updated_at = ${now}
       WHERE a.status = 'invited' ${tenant}
         AND NOT EXISTS (
           SELECT 1 FROM one_time_tokens t
            WHERE t.account_uuid = a.uuid AND t.purpose = 'invitation' AND t.used_at IS NULL AND t.expires_at > ${now})`;
  }

  client(shard: TShard) {
    return this.db.client(shard);
  }

  /** Publish the outbox rows just committed in `shard`. */
  kick(shard: TShard): void {
    this.db.kick(shard);
  }
}
