import { z } from 'zod';
import { keyed } from './identity.js';
import type { TMessageRef } from './envelope.js';
import { ZSurvey } from './survey.js';

export {
  DOMESTIC_INDUSTRIES, OVERSEAS_INDUSTRY_TREE, OVERSEAS_INDUSTRIES, EMPLOYEE_BANDS, BUDGET_BANDS_YEN, BUDGET_BANDS_HOURS, POSITIONS, DIVISIONS,
  companyLists, validPostalCode, surveyProblems, ZSurvey, type TSurvey, type TSurveyAnswers,
} from './survey.js';

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
  postal_code: z.string(),
  position: z.string().nullable(),
  division: z.string().nullable(),
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
  /** Checked against the region's rule on the server (validPostalCode); the form checks it too. */
  postal_code: text(10).default(''),
  ...ZSurvey.shape,
  /** A new logo; `remove_logo` clears it; neither keeps the current one. */
  logo: ZLogoUpload.optional(),
  remove_logo: z.boolean().default(false),
});
export type TCompanyUpdate = z.infer<typeof ZCompanyUpdate>;
