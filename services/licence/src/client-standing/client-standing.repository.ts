import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { LicenceDb } from '../db.js';

export interface ClientStandingRow { clientUuid: string; companyName: string; paid: boolean; partnerUuid: string | null }

/**
 * Issue 12, slice B: clients and whether they pay (a live paid contract: allowed, in effect on
 * `today`, not past its last day, with a monthly amount; the same reading as
 * ContractsRepository.livePaidProducts), for notice targets and inquiry routing.
 */
@Injectable()
export class ClientStandingRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: LicenceDb) {}

  /** The given clients (unknown ones left out), or with `uuids` null every paid client. */
  async standing(shard: TShard, uuids: readonly string[] | null, today: Date): Promise<ClientStandingRow[]> {
    return this.db.client(shard).$queryRaw<ClientStandingRow[]>`
      SELECT c.uuid::text AS "clientUuid", c.company_name AS "companyName", c.partner_uuid::text AS "partnerUuid",
             EXISTS (
               SELECT 1 FROM contracts k
               WHERE k.client_uuid = c.uuid AND k.status IN ('scheduled', 'cancelling') AND k.monthly_amount > 0
                 AND k.effective_from <= ${today}::date AND (k.ends_on IS NULL OR k.ends_on >= ${today}::date)
             ) AS paid
      FROM clients c
      WHERE (${uuids === null}::boolean AND EXISTS (
               SELECT 1 FROM contracts k
               WHERE k.client_uuid = c.uuid AND k.status IN ('scheduled', 'cancelling') AND k.monthly_amount > 0
                 AND k.effective_from <= ${today}::date AND (k.ends_on IS NULL OR k.ends_on >= ${today}::date)))
         OR c.uuid = ANY(${uuids ?? []}::uuid[])
      ORDER BY c.company_name, c.uuid`;
  }
}
