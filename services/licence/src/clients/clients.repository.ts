import { Injectable } from '@nestjs/common';
import type { TClientRegistered } from '@portal/proto';
import type { Tx } from '../db.js';

/** Licence's client records. */
@Injectable()
export class ClientsRepository {
  /** The client of a registration (in the consumer's unit of work, once per event). */
  async createRegistered(tx: Tx, event: TClientRegistered): Promise<void> {
    await tx.client.create({ data: { uuid: event.client_uuid, companyName: event.company_name, phone: event.phone, region: event.region, logoDataUrl: event.logo } });
  }
}
