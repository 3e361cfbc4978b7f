import { useState } from 'react';
import { Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZInquiryReceiverAdd } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useFormErrors, validate } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useAddInquiryReceiver, useInquiryReceivers, useRemoveInquiryReceiver } from '../api';

/** /partner/inquiry_receivers: where the partner's clients' inquiries are mailed; at least one remains. */
export default function InquiryReceiversPage() {
  const { t } = useTranslation();
  const list = useInquiryReceivers();
  const add = useAddInquiryReceiver();
  const remove = useRemoveInquiryReceiver();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const form = useFormErrors();

  async function submit() {
    form.reset();
    const checked = validate(ZInquiryReceiverAdd, { email: email.trim(), name });
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    try {
      await add.mutateAsync(checked.data);
      setEmail('');
      setName('');
      toast(t('inquiries.receiver_added'), 'success');
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Stack gap="md" maw={760}>
      <div>
        <Title order={2}>{t('route.partner_inquiry_receivers')}</Title>
        <Text c="dimmed" size="sm" mt={4}>{t('inquiries.receivers_help')}</Text>
      </div>
      <QueryState query={list} isEmpty={(data) => data.receivers.length === 0} empty={t('inquiries.receivers_empty')}>
        {(data) => (
          <Card padding={0}>
            <Table verticalSpacing="sm" horizontalSpacing="md">
              <Table.Tbody>
                {data.receivers.map((r) => (
                  <Table.Tr key={r.email}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}><Text size="sm" fw={500}>{r.email}</Text>{r.name && <Text size="xs" c="dimmed">{r.name}</Text>}</Table.Td>
                    <Table.Td ta="right">
                      <Button size="xs" variant="light" color="red" disabled={data.receivers.length === 1} title={data.receivers.length === 1 ? t('inquiries.receiver_last_hint') : undefined}
                        loading={remove.isPending && remove.variables?.email === r.email} onClick={() => remove.mutate({ email: r.email })}>
                        {t('inquiries.receiver_remove')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        )}
      </QueryState>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Text fw={500}>{t('inquiries.receiver_add')}</Text>
          <FormAlert message={form.message} />
          <Group align="flex-start" grow wrap="wrap">
            <TextInput label={t('inquiries.email')} required type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={form.error('email')} miw={220} />
            <TextInput label={t('inquiries.receiver_name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={form.error('name')} miw={180} />
          </Group>
          <Group justify="flex-end"><Button onClick={() => void submit()} loading={add.isPending}>{t('inquiries.receiver_add')}</Button></Group>
        </Stack>
      </Card>
    </Stack>
  );
}
