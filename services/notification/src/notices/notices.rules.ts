import type { TClientStanding, TNoticePayment, TNoticeTarget } from '@portal/proto';

/** How a notice's audience is stored (schema.prisma, model Notice). */
export interface NoticeAudience {
  reachesClients: boolean;
  reachesPartners: boolean;
  audience: 'every' | 'listed' | 'except';
  /** notice_targets rows. */
  rows: { clientUuid: string; companyName: string; named: boolean; selected: boolean }[];
}

type TStandingRow = TClientStanding['clients'][number];

/** Reads a CSV target: one client UUID a row (first column), an optional header. Bad rows are named (1-based). */
export function parseClientCsv(csv: string): { uuids: string[]; badRows: number[]; rowOf: Map<string, number> } {
  const uuids: string[] = [];
  const badRows: number[] = [];
  const rowOf = new Map<string, number>();
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  lines.forEach((line, index) => {
    const cell = (line.split(',')[0] ?? '').trim().replace(/^"|"$/g, '').trim().toLowerCase();
    if (cell === '') return;
    if (index === 0 && cell === 'client_uuid') return;
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(cell)) { badRows.push(index + 1); return; }
    if (!rowOf.has(cell)) { rowOf.set(cell, index + 1); uuids.push(cell); }
  });
  return { uuids, badRows, rowOf };
}

const matches = (payment: TNoticePayment, paid: boolean) => payment === 'all' || (payment === 'paid') === paid;

/**
 * Who a notice reaches, from its target and payment filter and the licence service's answer:
 * `named` the clients a one-client or CSV target lists (with their standing), `paid` every paid
 * client (for the all-clients target with a filter).
 */
export function resolveAudience(target: TNoticeTarget, payment: TNoticePayment, named: readonly TStandingRow[], paid: readonly TStandingRow[]): NoticeAudience {
  switch (target) {
    case 'all': return { reachesClients: true, reachesPartners: true, audience: 'every', rows: [] };
    case 'partners': return { reachesClients: false, reachesPartners: true, audience: 'every', rows: [] };
    case 'clients':
      if (payment === 'all') return { reachesClients: true, reachesPartners: false, audience: 'every', rows: [] };
      // Paid only: the paid clients; free only: everyone but them.
      return {
        reachesClients: true, reachesPartners: false, audience: payment === 'paid' ? 'listed' : 'except',
        rows: paid.map((c) => ({ clientUuid: c.client_uuid, companyName: c.company_name, named: false, selected: true })),
      };
    case 'client':
    case 'csv':
      return {
        reachesClients: true, reachesPartners: false, audience: 'listed',
        rows: named.map((c) => ({ clientUuid: c.client_uuid, companyName: c.company_name, named: true, selected: matches(payment, c.paid) })),
      };
    default: return target satisfies never;
  }
}
