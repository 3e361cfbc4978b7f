import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_DB, type ServiceDb } from '@portal/service-common/service-db';
import type { PrismaClient } from '../generated/prisma/client.js';

export interface MaintenanceRow { enabled: boolean; startsAt: Date | null; endsAt: Date | null }

/** The maintenance flag is operator-wide: it lives in the global shard. */
@Injectable()
export class MaintenanceRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: ServiceDb<PrismaClient>) {}

  async get(): Promise<MaintenanceRow> {
    const row = await this.db.client('global').maintenanceWindow.findUnique({ where: { id: 1 } });
    return row ?? { enabled: false, startsAt: null, endsAt: null };
  }

  async set(row: MaintenanceRow): Promise<void> {
    await this.db.client('global').maintenanceWindow.upsert({ where: { id: 1 }, create: { id: 1, ...row }, update: row });
  }
}
