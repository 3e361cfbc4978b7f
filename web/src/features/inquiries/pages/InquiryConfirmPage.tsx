import { useState } from 'react';
import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { productName } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { useFormErrors } from '../../../lib/forms';
import { useSendInquiry } from '../api';
import { InquirySteps } from '../components/InquirySteps';
import { readInquiryDraft, writeInquiryDraft } from '../draft';
import { PURPOSE_LABEL } from '../labels';

/** /user_inquiryconfirm, step 2 of 2: what will be sent; Send, or Back to edit. */
export default function InquiryConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Read once: clearing it after the send must not bounce the page back to step 1.
  const [draft] = useState(readInquiryDraft);
  const send = useSendInquiry();
  const form = useFormErrors();
  if (!draft) return <Navigate to="/user_inquiry" replace />;

  async function submit() {
    form.reset();
    try {
      await send.mutateAsync(draft!);
      writeInquiryDraft(null);
      void navigate('/user_inquirycompleted', { replace: true });
    } catch (error) {
      form.fromError(error);
    }
  }

  const errors = Object.values(form.errors).flat();
  const rows: [string, string][] = [
    [t('inquiries.purpose'), t(PURPOSE_LABEL[draft.purpose])],
    [t('inquiries.products'), draft.products.map(productName).join(', ') || '—'],
    [t('inquiries.company_name'), draft.company_name],
    [t('inquiries.name'), draft.name],
    [t('inquiries.email'), draft.email],
    [t('inquiries.phone'), draft.phone || '—'],
  ];
  return (
    <Stack gap="md" maw={760}>
      <Title order={2}>{t('route.inquiry_confirm')}</Title>
      <InquirySteps active={1} />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Text size="sm">{t('inquiries.confirm_help')}</Text>
          <FormAlert message={[form.message, ...errors].filter(Boolean).join('\n')} />
          <Table variant="vertical" layout="fixed">
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}><Table.Th w={160}>{label}</Table.Th><Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm" fw={500}>{t('inquiries.text')}</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="inquiry-text">{draft.text}</Text>
          <Group justify="space-between">
            <Button variant="default" onClick={() => void navigate('/user_inquiry')}>{t('inquiries.back')}</Button>
            <Button onClick={() => void submit()} loading={send.isPending}>{t('inquiries.send')}</Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
