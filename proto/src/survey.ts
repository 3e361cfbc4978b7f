import { z } from 'zod';
import type { TMessageRef } from './envelope.js';

/**
 * Company information and the registration survey (spec §3 Company, Client registration survey;
 * §9 logo limits). Industry lists: Japan uses the 19 divisions A–S of the Japan Standard Industrial
 * Classification, each with its sub-industries; other regions use an overseas list of 16, each with
 * its sub-industries too (a sub-industry id may appear under several main industries: it is only a
 * label, `industry.<id>`). Labels of every list are SPA strings.
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

/** Issue 22: the overseas list of 16, by the sectors overseas marketing teams name themselves by. */
export const OVERSEAS_INDUSTRY_TREE = {
  advertising_marketing: ['advertising_agency', 'digital_marketing', 'public_relations', 'market_research'],
  agriculture_food: ['agriculture', 'fishing', 'food_manufacturing', 'food_retail'],
  automotive: ['automotive_parts', 'vehicle_dealers'],
  construction_real_estate: ['general_construction', 'specialist_construction', 'real_estate', 'property_management'],
  overseas_education: ['schools', 'higher_education', 'learning_support', 'edtech'],
  energy_utilities: ['electricity', 'gas', 'heat_water', 'renewable_energy'],
  overseas_finance: ['banking', 'securities', 'insurance', 'fintech'],
  government_nonprofit: ['national_government', 'local_government', 'nonprofit'],
  healthcare: ['medical', 'pharmaceuticals', 'health', 'social_welfare'],
  hospitality_travel: ['accommodation', 'restaurants', 'travel_agencies'],
  it_software: ['software_it_services', 'internet_services', 'telecommunications', 'it_hardware'],
  overseas_manufacturing: ['food_manufacturing', 'textiles_apparel', 'chemicals_pharma', 'metals_machinery', 'electronics', 'other_manufacturing'],
  media_entertainment: ['broadcasting', 'publishing_media', 'entertainment', 'games'],
  overseas_professional_services: ['legal_accounting', 'consulting', 'design_advertising', 'staffing'],
  retail_ecommerce: ['department_general_stores', 'apparel_retail', 'food_retail', 'ecommerce', 'wholesale'],
  transport_logistics: ['road_freight', 'passenger_transport', 'warehousing_logistics', 'postal_courier', 'air_sea_transport'],
} as const satisfies Record<string, readonly string[]>;
export const OVERSEAS_INDUSTRIES = Object.keys(OVERSEAS_INDUSTRY_TREE) as (keyof typeof OVERSEAS_INDUSTRY_TREE)[];

export const EMPLOYEE_BANDS = ['1-10', '11-30', '31-50', '51-100', '101-300', '301-500', '501-1000', 'over_1000'] as const;
/** Annual promotion budget: yen bands in Japan, hour bands overseas (spec §3). */
export const BUDGET_BANDS_YEN = ['yen_under_1m', 'yen_1m_10m', 'yen_10m_100m', 'yen_100m_1000m', 'yen_over_1000m'] as const;
export const BUDGET_BANDS_HOURS = ['hours_under_50', 'hours_50_100', 'hours_100_500', 'hours_500_1000', 'hours_over_1000'] as const;
/** Spec §3 Client survey: the registrant's position (labels `company.position_<id>`). */
export const POSITIONS = ['manager', 'leader', 'person', 'other'] as const;
/** The registrant's division (labels `company.division_<id>`): a list, so that answers can be counted. */
export const DIVISIONS = ['executive', 'marketing', 'sales', 'public_relations', 'it', 'customer_support', 'administration', 'other'] as const;

/** The industry list and budget bands that apply to a company of this region. */
export function companyLists(region: string) {
  const domestic = region === 'jpn';
  const tree: Record<string, readonly string[]> = domestic ? DOMESTIC_INDUSTRIES : OVERSEAS_INDUSTRY_TREE;
  return {
    domestic,
    industries: Object.keys(tree),
    subIndustries: (main: string): readonly string[] => tree[main] ?? [],
    budgets: domestic ? [...BUDGET_BANDS_YEN] : [...BUDGET_BANDS_HOURS],
  };
}

/**
 * Postal codes (spec §5 "Zip: digits with optional hyphen"): half-width digits, at most one hyphen
 * between digits. In Japan exactly the 7 digits of 〒123-4567 (with or without the hyphen);
 * elsewhere 3 to 10 characters (US ZIP+4 12345-6789, Thailand 10110, Singapore 018956).
 */
export function validPostalCode(region: string, value: string): boolean {
  if (value === '') return true;
  if (region === 'jpn') return /^\d{3}-?\d{4}$/.test(value);
  return /^\d+(-\d+)?$/.test(value) && value.length >= 3 && value.length <= 10;
}

/** The survey's answers, as registration asks them (all required there) and the company page edits them. */
export interface TSurveyAnswers {
  position: string | null;
  division: string | null;
  industry: string | null;
  sub_industry: string | null;
  employees: string | null;
  budget: string | null;
}

/**
 * What is wrong with a survey for a company of `region`: a value not in its lists, a sub-industry
 * not under the chosen industry, and with `required` (full registration) an unanswered question.
 */
export function surveyProblems(region: string, answers: TSurveyAnswers, required: boolean): Record<string, TMessageRef[]> {
  const out: Record<string, TMessageRef[]> = {};
  const lists = companyLists(region);
  const missing = (field: keyof TSurveyAnswers) => { out[field] = [{ key: 'validation.choose', params: { field: `field.${field}` } }]; };
  if (answers.position !== null && !(POSITIONS as readonly string[]).includes(answers.position)) out.position = [{ key: 'company.position_invalid' }];
  if (answers.division !== null && !(DIVISIONS as readonly string[]).includes(answers.division)) out.division = [{ key: 'company.division_invalid' }];
  if (answers.industry !== null && !lists.industries.includes(answers.industry)) out.industry = [{ key: 'company.industry_invalid' }];
  const subs = answers.industry ? lists.subIndustries(answers.industry) : [];
  if (answers.sub_industry !== null && !subs.includes(answers.sub_industry)) out.sub_industry = [{ key: 'company.sub_industry_mismatch' }];
  if (answers.employees !== null && !(EMPLOYEE_BANDS as readonly string[]).includes(answers.employees)) out.employees = [{ key: 'company.employees_invalid' }];
  if (answers.budget !== null && !(lists.budgets as string[]).includes(answers.budget)) out.budget = [{ key: 'company.budget_invalid' }];
  if (required) {
    for (const field of ['position', 'division', 'industry', 'sub_industry', 'employees', 'budget'] as const) {
      if (answers[field] === null && !out[field]) missing(field);
    }
  }
  return out;
}

/** The survey fields of a request: each an id of its list (checked against the region's lists on the server). */
const surveyId = z.string().trim().max(60);
export const ZSurvey = z.object({
  position: surveyId.nullable().default(null),
  division: surveyId.nullable().default(null),
  industry: surveyId.nullable().default(null),
  sub_industry: surveyId.nullable().default(null),
  employees: surveyId.nullable().default(null),
  budget: surveyId.nullable().default(null),
});
export type TSurvey = z.infer<typeof ZSurvey>;
