import { useEffect } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TLanguage } from '@portal/proto';
import { renderMessage } from '../../../lib/server-messages';
import { useClientContracts } from '../api';
import { PlanSteps } from '../components/PlanSteps';
import { writeDraft } from '../draft';
// Issue 12, slice B: "contact support" leads to the inquiry form.
import { ContactSupportLink } from '../../../components/ContactSupportLink';

export type TPlanResult = 'complete' | 'complete_reviewing' | 'rejected';

const TITLE: Record<TPlanResult, string> = {
  complete: 'route.plan_complete', complete_reviewing: 'route.plan_complete_reviewing', rejected: 'route.plan_rejected',
};
const TEXT: Record<TPlanResult, string> = {
  complete: 'plans.complete_text', complete_reviewing: 'plans.complete_reviewing_text', rejected: 'plans.rejected_text',
};

/**
 * The flow's end pages and the rejected page (spec §2 /plan/complete, complete_reviewing,
 * rejected); /plan/underreview is PlanUnderReviewPage (issue 22: with the withdrawal).
 */
export default function PlanResultPage({ kind }: { kind: TPlanResult }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const list = useClientContracts();
  const reason = kind === 'rejected' ? list.data?.rejection_reason : null;
  const finished = kind === 'complete' || kind === 'complete_reviewing';
  // The application was sent: the flow starts afresh next time.
  useEffect(() => {
    if (finished) writeDraft(null);
  }, [finished]);
  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t(TITLE[kind])}</Title>
      {(kind === 'complete' || kind === 'complete_reviewing') && <PlanSteps active="complete" />}
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Text>{t(TEXT[kind])}</Text>
          {kind === 'rejected' && <Alert color="red" variant="light">{renderMessage(language, 'plan.rejected')} <ContactSupportLink /></Alert>}
          {reason && <Text size="sm">{t('plans.rejection_reason', { reason })}</Text>}
          <Group><Button component={Link} to="/plan/list">{t('plans.to_contracts')}</Button></Group>
        </Stack>
      </Card>
    </Stack>
  );
}
