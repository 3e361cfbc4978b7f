import { Inject, Injectable } from '@nestjs/common';
import type { TLogoCrop, TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { Prisma } from '../generated/prisma/client.js';
import type { Client, LicenceDb, Tx } from '../db.js';

/** The company information a client edits (spec §3), and its logo. */
export type CompanyChanges = Pick<Client, 'companyName' | 'phone' | 'address' | 'location' | 'representative' | 'corporateNumber' | 'industry' | 'subIndustry' | 'employees' | 'budget' | 'position' | 'division' | 'postalCode'>
  & { logo?: { dataUrl: string | null; crop: TLogoCrop | null } };

/** The client's company record (licence owns clients). */
@Injectable()
export class CompanyRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: LicenceDb) {}

  find(shard: TShard, uuid: string): Promise<Client | null> {
    return this.db.client(shard).client.findUnique({ where: { uuid } });
  }

  /**
   * Writes the changes unless the licence is under review, in one statement (a review that starts
   * meanwhile wins). The row as written, or null when it was under review.
   */
  async updateUnlessReviewing(tx: Tx, uuid: string, changes: CompanyChanges): Promise<Client | null> {
    const { logo, ...fields } = changes;
    const data = { ...fields, ...(logo ? { logoDataUrl: logo.dataUrl, logoCrop: logo.crop ?? Prisma.DbNull } : {}) };
    const written = await tx.client.updateMany({ where: { uuid, licenceType: { not: 'reviewing' } }, data });
    return written.count === 1 ? tx.client.findUniqueOrThrow({ where: { uuid } }) : null;
  }
}
