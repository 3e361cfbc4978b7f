import { Injectable } from '@nestjs/common';
import type { Tx } from '../db.js';

/** Issue 14, slice B: identity's tenant row of a partner, written only from licence's events. */
@Injectable()
export class PartnerTenantRepository {
  async upsert(tx: Tx, t: { uuid: string; name: string; contractType: string; partnerUuid: string | null; status: string }): Promise<void> {
    await tx.tenant.upsert({
      where: { uuid: t.uuid },
      create: { uuid: t.uuid, kind: 'partner', name: t.name, contractType: t.contractType, partnerUuid: t.partnerUuid, status: t.status },
      update: { name: t.name, contractType: t.contractType, partnerUuid: t.partnerUuid, status: t.status },
    });
  }

  async hasAccounts(tx: Tx, tenantUuid: string): Promise<boolean> {
    return (await tx.account.count({ where: { tenantUuid } })) > 0;
  }
}
