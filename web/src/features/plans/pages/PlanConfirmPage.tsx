import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { productName, type TApplyPreview, type TLanguage } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useFormErrors } from '../../../lib/forms';
// Issue 11, slice C1: the next invoice with tax and FX.
import { NextInvoice } from '../components/NextInvoice';
import { useApply, useApplyPreview } from '../api';
import { PlanSteps } from '../components/PlanSteps';
import { usePlanDraft, type PlanDraft } from '../draft';
import { formatBusinessDate, formatMoney } from '../format';

/**
 * /plan/confirm: the preview the API computed (the month the change takes effect, the end of the
 * minimum term, any penalty, the amounts), the contract info, the terms and privacy agreements,
 * and the application. A paid plan goes to review (/plan/complete_reviewing).
 */
export default function PlanConfirmPage() {
  const [draft] = usePlanDraft();
  const choice = draft.plan_id ? { product: draft.product, plan_id: draft.plan_id, option_ids: draft.option_ids } : null;
  const preview = useApplyPreview(choice);
  if (!draft.plan_id) return <Navigate to="/plan/update" replace />;
  if (!draft.checked) return <Navigate to="/plan/contractinfo" replace />;
  return <QueryState query={preview}>{(p) => <Confirm preview={p} draft={draft} />}</QueryState>;
}

function Confirm({ preview, draft }: { preview: TApplyPreview; draft: PlanDraft }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const navigate = useNavigate();
  const apply = useApply();
  const form = useFormErrors();
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const money = (n: number) => formatMoney(n, preview.currency, language);
  const date = (d: string | null) => (d ? formatBusinessDate(d, language) : '—');
  const checked = draft.checked!;

  async function submit() {
    form.reset();
    if (!terms || !privacy) return form.setErrors({ agreements: [t('plans.agreements_required')] });
    try {
      const result = await apply.mutateAsync({
        product: draft.product, plan_id: draft.plan_id, option_ids: draft.option_ids,
        contract: {
          contract_kind: draft.contract.contract_kind, corporate_name: checked.corporate_name, representative: checked.representative,
          ...(draft.contract.search_id && checked.corporate_number ? { search_id: draft.contract.search_id, corporate_number: checked.corporate_number } : {}),
        },
        terms_agreed: true, privacy_agreed: true,
      });
      // The result page clears the draft (clearing it here would send this page back to the plan step first).
      void navigate(result.status === 'reviewing' ? '/plan/complete_reviewing' : '/plan/complete');
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t('route.plan_confirm')}</Title>
      <PlanSteps active="confirm" />
      <FormAlert message={form.message} />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Text fw={600}>{productName(preview.product)} — {preview.plan_name}</Text>
          {preview.grants.length > 0 && <Alert color="teal" variant="light" data-testid="confirm-grants">{t('plans.package_grants', { products: preview.grants.map(productName).join(', ') })}</Alert>}
          <Table aria-label={t('plans.items')}>
            <Table.Tbody>
              {preview.items.map((i) => (
                <Table.Tr key={i.plan_id}><Table.Td>{i.name}</Table.Td><Table.Td ta="right">{money(i.amount)}</Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Text size="sm">{t('plans.monthly_amount')}: <b>{money(preview.monthly_amount)}</b></Text>
            <Text size="sm">{t('plans.one_time_amount')}: <b>{money(preview.one_time_amount)}</b></Text>
            <Text size="sm" data-testid="effective-from">{t('plans.effective_from')}: <b>{date(preview.effective_from)}</b></Text>
            <Text size="sm">{t('plans.billing_start')}: <b>{date(preview.billing_start)}</b></Text>
            <Text size="sm" data-testid="minimum-term-end">{t('plans.minimum_term_end')}: <b>{date(preview.minimum_term_end)}</b></Text>
            <Text size="sm">{t('plans.penalty')}: <b>{preview.penalty_months ? t('plans.penalty_value', { months: preview.penalty_months, amount: money(preview.penalty_amount) }) : t('plans.no_penalty')}</b></Text>
          </SimpleGrid>
          {preview.replaces && <Text size="sm" c="dimmed">{t('plans.replaces', { plan: preview.replaces.plan_name, date: date(preview.replaces.ends_on) })}</Text>}
          <Text size="xs" c="dimmed">{t('plans.tax_excluded')}</Text>
          {preview.review_required && <Alert color="blue" variant="light">{t('plans.review_note')}</Alert>}
        </Stack>
      </Card>
      {preview.next_invoice && <NextInvoice invoice={preview.next_invoice} />}
      <Card withBorder radius="md" padding="lg">
        <Stack gap={4}>
          <Text fw={600}>{t('route.plan_contract_info')}</Text>
          <Text size="sm">{t('plans.contract_kind')}: {checked.contract_kind === 'corporation' ? t('plans.kind_corporation') : t('plans.kind_personal')}</Text>
          <Text size="sm">{t('plans.corporate_name')}: {checked.corporate_name}</Text>
          {checked.corporate_number && <Text size="sm">{t('plans.corporate_number')}: {checked.corporate_number}</Text>}
          {checked.location && <Text size="sm">{t('plans.location')}: {checked.location}</Text>}
          <Text size="sm">{t('plans.representative')}: {checked.representative}</Text>
        </Stack>
      </Card>
      <Stack gap={6}>
        <Checkbox label={t('plans.agree_terms')} checked={terms} onChange={(e) => setTerms(e.currentTarget.checked)} />
        <Checkbox label={t('plans.agree_privacy')} checked={privacy} onChange={(e) => setPrivacy(e.currentTarget.checked)} />
        {form.error('agreements') && <Text size="sm" c="red" role="alert">{form.error('agreements')}</Text>}
      </Stack>
      <Group justify="space-between">
        <Button variant="default" onClick={() => void navigate('/plan/contractinfo')}>{t('plans.back')}</Button>
        <Button loading={apply.isPending} onClick={() => void submit()}>{t('plans.apply')}</Button>
      </Group>
    </Stack>
  );
}
