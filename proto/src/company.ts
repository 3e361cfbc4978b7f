import { z } from 'zod';
import { keyed } from './identity.js';
import type { TMessageRef } from './envelope.js';

/**
 * Company information (spec §3 Company, Client registration survey; §9 logo limits). Industry
 * lists: Japan uses the 19 divisions A–S of the Japan Standard Industrial Classification, each
 * with its sub-industries; other regions use a flat overseas list of 16 (no sub-industry).
 * Labels are SPA strings `industry.<id>`.
 */
export const DOMESTIC_INDUSTRIES = {
  agriculture_forestry: ['agriculture', 'forestry'],
  fisheries: ['fishing', 'aquaculture'],
  mining: ['mining_quarrying', 'gravel_extraction'],
  construction: ['general_construction', 'specialist_construction', 'equipment_installation'],
  manufacturing: ['food_manufacturing', 'textiles_apparel', 'chemicals_pharma', 'metals_machinery', 'electronics', 'automotive_parts', 'other_manufacturing'],
  utilities: ['electricity', 'gas', 'heat_water'],
  information_communications: ['telecommunications', 'broadcasting', 'software_it_services', 'internet_services', 'publishing_media'],
  transport_postal: ['road_freight', 'passenger_transport', 'warehousing_logistics', 'postal_courier'],
  wholesale_retail: ['wholesale', 'department_general_stores', 'apparel_retail', 'food_retail', 'ecommerce', 'other_retail'],
  finance_insurance: ['banking', 'securities', 'insurance', 'other_finance'],
  real_estate_rental: ['real_estate', 'goods_rental'],
  professional_services: ['research', 'legal_accounting', 'design_advertising', 'consulting'],
  accommodation_food: ['accommodation', 'restaurants'],
  lifestyle_entertainment: ['personal_services', 'entertainment', 'travel_agencies'],
  education: ['schools', 'learning_support'],
  medical_welfare: ['medical', 'health', 'social_welfare'],
  compound_services: ['postal_offices', 'cooperatives'],
  other_services: ['waste_management', 'staffing', 'building_maintenance', 'other_services_misc'],
  government: ['national_government', 'local_government'],
} as const satisfies Record<string, readonly string[]>;

export const OVERSEAS_INDUSTRIES = [
  'advertising_marketing', 'agriculture_food', 'automotive', 'construction_real_estate', 'overseas_education', 'energy_utilities',
  'overseas_finance', 'government_nonprofit', 'healthcare', 'hospitality_travel', 'it_software', 'overseas_manufacturing',
  'media_entertainment', 'overseas_professional_services', 'retail_ecommerce', 'transport_logistics',
] as const;

export const EMPLOYEE_BANDS = ['1-10', '11-30', '31-50', '51-100', '101-300', '301-500', '501-1000', 'over_1000'] as const;
/** Annual promotion budget: yen bands in Japan, hour bands overseas (spec §3). */
export const BUDGET_BANDS_YEN = ['yen_under_1m', 'yen_1m_10m', 'yen_10m_100m', 'yen_100m_1000m', 'yen_over_1000m'] as const;
export const BUDGET_BANDS_HOURS = ['hours_under_50', 'hours_50_100', 'hours_100_500', 'hours_500_1000', 'hours_over_1000'] as const;

/** The industry list and budget bands that apply to a company of this region. */
export function companyLists(region: string) {
  const domestic = region === 'jpn';
  return {
    domestic,
    industries: domestic ? (Object.keys(DOMESTIC_INDUSTRIES) as string[]) : [...OVERSEAS_INDUSTRIES],
    subIndustries: (main: string): readonly string[] => (domestic ? (DOMESTIC_INDUSTRIES as Record<string, readonly string[]>)[main] ?? [] : []),
    budgets: domestic ? [...BUDGET_BANDS_YEN] : [...BUDGET_BANDS_HOURS],
  };
}

/** Logo limits of spec §9. */
export const LOGO_LIMITS = { minSide: 160, maxSide: 1200, maxBytes: 2 * 1024 * 1024, output: 160, types: ['image/jpeg', 'image/png'] } as const;

