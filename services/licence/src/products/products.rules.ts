import { PRODUCT_IDS, REGION_PROFILES, type TProductId, type TRegion } from '@portal/proto';

/**
 * The products of `ids` that the region offers (spec §3: overseas excludes cmp and lpbuilder,
 * Malaysia has only bownow), once each, in the product master's order (`master`, by sort order);
 * a product the master does not list yet goes last, in proto's order.
 */
export function offeredInMasterOrder(region: TRegion, ids: readonly string[], master: readonly { id: string }[]): TProductId[] {
  const offered = new Set<string>(REGION_PROFILES[region].products);
  const index = new Map(master.map((m, i) => [m.id, i]));
  const rank = (p: TProductId) => index.get(p) ?? master.length + PRODUCT_IDS.indexOf(p);
  return [...new Set(ids)].filter((p): p is TProductId => offered.has(p)).sort((a, b) => rank(a) - rank(b));
}
