import { Inject, Injectable } from '@nestjs/common';
import type { TBillingInfo, TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { BillingInfoModel } from '../generated/prisma/models.js';
import type { BillingDb, Tx } from '../db.js';

export type BillingInfoRecord = TBillingInfo & { updatedAt: Date };

const toRecord = (r: BillingInfoModel): BillingInfoRecord => ({
  company_name: r.companyName, company_kana: r.companyKana, division: r.division, division_kana: r.divisionKana,
  phone: r.phone, address: r.address, address_kana: r.addressKana, email: r.email, updatedAt: r.updatedAt,
});

/** `billing_infos` (issue 11, slice A): one row per client. Slice C2 reads it for the invoice's recipient and the web-invoice mail. */
@Injectable()
export class BillingInfoRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: BillingDb) {}

  async find(shard: TShard, clientUuid: string): Promise<BillingInfoRecord | null> {
    const row = await this.db.client(shard).billingInfo.findUnique({ where: { clientUuid } });
    return row ? toRecord(row) : null;
  }

  async save(tx: Tx, clientUuid: string, info: TBillingInfo, accountUuid: string | null): Promise<BillingInfoRecord> {
    const data = {
      companyName: info.company_name, companyKana: info.company_kana, division: info.division, divisionKana: info.division_kana,
      phone: info.phone, address: info.address, addressKana: info.address_kana, email: info.email, updatedBy: accountUuid,
    };
    const row = await tx.billingInfo.upsert({ where: { clientUuid }, create: { clientUuid, ...data }, update: data });
    return toRecord(row);
  }
}
