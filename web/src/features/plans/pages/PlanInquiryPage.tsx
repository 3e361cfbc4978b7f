import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type TPlanInquiry = 'plan' | 'options' | 'bownow';

const TITLE: Record<TPlanInquiry, string> = { plan: 'route.plan_inquiry', options: 'route.plan_options_inquiry', bownow: 'route.plan_bownow_inquiry' };
const TEXT: Record<TPlanInquiry, string> = { plan: 'plans.inquiry_plan_text', options: 'plans.inquiry_options_text', bownow: 'plans.inquiry_bownow_text' };
/** The inquiry form's purpose (spec §3 Inquiry) and product for each entry. */
const TARGET: Record<TPlanInquiry, string> = {
  plan: '/user_inquiry?purpose=charge', options: '/user_inquiry?purpose=charge', bownow: '/user_inquiry?purpose=requestproposal&product=bownow',
};

/**
 * /plan/inquiry, /plan/options_inquiry, /plan/bownowinquiry: for what the plan pages do not offer
 * (another plan, more options, a BowNow consultation), the way to the inquiry form.
 */
export default function PlanInquiryPage({ kind }: { kind: TPlanInquiry }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t(TITLE[kind])}</Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Text>{t(TEXT[kind])}</Text>
          <Group>
            <Button component={Link} to={TARGET[kind]}>{t('plans.to_inquiry')}</Button>
            <Button component={Link} to="/plan/list" variant="default">{t('plans.to_contracts')}</Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