/** Japan's corporate number: 13 digits, the first a check digit over the other 12 (National Tax Agency). */
export function validCorporateNumber(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const digits = value.slice(1).split('').map(Number);
  // Positions count from the right (1..12); odd positions weigh 1, even weigh 2.
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 2), 0);
  return Number(value[0]) === 9 - (sum % 9);
}

/** The size rule of spec §9 for an image of width × height: its message, or null when it fits. */
export function logoSizeProblem(width: number, height: number): TMessageRef | null {
  const small = width < LOGO_LIMITS.minSide || height < LOGO_LIMITS.minSide;
  const large = width > LOGO_LIMITS.maxSide || height > LOGO_LIMITS.maxSide;
  if (small && large) return { key: 'logo.size_range', params: { width, height } };
  if (small) return { key: 'logo.too_small' };
  if (large) return { key: 'logo.too_large' };
  return null;
}

/**
 * The largest square in the middle of a width × height image: where the company page's crop
 * starts (the whole logo, as far as a square holds it; spec §9's "160×160" is the size the crop is
 * saved at) and the server's crop when asked for the centre.
 */
export function centredSquare(width: number, height: number): { x: number; y: number; size: number } {
  const size = Math.min(width, height);
  return { x: Math.floor((width - size) / 2), y: Math.floor((height - size) / 2), size };
}

export const ZLogoCrop = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  size: z.number().int().min(LOGO_LIMITS.minSide).max(LOGO_LIMITS.maxSide),
});
export type TLogoCrop = z.infer<typeof ZLogoCrop>;

/** A logo upload: the file (base64), and the square to keep; checked again on the server. */
export const ZLogoUpload = z.object({
  /** Base64. The size limit is checked on the decoded bytes (logo.volume); the gateway's body limit bounds it. */
  content: z.string().min(1),
  crop: ZLogoCrop.optional(),
});

const text = (max: number) => z.string().trim().max(max);

/**
 * Regions whose addresses are written from the largest unit down (prefecture or province, then the
 * rest, no separator): the company form asks for the location first there, and the address reads
 * location + address. Elsewhere the street comes first and the state or province follows.
 */
const LOCATION_FIRST_REGIONS: ReadonlySet<string> = new Set(['jpn', 'chn', 'twn']);
export const locationFirst = (region: string): boolean => LOCATION_FIRST_REGIONS.has(region);

/** A company's postal address in its region's order: 東京都千代田区…, or "999 Sukhumvit Rd, Bangkok". */
export function postalAddress(region: string, address: string, location: string): string {
  const parts = [address.trim(), location.trim()].filter(Boolean);
  if (locationFirst(region)) return parts.reverse().join('');
  return parts.join(', ');
}

export const ZCompany = z.object({
  company_uuid: z.string(),
  region: z.string(),
  company_name: z.string(),
  phone: z.string(),
  address: z.string(),
  location: z.string(),
  representative: z.string(),
  corporate_number: z.string(),
  industry: z.string().nullable(),
  sub_industry: z.string().nullable(),
  employees: z.string().nullable(),
  budget: z.string().nullable(),
  logo_url: z.string().nullable(),
  logo_crop: ZLogoCrop.nullable(),
  /** Under licence review: nothing can change (spec §4). */
  locked: z.boolean(),
});
export type TCompany = z.infer<typeof ZCompany>;

export const ZCompanyUpdate = z.object({
  company_name: text(100).min(1),
  phone: text(20).regex(/^[0-9+\-() ]*$/, keyed('validation.phone')).min(1),
  address: text(200).default(''),
  location: text(100).default(''),
  representative: text(100).default(''),
  corporate_number: text(13).refine((v) => v === '' || validCorporateNumber(v), keyed('company.corporate_number_invalid')).default(''),
  industry: z.string().max(60).nullable().default(null),
  sub_industry: z.string().max(60).nullable().default(null),
  employees: z.enum(EMPLOYEE_BANDS).nullable().default(null),
  budget: z.enum([...BUDGET_BANDS_YEN, ...BUDGET_BANDS_HOURS]).nullable().default(null),
  /** A new logo; `remove_logo` clears it; neither keeps the current one. */
  logo: ZLogoUpload.optional(),
  remove_logo: z.boolean().default(false),
});
export type TCompanyUpdate = z.infer<typeof ZCompanyUpdate>;
