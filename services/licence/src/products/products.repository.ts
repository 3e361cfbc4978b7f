import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB, type ServiceDb } from '@portal/service-common/service-db';
import type { PrismaClient } from '../generated/prisma/client.js';

/** The product master (global shard): kinds, trial lengths and display order; and the products each client holds. */
@Injectable()
export class ProductsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: ServiceDb<PrismaClient>) {}

  master(): Promise<{ id: string; kind: string; sortOrder: number }[]> {
    return this.db.client('global').product.findMany({ select: { id: true, kind: true, sortOrder: true }, orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] });
  }

  /** The products a client holds (its region's shard). */
  async heldBy(shard: TShard, clientUuid: string): Promise<string[]> {
    const rows = await this.db.client(shard).clientProduct.findMany({ where: { clientUuid }, select: { product: true } });
    return rows.map((r) => r.product);
  }
}
