import { Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import type { TLanguage } from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { useOptionList } from '../api';
import { PlanSteps } from '../components/PlanSteps';
import { usePlanDraft } from '../draft';
import { formatMoney } from '../format';

/**
 * /plan/options (the flow's option step): the options contractable with the chosen plan. Options
 * that cannot be combined with a checked one are disabled (the server refuses them as well).
 */
export default function PlanOptionsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const navigate = useNavigate();
  const [draft, update] = usePlanDraft();
  const options = useOptionList(draft.product, draft.plan_id);
  if (!draft.plan_id) return <Navigate to="/plan/update" replace />;

  const toggle = (id: string, on: boolean) =>
    update({ option_ids: on ? [...draft.option_ids, id] : draft.option_ids.filter((o) => o !== id), checked: null });

  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t('route.plan_options')}</Title>
      <PlanSteps active="option" />
      <Card withBorder radius="md" padding="lg">
        <QueryState query={options} isEmpty={(d) => d.options.length === 0} empty={t('plans.no_options')}>
          {(data) => (
            <Stack gap="xs">
              {data.options.map((o) => {
                const blocked = o.exclusive.some((x) => draft.option_ids.includes(x)) && !draft.option_ids.includes(o.id);
                return (
                  <Checkbox key={o.id} checked={draft.option_ids.includes(o.id)} disabled={blocked}
                    onChange={(e) => toggle(o.id, e.currentTarget.checked)}
                    label={`${o.name} — ${formatMoney(o.amount, o.currency, language)}${o.contract_kind === 'single_month' ? '' : t('plans.per_month')}`}
                    description={blocked ? t('plans.option_blocked') : o.explanation} />
                );
              })}
            </Stack>
          )}
        </QueryState>
        <Text size="xs" c="dimmed" mt="sm">{t('plans.tax_excluded')}</Text>
        <Text size="sm" mt="xs" component={Link} to="/plan/options_inquiry" c="blue">{t('plans.inquiry_options_link')}</Text>
      </Card>
      <Group justify="space-between">
        <Button variant="default" onClick={() => void navigate('/plan/update')}>{t('plans.back')}</Button>
        <Button onClick={() => void navigate('/plan/contractinfo')}>{t('plans.next')}</Button>
      </Group>
    </Stack>
  );
}
