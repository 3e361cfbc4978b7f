import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '@portal/proto';
import { InquirySteps } from '../components/InquirySteps';

/** /user_inquirycompleted: the inquiry was sent; an acknowledgement mail is on its way. */
export default function InquiryCompletedPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={760}>
      <Title order={2}>{t('route.inquiry_completed')}</Title>
      <InquirySteps active={2} />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Text>{t('inquiries.completed_text')}</Text>
          <Group>
            <Button component={Link} to={HOME_PATH}>{t('inquiries.to_home')}</Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
