import { useState } from 'react';
import { Alert, Button, Card, Group, Radio, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ZContractInfo, type TContractInfoView, type TCorporateSearchResult } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useFormErrors, validate } from '../../../lib/forms';
import { useCheckContractInfo, useContractInfo, useCorporateSearch } from '../api';
import { PlanSteps } from '../components/PlanSteps';
import { usePlanDraft } from '../draft';

/**
 * /plan/contractinfo (contract_basic): personal or corporation, and the representative. A
 * corporation is searched in the corporate-number directory and one candidate chosen; its name,
 * number and location are then fixed until the next search (spec §5).
 */
export default function PlanContractInfoPage() {
  const [draft] = usePlanDraft();
  const info = useContractInfo();
  if (!draft.plan_id) return <Navigate to="/plan/update" replace />;
  return <QueryState query={info}>{(loaded) => <ContractInfoForm info={loaded} />}</QueryState>;
}

function ContractInfoForm({ info }: { info: TContractInfoView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, update] = usePlanDraft();
  const search = useCorporateSearch();
  const check = useCheckContractInfo();
  const form = useFormErrors();
  const [results, setResults] = useState<TCorporateSearchResult | null>(null);
  // The form starts from the company's information until something is typed.
  const fresh = !draft.contract.corporate_name && !draft.contract.representative && !draft.contract.search_id;
  const contract = fresh
    ? { ...draft.contract, contract_kind: info.contract_kind, corporate_name: info.corporate_name, representative: info.representative }
    : draft.contract;
  const setContract = (patch: Partial<typeof contract>) => update({ contract: { ...contract, ...patch }, checked: null });

  const corporation = contract.contract_kind === 'corporation' && info.search_available;

  async function runSearch() {
    form.reset();
    const name = contract.corporate_name.trim();
    if (!name) return form.setErrors({ corporate_name: [t('plans.search_name_required')] });
    try {
      const found = await search.mutateAsync({ corporate_name: name });
      setResults(found);
      // A new search un-fixes the previous choice.
      setContract({ search_id: found.search_id, chosen: null });
    } catch (error) {
      setResults(null);
      setContract({ search_id: null, chosen: null });
      form.fromError(error);
    }
  }

  async function next() {
    form.reset();
    const input = {
      contract_kind: contract.contract_kind,
      corporate_name: corporation ? (contract.chosen?.name ?? contract.corporate_name) : contract.corporate_name,
      representative: contract.representative,
      ...(corporation && contract.search_id ? { search_id: contract.search_id } : {}),
      ...(corporation && contract.chosen ? { corporate_number: contract.chosen.corporate_number } : {}),
    };
    if (corporation && !contract.chosen) return form.setErrors({ corporate_number: [t('plans.choose_candidate')] });
    const valid = validate(ZContractInfo, input);
    if (!valid.ok) return form.setErrors(valid.errors);
    try {
      const checked = await check.mutateAsync(valid.data);
      update({ checked });
      void navigate('/plan/paymentinfo');
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t('route.plan_contract_info')}</Title>
      <PlanSteps active="contract" />
      <FormAlert message={form.message} />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Text size="sm" fw={500}>{t('plans.contract_kind')}</Text>
          <SegmentedControl
            value={contract.contract_kind}
            onChange={(v) => setContract({ contract_kind: v as typeof contract.contract_kind, search_id: null, chosen: null })}
            data={[{ value: 'corporation', label: t('plans.kind_corporation') }, { value: 'personal', label: t('plans.kind_personal') }]}
          />
          <Group align="flex-end" gap="xs">
            <TextInput
              style={{ flex: 1 }} required
              label={corporation ? t('plans.corporate_name') : t('plans.personal_name')}
              description={corporation ? t('plans.corporate_name_help') : undefined}
              value={contract.corporate_name}
              onChange={(e) => setContract({ corporate_name: e.currentTarget.value })}
              error={form.error('corporate_name')}
            />
            {corporation && <Button variant="light" loading={search.isPending} onClick={() => void runSearch()}>{t('plans.search')}</Button>}
          </Group>
          {corporation && results && !contract.chosen && (
            <Radio.Group label={t('plans.candidates', { total: results.total })} onChange={(number) => setContract({ chosen: results.candidates.find((c) => c.corporate_number === number) ?? null })}>
              <Stack gap={6} mt={6}>
                {results.candidates.map((c) => (
                  <Radio key={c.corporate_number} value={c.corporate_number} label={`${c.name}（${c.corporate_number}）`} description={c.location} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {corporation && contract.chosen && (
            <Alert color="blue" variant="light" title={t('plans.chosen_title')} data-testid="chosen-corporation">
              <Text size="sm">{t('plans.corporate_name')}: {contract.chosen.name}</Text>
              <Text size="sm">{t('plans.corporate_number')}: {contract.chosen.corporate_number}</Text>
              <Text size="sm">{t('plans.location')}: {contract.chosen.location}</Text>
              <Text size="xs" c="dimmed" mt={4}>{t('plans.chosen_help')}</Text>
            </Alert>
          )}
          {corporation && form.error('corporate_number') && <Text size="sm" c="red" role="alert">{form.error('corporate_number')}</Text>}
          <TextInput
            required label={t('plans.representative')} description={t('plans.representative_help')}
            value={contract.representative} onChange={(e) => setContract({ representative: e.currentTarget.value })} error={form.error('representative')}
          />
        </Stack>
      </Card>
      <Group justify="space-between">
        <Button variant="default" onClick={() => void navigate('/plan/options')}>{t('plans.back')}</Button>
        <Button loading={check.isPending} onClick={() => void next()}>{t('plans.next')}</Button>
      </Group>
    </Stack>
  );
}
