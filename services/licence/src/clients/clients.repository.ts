import { Inject, Injectable } from '@nestjs/common';
import type { TClientRegistered, TShard } from '@portal/proto';
import { idempotent } from '@portal/service-common/db/idempotent';
import { SERVICE_DB, type ServiceDb } from '@portal/service-common/service-db';
import type { PrismaClient } from '../generated/prisma/client.js';

/** Licence's client records. */
@Injectable()
export class ClientsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: ServiceDb<PrismaClient>) {}

  /** The client of a registration, once per event (a redelivery changes nothing). */
  async createRegistered(shard: TShard, event: TClientRegistered, msgId: string): Promise<void> {
    await this.db.client(shard).$transaction(async (tx) => {
      if (!(await idempotent(tx, 'licence-client-registered', msgId))) return;
      await tx.client.create({ data: { uuid: event.client_uuid, companyName: event.company_name, phone: event.phone, region: event.region, logoDataUrl: event.logo } });
    });
  }
}
