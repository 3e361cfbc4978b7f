import { useState } from 'react';
import { Alert, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LICENCE_ROUTES, evaluatePolicy, productName, type TLanguage, type TPendingApplication } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors } from '../../../lib/forms';
import { renderMessage } from '../../../lib/server-messages';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useClientContracts, useWithdrawApplication } from '../api';
import { formatBusinessDate, formatMoney } from '../format';

/**
 * /plan/underreview (spec §2; issue 22): the application waiting for the operator's review, what
 * it is for, and (owners) withdrawing it: the client leaves review at once, is mailed, and the
 * operation log records it. Without an application under review the page says so.
 */
export default function PlanUnderReviewPage() {
  const { t } = useTranslation();
  const list = useClientContracts();
  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t('route.plan_under_review')}</Title>
      <QueryState query={list}>
        {(data) => (data.pending_application ? <Pending application={data.pending_application} /> : (
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Text>{t('plans.nothing_under_review')}</Text>
              <Group><Button component={Link} to="/plan/list">{t('plans.to_contracts')}</Button></Group>
            </Stack>
          </Card>
        ))}
      </QueryState>
    </Stack>
  );
}

function Pending({ application }: { application: TPendingApplication }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const { dateTime } = useDateTime();
  const { principal } = useSession();
  const mayWithdraw = evaluatePolicy(LICENCE_ROUTES.planWithdraw.policy, principal) === 'allow';
  const [confirming, setConfirming] = useState(false);
  const product = productName(application.product);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Text>{t('plans.under_review_text')}</Text>
        <Alert color="orange" variant="light">{renderMessage(language, 'plan.under_review')}</Alert>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" data-testid="pending-application">
          <Text size="sm">{t('plans.product')}: <b>{product}</b></Text>
          <Text size="sm">{t('plans.plan')}: <b>{application.plan_name}</b></Text>
          <Text size="sm">{t('plans.monthly_amount')}: <b>{t('plans.amount_excl_tax', { amount: formatMoney(application.monthly_amount, application.currency, language) })}</b></Text>
          <Text size="sm">{t('plans.effective_from')}: <b>{formatBusinessDate(application.effective_from, language)}</b></Text>
          <Text size="sm">{t('plans.applied_at')}: <b>{dateTime(application.created_at)}</b></Text>
        </SimpleGrid>
        <Group justify="space-between">
          <Button variant="default" component={Link} to="/plan/list">{t('plans.to_contracts')}</Button>
          {mayWithdraw && <Button color="red" variant="light" onClick={() => setConfirming(true)}>{t('plans.withdraw')}</Button>}
        </Group>
        {!mayWithdraw && <Text size="xs" c="dimmed">{t('plans.withdraw_owner_only')}</Text>}
      </Stack>
      {confirming && <WithdrawDialog application={application} onClose={() => setConfirming(false)} />}
    </Card>
  );
}

function WithdrawDialog({ application, onClose }: { application: TPendingApplication; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const withdraw = useWithdrawApplication();
  const form = useFormErrors();
  const product = productName(application.product);
  async function confirm() {
    form.reset();
    try {
      await withdraw.mutateAsync({ application_id: application.id });
      toast(t('plans.withdrawn', { product, plan: application.plan_name }), 'success');
      onClose();
      void navigate('/plan/list');
    } catch (error) {
      form.fromError(error);
    }
  }
  return (
    <Modal opened onClose={onClose} title={t('plans.withdraw_title', { product, plan: application.plan_name })} centered>
      <Stack gap="sm">
        <FormAlert message={form.message} />
        <Text size="sm">{t('plans.withdraw_text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button color="red" loading={withdraw.isPending} onClick={() => void confirm()}>{t('plans.withdraw_confirm')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
