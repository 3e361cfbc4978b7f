import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_DB, type ServiceDb } from '@portal/service-common/service-db';
import type { PrismaClient } from '../generated/prisma/client.js';

/** The product master (global shard): kinds, trial lengths and display order (the licences are licences/licences.repository.ts). */
@Injectable()
export class ProductsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: ServiceDb<PrismaClient>) {}

  master(): Promise<{ id: string; kind: string; sortOrder: number }[]> {
    return this.db.client('global').product.findMany({ select: { id: true, kind: true, sortOrder: true }, orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] });
  }
}
