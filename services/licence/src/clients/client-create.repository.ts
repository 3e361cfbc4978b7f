import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { LicenceDb, Tx } from '../db.js';

export interface PartnerOption { uuid: string; name: string; grantableContracts: string }

export interface NewClient {
  uuid: string; companyName: string; phone: string; address: string; region: string;
  contractType: string; licenceType: string; partnerUuid: string | null;
  /** Issue 22: when the EU data-protection question was answered no (null: not asked). */
  euDeclaredAt?: Date | null;
}

/** Issue 14, slice A: what the create-client command reads and writes in licence. */
@Injectable()
export class ClientCreateRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: LicenceDb) {}

  /** Partners a client may be given to: active and approved (global shard). */
  async partnerOptions(): Promise<PartnerOption[]> {
    return this.db.client('global').partner.findMany({
      where: { status: 'active', reviewState: 'approved' },
      select: { uuid: true, name: true, grantableContracts: true },
      orderBy: [{ name: 'asc' }, { uuid: 'asc' }],
    });
  }

  async partner(uuid: string): Promise<PartnerOption & { status: string; reviewState: string } | null> {
    return this.db.client('global').partner.findUnique({
      where: { uuid }, select: { uuid: true, name: true, grantableContracts: true, status: true, reviewState: true },
    });
  }

  /** Partner names by uuid (global shard), for lists and info. */
  async partnerNames(uuids: readonly string[]): Promise<Map<string, string>> {
    if (!uuids.length) return new Map();
    const rows = await this.db.client('global').partner.findMany({ where: { uuid: { in: [...new Set(uuids)] } }, select: { uuid: true, name: true } });
    return new Map(rows.map((r) => [r.uuid, r.name]));
  }

  /** The products offered in a region (the catalogue of the global shard). */
  async offeredProducts(region: string): Promise<string[]> {
    const rows = await this.db.client('global').product.findMany({ where: { regions: { has: region } }, select: { id: true }, orderBy: { sortOrder: 'asc' } });
    return rows.map((r) => r.id);
  }

  async exists(region: TShard, uuid: string): Promise<boolean> {
    return (await this.db.client(region).client.count({ where: { uuid } })) > 0;
  }

  /** The client row; false when it exists already (a second confirm of the same key). */
  async create(tx: Tx, client: NewClient): Promise<boolean> {
    const { count } = await tx.client.createMany({ data: [client], skipDuplicates: true });
    return count === 1;
  }

  async freeLicences(tx: Tx, clientUuid: string, products: readonly string[], at: Date): Promise<void> {
    if (!products.length) return;
    await tx.licence.createMany({ data: products.map((product) => ({ clientUuid, product, kind: 'free', startedAt: at })), skipDuplicates: true });
  }
}
