import { describe, expect, it } from 'vitest';
import {
  BUDGET_BANDS_HOURS, BUDGET_BANDS_YEN, DOMESTIC_INDUSTRIES, OVERSEAS_INDUSTRIES, OVERSEAS_INDUSTRY_TREE, companyLists, surveyProblems, validPostalCode,
  type TSurveyAnswers,
} from './survey.js';

const none: TSurveyAnswers = { position: null, division: null, industry: null, sub_industry: null, employees: null, budget: null };
const keys = (o: Record<string, unknown>) => Object.keys(o).sort();

describe('registration survey lists (spec §3 Client)', () => {
  it('has 19 domestic and 16 overseas main industries, each with its sub-industries', () => {
    expect(Object.keys(DOMESTIC_INDUSTRIES)).toHaveLength(19);
    expect(OVERSEAS_INDUSTRIES).toHaveLength(16);
    for (const subs of [...Object.values(DOMESTIC_INDUSTRIES), ...Object.values(OVERSEAS_INDUSTRY_TREE)]) expect(subs.length).toBeGreaterThanOrEqual(2);
  });

  it('gives Japan the domestic list and yen bands, every other region the overseas list and hour bands', () => {
    expect(companyLists('jpn').industries).toHaveLength(19);
    expect(companyLists('jpn').budgets).toEqual([...BUDGET_BANDS_YEN]);
    expect(companyLists('tha').industries).toEqual([...OVERSEAS_INDUSTRIES]);
    expect(companyLists('usa').budgets).toEqual([...BUDGET_BANDS_HOURS]);
    expect(companyLists('usa').subIndustries('it_software')).toContain('software_it_services');
    expect(companyLists('jpn').subIndustries('it_software')).toEqual([]);
  });
});

describe('survey answers', () => {
  const japan: TSurveyAnswers = { position: 'manager', division: 'marketing', industry: 'manufacturing', sub_industry: 'electronics', employees: '31-50', budget: 'yen_1m_10m' };

  it('accepts a complete answer from the region\'s lists', () => {
    expect(surveyProblems('jpn', japan, true)).toEqual({});
    expect(surveyProblems('tha', { ...japan, industry: 'hospitality_travel', sub_industry: 'accommodation', budget: 'hours_50_100' }, true)).toEqual({});
  });

  it('refuses another region\'s list, a sub-industry of another industry and unknown values', () => {
    expect(keys(surveyProblems('usa', japan, false))).toEqual(['budget', 'industry', 'sub_industry']);
    expect(surveyProblems('jpn', { ...japan, sub_industry: 'banking' }, false)).toEqual({ sub_industry: [{ key: 'company.sub_industry_mismatch' }] });
    expect(keys(surveyProblems('jpn', { ...japan, position: 'ceo', division: 'x', employees: '2000' }, false))).toEqual(['division', 'employees', 'position']);
  });

  it('asks every question at registration, none on the company page', () => {
    expect(keys(surveyProblems('jpn', none, true))).toEqual(['budget', 'division', 'employees', 'industry', 'position', 'sub_industry']);
    expect(surveyProblems('jpn', none, true).position).toEqual([{ key: 'validation.choose', params: { field: 'field.position' } }]);
    expect(surveyProblems('jpn', none, false)).toEqual({});
  });
});

describe('postal code (spec §5 zip: digits with an optional hyphen)', () => {
  it('takes 7 half-width digits in Japan, with or without the hyphen', () => {
    for (const ok of ['100-0005', '1000005', '']) expect(validPostalCode('jpn', ok), ok).toBe(true);
    for (const bad of ['100-000', '１００-０００５', '100 0005', '10-00005', '〒100-0005', '100--0005']) expect(validPostalCode('jpn', bad), bad).toBe(false);
  });

  it('takes 3 to 10 digits with at most one hyphen between digits elsewhere', () => {
    for (const ok of ['10110', '94105-1234', '018956', '1000']) expect(validPostalCode('usa', ok), ok).toBe(true);
    for (const bad of ['12', 'SW1A 1AA', '-10110', '10110-', '1-2-3', '12345678901']) expect(validPostalCode('tha', bad), bad).toBe(false);
  });
});
