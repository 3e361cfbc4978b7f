import { Inject, Injectable, Optional } from '@nestjs/common';
import { AccessCode, type TMaintenanceSet, type TMaintenanceStatus } from '@portal/proto';
import { ServiceError } from '@portal/service-common/errors';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { recordOperation } from '@portal/service-common/audit';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import type { Tx } from '../db.js';
import { MaintenanceRepository, type MaintenanceRow } from './maintenance.repository.js';

/** Issue 24: whether this install runs on sandboxes on purpose (production-guard.ts testMode). */
export const TEST_MODE = Symbol('TestMode');

/** How long an instance trusts its copy of the flag; other instances see a change within this. */
const CACHE_MS = 1_000;

@Injectable()
export class MaintenanceService {
  private cached?: { row: MaintenanceRow; at: number };

  constructor(
    @Inject(MaintenanceRepository) private readonly repository: MaintenanceRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Optional() @Inject(TEST_MODE) private readonly testMode: boolean = false,
  ) {}

  /** 20000 with maintenance false, or 50001 with the window while an operator has it on. */
  async status(): Promise<TMaintenanceStatus> {
    const row = await this.current();
    const window = row.startsAt && row.endsAt ? { starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString() } : null;
    if (row.enabled) throw new ServiceError(AccessCode.MAINTENANCE, 'status.maintenance', undefined, undefined, { maintenance: true, window });
    return { maintenance: false, window: null, ...(this.testMode ? { test_mode: true } : {}) };
  }

  async set(input: TMaintenanceSet): Promise<TMaintenanceStatus> {
    if (input.starts_at && input.ends_at && Date.parse(input.ends_at) <= Date.parse(input.starts_at)) {
      throw ServiceError.form({ ends_at: [{ key: 'validation.invalid', params: { field: 'field.ends_at' } }] });
    }
    const row: MaintenanceRow = {
      enabled: input.maintenance,
      startsAt: input.starts_at ? new Date(input.starts_at) : null,
      endsAt: input.ends_at ? new Date(input.ends_at) : null,
    };
    await this.repository.set(row);
    // Issue 25: who switched it, in the audit log (the global shard: maintenance is portal-wide).
    await this.uow.run('global', (tx) => recordOperation(tx, {
      shard: 'global', clientUuid: null, accountUuid: null, operation: 'maintenance_changed', detail: { after: { maintenance: row.enabled } }, target: { type: 'maintenance', id: null },
    }));
    this.cached = { row, at: this.clock.now().getTime() };
    return { maintenance: row.enabled, window: row.startsAt && row.endsAt ? { starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString() } : null };
  }

  private async current(): Promise<MaintenanceRow> {
    const now = this.clock.now().getTime();
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.row;
    const row = await this.repository.get();
    this.cached = { row, at: now };
    return row;
  }
}
