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

export type TPlanResult = 'complete' | 'complete_reviewing' | 'under_review' | 'rejected';

const TITLE: Record<TPlanResult, string> = {
  complete: 'route.plan_complete', complete_reviewing: 'route.plan_complete_reviewing', under_review: 'route.plan_under_review', rejected: 'route.plan_rejected',
};
const TEXT: Record<TPlanResult, string> = {
  complete: 'plans.complete_text', complete_reviewing: 'plans.complete_reviewing_text', under_review: 'plans.under_review_text', rejected: 'plans.rejected_text',
};

/** The flow's end pages and the review-state pages (spec §2 /plan/complete, complete_reviewing, underreview, rejected). */
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
          {kind === 'under_review' && <Alert color="orange" variant="light">{renderMessage(language, 'plan.under_review')}</Alert>}
          {kind === 'rejected' && <Alert color="red" variant="light">{renderMessage(language, 'plan.rejected')} <ContactSupportLink /></Alert>}
          {reason && <Text size="sm">{t('plans.rejection_reason', { reason })}</Text>}
          <Group><Button component={Link} to="/plan/list">{t('plans.to_contracts')}</Button></Group>
        </Stack>
      </Card>
    </Stack>
  );
}
