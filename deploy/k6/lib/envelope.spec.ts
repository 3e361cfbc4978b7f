import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module shared with k6 (no types)
import { EXPECTED_STATUSES, maintenanceStatusVerdict } from './envelope.js';

const envelope = (code: number, extra: Record<string, unknown>) => ({ result: { access_status: { code, message: 'm' }, ...extra } });

describe('k6 maintenance-status checks', () => {
  it('accept a normal answer and a maintenance answer alike', () => {
    expect(EXPECTED_STATUSES).toEqual([200, 503]);
    const all = { statusMatchesCode: true, envelope: true, maintenanceFlag: true };
    expect(maintenanceStatusVerdict(200, envelope(20000, { maintenance: false, window: null }))).toEqual(all);
    expect(maintenanceStatusVerdict(503, envelope(50001, { maintenance: true, window: { starts_at: 'x' } }))).toEqual(all);
  });

  it('refuse a status that disagrees with the code, a non-envelope and a wrong flag', () => {
    expect(maintenanceStatusVerdict(200, envelope(50001, { maintenance: true })).statusMatchesCode).toBe(false);
    expect(maintenanceStatusVerdict(503, envelope(20000, { maintenance: false })).statusMatchesCode).toBe(false);
    expect(maintenanceStatusVerdict(500, envelope(50000, {}))).toEqual({ statusMatchesCode: false, envelope: false, maintenanceFlag: false });
    expect(maintenanceStatusVerdict(502, null)).toEqual({ statusMatchesCode: false, envelope: false, maintenanceFlag: false });
    expect(maintenanceStatusVerdict(200, envelope(20000, { maintenance: true })).maintenanceFlag).toBe(false);
  });
});
