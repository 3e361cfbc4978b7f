import { Button, Card, Group, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { REGION_PROFILES, SPA_ROUTES, evaluatePolicy, productName, type TLanguage } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useFormErrors } from '../../../lib/forms';
import { currentLocale } from '../../../lib/locale';
import { useSession } from '../../../lib/use-session';
import { useBaseList } from '../api';
import { PlanSteps } from '../components/PlanSteps';
import { usePlanDraft } from '../draft';
import { formatMoney } from '../format';
import { PackageGrants } from '../components/PackageGrants';

/**
 * /plan/update (the flow's plan step): a product and one of its plans (spec §5: a plan must be
 * chosen when a product is). The flow's gate (PlanFlowGate) has already sent a client under
 * review, a rejected client and an account that may not apply elsewhere.
 */
export default function PlanUpdatePage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const navigate = useNavigate();
  const [draft, update] = usePlanDraft();
  const plans = useBaseList(draft.product);
  const form = useFormErrors();
  const profile = REGION_PROFILES[currentLocale().region];
  // The region's products, then its packages (issue 22; a package's plans grant several products).
  const choices = [
    { group: t('plans.products_group'), items: profile.products.map((p) => ({ value: p, label: productName(p) })) },
    ...(profile.packages.length ? [{ group: t('plans.packages_group'), items: profile.packages.map((p) => ({ value: p, label: productName(p) })) }] : []),
  ];
  const { principal } = useSession();
  const bownowInquiry = SPA_ROUTES.find((r) => r.name === 'plan_bownow_inquiry');
  const mayAskBownow = !!bownowInquiry && evaluatePolicy(bownowInquiry.policy, principal) === 'allow';

  function next() {
    form.reset();
    if (!draft.product) return form.setErrors({ product: [t('plans.product_required')] });
    if (!draft.plan_id) return form.setErrors({ plan_id: [t('plans.plan_required')] });
    void navigate('/plan/options');
  }

  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t('route.plan_update')}</Title>
      <PlanSteps active="plan" />
      <FormAlert message={form.message} />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Select
            label={t('plans.product')} placeholder={t('plans.choose_product')} required
            data={choices} value={draft.product || null}
            onChange={(p) => update({ product: p ?? '', plan_id: '', option_ids: [], checked: null })}
            error={form.error('product')} comboboxProps={{ withinPortal: true }}
          />
          {draft.product && (
            <QueryState query={plans} isEmpty={(d) => d.plans.length === 0} empty={t('plans.no_plans')}>
              {(data) => (
                <Radio.Group label={t('plans.plan')} required value={draft.plan_id} error={form.error('plan_id')}
                  onChange={(id) => update({ plan_id: id, option_ids: [], checked: null })}>
                  <Stack gap="xs" mt={6}>
                    {data.plans.map((p) => (
                      <Radio key={p.id} value={p.id} label={`${p.name} — ${formatMoney(p.amount, p.currency, language)}${t('plans.per_month')}`}
                        description={(
                          <>
                            {[p.explanation, p.initial_cost ? t('plans.initial_cost', { amount: formatMoney(p.initial_cost.amount, p.currency, language) }) : ''].filter(Boolean).join(' ')}
                            <PackageGrants grants={p.grants} />
                          </>
                        )} />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
            </QueryState>
          )}
          <Text size="xs" c="dimmed">{t('plans.tax_excluded')}</Text>
          <Group gap="md">
            <Text size="sm" component={Link} to="/plan/inquiry" c="blue">{t('plans.inquiry_plan_link')}</Text>
            {draft.product === 'bownow' && mayAskBownow && <Text size="sm" component={Link} to="/plan/bownowinquiry" c="blue">{t('route.plan_bownow_inquiry')}</Text>}
          </Group>
        </Stack>
      </Card>
      <Group justify="space-between">
        <Button variant="default" onClick={() => void navigate('/plan/list')}>{t('plans.back')}</Button>
        <Button onClick={next}>{t('plans.next')}</Button>
      </Group>
    </Stack>
  );
}
