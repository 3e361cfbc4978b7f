import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import { useBillingPayment } from '../api';
import { PlanSteps } from '../components/PlanSteps';
import { usePlanDraft } from '../draft';
// Issue 12, slice B: "contact support" leads to the inquiry form.
import { ContactSupportLink } from '../../../components/ContactSupportLink';

/** /plan/paymentinfo: skipped while the application needs no payment info (until billing exists; spec §4). */
export default function PlanPaymentInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft] = usePlanDraft();
  const state = useBillingPayment();
  if (!draft.checked) return <Navigate to="/plan/contractinfo" replace />;
  return (
    <QueryState query={state}>
      {(s) => (s.payment_required ? (
        <Stack gap="md" maw={900}>
          <Title order={2}>{t('route.plan_payment_info')}</Title>
          <PlanSteps active="payment" />
          <Alert color="orange" variant="light">{t('plans.payment_unavailable')} <ContactSupportLink /></Alert>
          <Group><Button variant="default" onClick={() => void navigate('/plan/contractinfo')}>{t('plans.back')}</Button></Group>
        </Stack>
      ) : <Navigate to="/plan/confirm" replace />)}
    </QueryState>
  );
}
