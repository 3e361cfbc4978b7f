import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DIVISIONS, EMPLOYEE_BANDS, POSITIONS, companyLists, type TSurveyAnswers } from '@portal/proto';

interface SurveyFieldsProps {
  /** The company's region: its industry list (domestic or overseas) and budget bands (yen or hours). */
  region: string;
  value: TSurveyAnswers;
  onChange: (patch: Partial<TSurveyAnswers>) => void;
  error: (field: keyof TSurveyAnswers) => string | undefined;
  /** Full registration asks every question; the company page lets each be cleared. */
  required?: boolean;
}

/**
 * The registration survey of spec §3 Client (issue 22): position, division, industry with its
 * sub-industry, employees and the annual promotion budget, from the region's lists in proto.
 * Asked at full registration, edited on /company; meant for a two-column grid.
 */
export function SurveyFields({ region, value, onChange, error, required = false }: SurveyFieldsProps) {
  const { t } = useTranslation();
  const lists = companyLists(region);
  const subs = value.industry ? lists.subIndustries(value.industry) : [];
  const common = { placeholder: t('company.not_selected'), clearable: !required, required, comboboxProps: { withinPortal: true } } as const;
  return (
    <>
      <Select {...common} label={t('company.position')} value={value.position} error={error('position')}
        data={POSITIONS.map((id) => ({ value: id, label: t(`company.position_${id}`) }))} onChange={(v) => onChange({ position: v })} />
      <Select {...common} label={t('company.division')} value={value.division} error={error('division')}
        data={DIVISIONS.map((id) => ({ value: id, label: t(`company.division_${id}`) }))} onChange={(v) => onChange({ division: v })} />
      <Select {...common} label={t('company.industry')} value={value.industry} error={error('industry')} searchable
        data={lists.industries.map((id) => ({ value: id, label: t(`industry.${id}`) }))} onChange={(v) => onChange({ industry: v, sub_industry: null })} />
      <Select {...common} label={t('company.sub_industry')} value={value.sub_industry} error={error('sub_industry')} disabled={!subs.length}
        data={subs.map((id) => ({ value: id, label: t(`industry.${id}`) }))} onChange={(v) => onChange({ sub_industry: v })} />
      <Select {...common} label={t('company.employees')} value={value.employees} error={error('employees')}
        data={EMPLOYEE_BANDS.map((b) => ({ value: b, label: b === 'over_1000' ? t('company.over_1000') : t('company.people', { range: b.replace('-', '–') }) }))}
        onChange={(v) => onChange({ employees: v })} />
      <Select {...common} label={t('company.budget')} description={lists.domestic ? undefined : t('company.budget_hours_help')} value={value.budget} error={error('budget')}
        data={lists.budgets.map((id) => ({ value: id, label: t(`budget.${id}`) }))} onChange={(v) => onChange({ budget: v })} />
    </>
  );
}
