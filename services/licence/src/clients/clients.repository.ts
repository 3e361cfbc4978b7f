import { Inject, Injectable } from '@nestjs/common';
import type { TClientRegistered, TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { LicenceDb, Tx } from '../db.js';

/** Licence's client records. */
@Injectable()
export class ClientsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: LicenceDb) {}

  /** Issue 11, slice B: the clients of one shard among these, with their company names. */
  async names(shard: TShard, uuids: readonly string[]): Promise<{ uuid: string; companyName: string }[]> {
    if (uuids.length === 0) return [];
    return this.db.client(shard).client.findMany({ where: { uuid: { in: [...uuids] } }, select: { uuid: true, companyName: true } });
  }

  /** The client of a registration (in the consumer's unit of work, once per event). */
  async createRegistered(tx: Tx, event: TClientRegistered): Promise<void> {
    await tx.client.create({ data: { uuid: event.client_uuid, companyName: event.company_name, phone: event.phone, region: event.region, logoDataUrl: event.logo } });
  }
}
