import { z } from 'zod';
import type { TLanguage, TPlanMasterPackageId, TRegion, TProductId } from './enums.js';
import { PLAN_MASTER_PACKAGE_IDS, PRODUCT_IDS, ZLanguage, ZRegion } from './enums.js';

export interface RegionProfile {
  /** Language used when the visitor has not chosen one. */
  defaultLanguage: TLanguage;
  /** Languages offered by the switcher in this region (spec §1). */
  languages: readonly TLanguage[];
  currency: 'JPY' | 'USD';
  nameOrder: 'family_first' | 'given_first';
  /** Products offered in this region (spec §3: overseas excludes cmp and lpbuilder; Malaysia only bownow). */
  products: readonly TProductId[];
  /**
   * Issue 22: package plans offered in this region (plan-master ids). A package plan is sold only
   * where every product it grants is offered too (the licence service checks its grants).
   */
  packages: readonly TPlanMasterPackageId[];
  /**
   * IANA time zone every time of this region's host is shown in (and the operation log's dates
   * mean). The United States spans several zones: the portal uses New York's (docs/decisions.md).
   * Billing dates are Asia/Tokyo everywhere, whatever this says.
   */
  timeZone: string;
}

const overseasProducts = PRODUCT_IDS.filter((p) => p !== 'cmp' && p !== 'lpbuilder');
const englishOnly = (timeZone: string): RegionProfile => ({
  defaultLanguage: 'en-us', languages: ['en-us'], currency: 'USD', nameOrder: 'given_first', products: overseasProducts, packages: PLAN_MASTER_PACKAGE_IDS, timeZone,
});

export const REGION_PROFILES: Record<TRegion, RegionProfile> = {
  jpn: { defaultLanguage: 'ja-jp', languages: ['ja-jp', 'en-us'], currency: 'JPY', nameOrder: 'family_first', products: PRODUCT_IDS, packages: PLAN_MASTER_PACKAGE_IDS, timeZone: 'Asia/Tokyo' },
  usa: englishOnly('America/New_York'),
  // Malaysia offers only bownow, so no package (each grants several products).
  mys: { ...englishOnly('Asia/Kuala_Lumpur'), products: ['bownow'], packages: [] },
  chn: englishOnly('Asia/Shanghai'),
  twn: englishOnly('Asia/Taipei'),
  vnm: { defaultLanguage: 'vi-vn', languages: ['vi-vn', 'en-us'], currency: 'USD', nameOrder: 'family_first', products: overseasProducts, packages: PLAN_MASTER_PACKAGE_IDS, timeZone: 'Asia/Ho_Chi_Minh' },
  tha: { defaultLanguage: 'th-th', languages: ['th-th', 'en-us'], currency: 'USD', nameOrder: 'given_first', products: overseasProducts, packages: PLAN_MASTER_PACKAGE_IDS, timeZone: 'Asia/Bangkok' },
  phl: englishOnly('Asia/Manila'),
  sgp: englishOnly('Asia/Singapore'),
  idn: englishOnly('Asia/Jakarta'),
  other: englishOnly('UTC'),
};

export const ZHostMapEntry = z.object({ region: ZRegion, language: ZLanguage.optional() });
/** Host name (no port) -> region. Configurable (HOST_MAP env, JSON); this is the default. */
export const ZHostMap = z.record(z.string(), ZHostMapEntry);
export type THostMap = z.infer<typeof ZHostMap>;

export const DEFAULT_HOST_MAP: THostMap = {
  localhost: { region: 'jpn' },
  '127.0.0.1': { region: 'jpn' },
  'portal.example.jp': { region: 'jpn' },
  'portal.example.com': { region: 'usa' },
  'my.portal.example.com': { region: 'mys' },
  'cn.portal.example.com': { region: 'chn' },
  'tw.portal.example.com': { region: 'twn' },
  'vn.portal.example.com': { region: 'vnm' },
  'th.portal.example.com': { region: 'tha' },
  'ph.portal.example.com': { region: 'phl' },
  'sg.portal.example.com': { region: 'sgp' },
  'id.portal.example.com': { region: 'idn' },
  'global.portal.example.com': { region: 'other' },
};

export interface HostLocale { region: TRegion; language: TLanguage; languages: readonly TLanguage[] }

/** The host name of a Host header: lower case, no port, no IPv6 brackets. */
export function hostName(host: string | undefined): string {
  return (host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
}

/**
 * Host aliases (HOST_ALIASES, JSON): another name for a host of the map, e.g. a `www.` name or a
 * load balancer's own name: `{"www.portal.example.jp": "portal.example.jp"}`.
 */
export const ZHostAliases = z.record(z.string(), z.string());
export type THostAliases = z.infer<typeof ZHostAliases>;

/**
 * Issue 24: region and language of a Host the map knows (directly or by an alias), or null. The
 * gateway answers an unknown host 404 instead of serving it as Japan (a silent default would put
 * a misrouted region's visitors into jpn's data).
 */
export function lookupHost(host: string | undefined, map: THostMap, aliases: THostAliases = {}): HostLocale | null {
  const name = hostName(host);
  const entry = map[name] ?? (aliases[name] !== undefined ? map[aliases[name]] : undefined);
  if (!entry) return null;
  const profile = REGION_PROFILES[entry.region];
  return { region: entry.region, language: entry.language ?? profile.defaultLanguage, languages: profile.languages };
}

/** Region and language for a Host header; unknown hosts fall back to jpn / ja-jp (the SPA's display default; the gateway refuses them, see lookupHost). */
export function resolveHost(host: string | undefined, map: THostMap = DEFAULT_HOST_MAP): HostLocale {
  const name = (host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  const entry = map[name] ?? map['localhost'] ?? { region: 'jpn' as const };
  const profile = REGION_PROFILES[entry.region];
  return { region: entry.region, language: entry.language ?? profile.defaultLanguage, languages: profile.languages };
}

/** A language the visitor asked for, if the region offers it; otherwise the region's default. */
export function pickLanguage(locale: HostLocale, requested: string | undefined | null): TLanguage {
  const wanted = (requested ?? '').toLowerCase();
  return (locale.languages as readonly string[]).includes(wanted) ? (wanted as TLanguage) : locale.language;
}
