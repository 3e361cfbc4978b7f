import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { ACTIVE_STATUSES } from '../accounts/account.rules.js';
import type { Account, IdentityDb } from '../db.js';

/** Read-only look-ups for the back office (issue 14, slice C). */
@Injectable()
export class BackofficeLookupRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  /**
   * Who holds this address: the account in the shard (an address is unique per shard) or in the
   * global shard (operators), with its tenant; else, when the directory homes the address in another
   * region, `other_region` (no tenant to name). Null: nobody, so a new account may take it.
   */
  async emailOwner(shard: TShard, email: string): Promise<{ kind: string; tenantUuid: string | null; uuid: string | null } | null> {
    const address = email.trim().toLowerCase();
    for (const on of shard === 'global' ? (['global'] as const) : [shard, 'global' as const]) {
      const account = await this.db.client(on).account.findUnique({ where: { email: address }, select: { kind: true, tenantUuid: true, uuid: true } });
      if (account) return account;
    }
    const home = await this.db.client('global').accountDirectory.findUnique({ where: { email: address }, select: { region: true } });
    return home ? { kind: 'other_region', tenantUuid: null, uuid: null } : null;
  }

  /** Issue 25 point 2: the active owners of these clients (whom a payment-method change is mailed to). */
  owners(shard: TShard, tenantUuids: readonly string[]): Promise<Account[]> {
    return this.db.client(shard).account.findMany({
      where: { tenantUuid: { in: [...tenantUuids] }, authority: 'owner', status: { in: [...ACTIVE_STATUSES] } }, orderBy: { createdAt: 'asc' },
    });
  }

  async tenantNames(shard: TShard, uuids: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.db.client(shard).tenant.findMany({ where: { uuid: { in: [...uuids] } }, select: { uuid: true, name: true } });
    return new Map(rows.map((r) => [r.uuid, r.name]));
  }

  async partners(shard: TShard): Promise<{ uuid: string; name: string }[]> {
    return this.db.client(shard).tenant.findMany({ where: { kind: 'partner' }, select: { uuid: true, name: true }, orderBy: [{ name: 'asc' }, { uuid: 'asc' }], take: 500 });
  }
}
