import type { TRateStatus } from '@portal/proto';

/**
 * Status of each history row, judged at `now` (a date for tax rates, an instant for FX rates):
 * per group, the latest row at or before `now` is in force, earlier ones are past, later ones scheduled.
 */
export function rateStatuses<T extends { id: string }, K extends string | number>(
  rows: readonly T[], group: (row: T) => string, at: (row: T) => K, now: K,
): Map<string, TRateStatus> {
  const inForce = new Map<string, T>();
  for (const row of rows) {
    if (at(row) > now) continue;
    const best = inForce.get(group(row));
    if (!best || at(row) > at(best)) inForce.set(group(row), row);
  }
  const status = new Map<string, TRateStatus>();
  for (const row of rows) {
    const current = inForce.get(group(row));
    status.set(row.id, at(row) > now ? 'scheduled' : current?.id === row.id ? 'in_force' : 'past');
  }
  return status;
}
