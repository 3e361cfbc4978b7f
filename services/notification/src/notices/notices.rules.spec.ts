import { describe, expect, it } from 'vitest';
import { noticeFullyEditable, noticePublishStatus, noticeState } from '@portal/proto';
import { parseClientCsv, resolveAudience } from './notices.rules.js';

const A = '0b9f3c5e-7a1d-4c2e-9f00-000000000101';
const B = '0b9f3c5e-7a1d-4c2e-9f00-000000000102';
const paidA = { client_uuid: A, company_name: 'A', paid: true, partner_uuid: null };
const freeB = { client_uuid: B, company_name: 'B', paid: false, partner_uuid: null };

describe('notice rules (issue 12, slice B)', () => {
  it('reads a CSV of client UUIDs: header, blank lines, quotes, duplicates; names bad rows', () => {
    const parsed = parseClientCsv(`\uFEFFclient_uuid\r\n"${A.toUpperCase()}",x\n\n${B}\nnot-a-uuid\n${A}`);
    expect(parsed.uuids).toEqual([A, B]);
    expect(parsed.badRows).toEqual([5]);
    expect(parsed.rowOf.get(B)).toBe(4);
  });

  it('resolves each target and payment filter into who it reaches', () => {
    expect(resolveAudience('all', 'all', [], [])).toMatchObject({ reachesClients: true, reachesPartners: true, audience: 'every', rows: [] });
    expect(resolveAudience('partners', 'all', [], [])).toMatchObject({ reachesClients: false, reachesPartners: true, audience: 'every' });
    expect(resolveAudience('clients', 'all', [], [paidA])).toMatchObject({ reachesPartners: false, audience: 'every', rows: [] });
    expect(resolveAudience('clients', 'paid', [], [paidA])).toMatchObject({ audience: 'listed', rows: [expect.objectContaining({ clientUuid: A, selected: true })] });
    expect(resolveAudience('clients', 'free', [], [paidA])).toMatchObject({ audience: 'except', rows: [expect.objectContaining({ clientUuid: A, selected: true })] });
    const csvFree = resolveAudience('csv', 'free', [paidA, freeB], []);
    expect(csvFree.audience).toBe('listed');
    expect(csvFree.rows.map((r) => [r.clientUuid, r.named, r.selected])).toEqual([[A, true, false], [B, true, true]]);
    expect(resolveAudience('client', 'paid', [freeB], []).rows).toEqual([expect.objectContaining({ clientUuid: B, selected: false })]);
  });

  it('computes the publish status from the period (start inclusive, end exclusive)', () => {
    const start = new Date('2026-12-01T00:00:00Z');
    const end = new Date('2026-12-02T00:00:00Z');
    expect(noticePublishStatus(start, end, new Date('2026-11-30T23:59:59Z'))).toBe('before');
    expect(noticePublishStatus(start, end, start)).toBe('between');
    expect(noticePublishStatus(start, end, end)).toBe('after');
  });

  it('derives draft → scheduled → delivering → ended from the draft flag and the period (issue 25)', () => {
    const start = new Date('2026-12-01T00:00:00Z');
    const end = new Date('2026-12-02T00:00:00Z');
    // A draft stays a draft whatever its dates (and may have none).
    expect(noticeState(true, start, end, start)).toBe('draft');
    expect(noticeState(true, null, null, start)).toBe('draft');
    expect(noticeState(false, start, end, new Date('2026-11-30T23:59:59Z'))).toBe('scheduled');
    expect(noticeState(false, start, end, start)).toBe('delivering');
    expect(noticeState(false, start, end, end)).toBe('ended');
    expect(['draft', 'scheduled', 'delivering', 'ended'].map((s) => noticeFullyEditable(s as 'draft'))).toEqual([true, true, false, false]);
  });
});
