import { Inject, Injectable } from '@nestjs/common';
import type { TClientChanged, TClientUpdated, TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { Prisma } from '../generated/prisma/client.js';
import { executor, type Account, type IdentityDb, type Tenant, type Tx, type TxOrShard } from '../db.js';
import { liveTokenSql } from '../tokens/one-time-token.repository.js';
import { fromRow } from '../json-row.js';

export interface AccountWithTenant { account: Account; tenant: Tenant | null; shard: TShard }

/** What a service may change on an account. */
export type AccountChanges = Partial<Pick<Account, 'email' | 'familyName' | 'givenName' | 'authority' | 'products' | 'status' | 'pendingEmail' | 'language' | 'passwordHash' | 'supportChangedBy' | 'supportChangedAt'>>;
export type NewAccount = Pick<Account, 'uuid' | 'email' | 'familyName' | 'givenName' | 'kind' | 'authority' | 'tenantUuid' | 'status' | 'language'>
  & Partial<Pick<Account, 'passwordHash' | 'products' | 'supportCreatedBy'>>;
/** The security settings a company changes on its tenant row. */
export type TenantSettings = Partial<Pick<Tenant, 'ipRestrictionEnabled' | 'ipAllowlist' | 'mfaEnabled' | 'mfaValidity' | 'partnerProxyAllowed' | 'operatorProxyAllowed'>>;

/**
 * Accounts and identity's tenant records. Only this repository touches those tables. Reads take
 * the shard; writes that belong to a unit of work take its `tx` (services/common/src/db/unit-of-work.ts).
 */
@Injectable()
export class AccountsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  /** Every shard identity keeps data in (the invitation sweep visits them all). */
  shards(): readonly TShard[] {
    return this.db.shards();
  }

  /** By email, in the request's region and then in the global shard (operators). */
  async findByEmail(region: TShard, email: string): Promise<AccountWithTenant | null> {
    const normalized = email.trim().toLowerCase();
    for (const shard of region === 'global' ? ['global' as const] : [region, 'global' as const]) {
      // The account with its tenant in one round trip, as a named prepared statement (every
      // login starts here).
      const [row] = await this.db.prepared<{ a: Record<string, unknown>; t: Record<string, unknown> | null }>(shard, 'account_by_email', Prisma.sql`
        SELECT to_jsonb(a) AS a, to_jsonb(t) AS t FROM accounts a LEFT JOIN tenants t ON t.uuid = a.tenant_uuid WHERE a.email = ${normalized}`);
      if (row) return { account: fromRow<Account>(row.a), tenant: row.t ? fromRow<Tenant>(row.t) : null, shard };
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

  async tenant(on: TxOrShard, uuid: string | null): Promise<Tenant | null> {
    return uuid ? executor(this.db, on).tenant.findUnique({ where: { uuid } }) : null;
  }

  /** Several tenants of one shard (a page of the partner's or operator's client list). */
  tenantsByUuid(shard: TShard, uuids: readonly string[]): Promise<Tenant[]> {
    return uuids.length ? this.db.client(shard).tenant.findMany({ where: { uuid: { in: [...uuids] } } }) : Promise.resolve([]);
  }

  /** The company's first owner (the account a support login acts as). */
  firstOwner(shard: TShard, tenantUuid: string): Promise<Account | null> {
    return this.db.client(shard).account.findFirst({ where: { tenantUuid, authority: 'owner' }, orderBy: { createdAt: 'asc' } });
  }

  /** Issue 14: the company's first account (a partner's: the one an operator's support login into the partner shows). */
  firstAccount(shard: TShard, tenantUuid: string): Promise<Account | null> {
    return this.db.client(shard).account.findFirst({ where: { tenantUuid }, orderBy: { createdAt: 'asc' } });
  }

  /** The company's owners in `statuses` other than `exceptUuid` (the last-owner rule). */
  countOtherOwners(shard: TShard, tenantUuid: string, exceptUuid: string, statuses: readonly string[]): Promise<number> {
    return this.db.client(shard).account.count({ where: { tenantUuid, authority: 'owner', status: { in: [...statuses] }, NOT: { uuid: exceptUuid } } });
  }

  /** Issue 21: the company's owners in `statuses` (who a support session's summary is mailed to). */
  owners(on: TxOrShard, tenantUuid: string, statuses: readonly string[]): Promise<Account[]> {
    return executor(this.db, on).account.findMany({ where: { tenantUuid, authority: 'owner', status: { in: [...statuses] } }, orderBy: { createdAt: 'asc' } });
  }

  async emailExists(on: TxOrShard, email: string): Promise<boolean> {
    return (await executor(this.db, on).account.count({ where: { email: email.trim().toLowerCase() } })) > 0;
  }

  async create(tx: Tx, account: NewAccount): Promise<void> {
    await tx.account.create({ data: account });
  }

  update(tx: Tx, uuid: string, changes: AccountChanges): Promise<Account> {
    return tx.account.update({ where: { uuid }, data: changes });
  }

  async delete(tx: Tx, uuid: string): Promise<void> {
    await tx.account.delete({ where: { uuid } });
  }

  async createTenant(tx: Tx, tenant: Pick<Tenant, 'uuid' | 'kind' | 'name'>): Promise<void> {
    await tx.tenant.create({ data: tenant });
  }

  updateTenant(tx: Tx, uuid: string, settings: TenantSettings): Promise<Tenant> {
    return tx.tenant.update({ where: { uuid }, data: settings });
  }

  /** Licence renamed a client: the tenant view follows (in the consumer's unit of work, once per event). */
  /** Issue 10, slice A: a service the owner started becomes one of the account's products (once). */
  async grantProduct(tx: Tx, tenantUuid: string, accountUuid: string, product: string): Promise<void> {
    await tx.$executeRaw`UPDATE accounts SET products = array_append(products, ${product}), updated_at = now()
      WHERE uuid = ${accountUuid}::uuid AND tenant_uuid = ${tenantUuid}::uuid AND NOT (${product} = ANY(products))`;
  }

  async renameTenant(tx: Tx, event: TClientUpdated): Promise<void> {
    await tx.tenant.updateMany({ where: { uuid: event.client_uuid }, data: { name: event.company_name } });
  }

  /** Issue 14, slice A: licence's state of a client (events.licence.client.changed) onto the tenant copy login reads. */
  async applyClientChange(tx: Tx, event: TClientChanged): Promise<void> {
    await tx.tenant.updateMany({
      where: { uuid: event.client_uuid },
      data: { contractType: event.contract_type, licenceType: event.licence_type, status: event.status, partnerUuid: event.partner_uuid, euRestricted: event.eu_restricted },
    });
  }

  /**
   * A failed login (wrong password or MFA code): count it and lock when `lockedUntil` says so, in
   * the caller's unit of work (the lockout mail and log entries commit with it).
   */
  async recordFailure(tx: Tx, uuid: string, lockedUntil: (failures: number) => Date | null): Promise<{ failures: number; lockedUntil: Date | null }> {
    const updated = await tx.account.update({ where: { uuid }, data: { failedAttempts: { increment: 1 } }, select: { failedAttempts: true } });
    const until = lockedUntil(updated.failedAttempts);
    if (until) await tx.account.update({ where: { uuid }, data: { lockedUntil: until } });
    return { failures: updated.failedAttempts, lockedUntil: until };
  }

  /**
   * Resets the failure count and lock. Only a row with something to reset is written: the others
   * are not even locked, so concurrent logins of one account do not queue on its row.
   */
  async clearFailures(tx: Tx, uuid: string): Promise<void> {
    await tx.account.updateMany({ where: { uuid, OR: [{ failedAttempts: { not: 0 } }, { lockedUntil: { not: null } }] }, data: { failedAttempts: 0, lockedUntil: null } });
  }

  async setPassword(tx: Tx, uuid: string, passwordHash: string, changes: AccountChanges = {}): Promise<void> {
    await tx.account.update({ where: { uuid }, data: { ...changes, passwordHash, failedAttempts: 0, lockedUntil: null } });
  }

  /**
   * Invited accounts whose invitation was not accepted in time become expired: the invitation
   * rule (invitations/invitation.rules.ts) over a whole shard or company in one statement, so a
   * reinvite committed meanwhile is never undone.
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
            WHERE t.account_uuid = a.uuid AND t.purpose = 'invitation' AND ${liveTokenSql(now)})`;
  }
}
