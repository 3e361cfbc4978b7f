import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TContractItem, TCurrency, TLanguage } from '@portal/proto';
import { formatBusinessMonth, formatMoney } from '../format';

/**
 * Issue 23, item 3: a metered item's price per billing unit, billed the month after use, and the
 * month's usage so far with what the month would bill at that pace. Nothing for a fixed item.
 */
export function MeteredUsage({ item, currency }: { item: TContractItem; currency: TCurrency }) {
  const { t, i18n } = useTranslation();
  const m = item.metered;
  if (!m) return null;
  const language = i18n.language as TLanguage;
  const count = (n: number) => new Intl.NumberFormat(language).format(n);
  return (
    <Text component="span" display="block" size="xs" c="dimmed" data-testid={`metered-${item.plan_id}`}>
      {t('plans.metered_price', { amount: formatMoney(item.amount, currency, language), value: count(m.unit_value), unit: m.unit })}
      {' '}
      {t('plans.metered_month_to_date', {
        usage: count(m.month_to_date), projected: count(m.projected_usage), unit: m.unit,
        amount: formatMoney(m.projected_amount, currency, language), month: formatBusinessMonth(m.billed_in, language),
      })}
    </Text>
  );
}
