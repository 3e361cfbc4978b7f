import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGUAGE_NAMES } from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useMailTemplate, useMailTemplates } from '../api';
import { MailPartsForm } from '../components/MailPartsForm';
import { MailTemplateForm } from '../components/MailTemplateForm';
import { TARGET_LABEL, nameKey, triggerKey } from '../labels';

/**
 * /operator/mails (issue 12, slice A): every mail the portal sends, with its trigger, target,
 * title and the languages an operator edited; each opens its edit form. The common parts
 * (header, footer, signature) have their own form; the mail log is a page of its own.
 */
export default function MailTemplatesPage() {
  const { t } = useTranslation();
  const format = useDateTime();
  const phone = useMediaQuery('(max-width: 48em)');
  const list = useMailTemplates();
  const [editing, setEditing] = useState<string | null>(null);
  const [partsOpen, setPartsOpen] = useState(false);
  const detail = useMailTemplate(editing);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{t('route.operator_mails')}</Title>
          <Text c="dimmed" size="sm" mt={4}>{t('mail_templates.help')}</Text>
        </div>
        <Group gap="sm">
          <Button variant="default" onClick={() => setPartsOpen(true)}>{t('mail_templates.parts')}</Button>
          <Anchor component={Link} to="/operator/mail_log">{t('route.operator_mail_log')}</Anchor>
        </Group>
      </Group>
      <QueryState query={list} isEmpty={(d) => d.templates.length === 0} empty={t('mail_templates.empty')}>
        {(data) => (
          <Card padding={0}>
            <Table.ScrollContainer minWidth={860}>
              <Table verticalSpacing="xs" horizontalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('mail_templates.name_column')}</Table.Th>
                    <Table.Th>{t('mail_templates.trigger_column')}</Table.Th>
                    <Table.Th>{t('mail_templates.target_column')}</Table.Th>
                    <Table.Th>{t('mail_templates.edited_column')}</Table.Th>
                    <Table.Th>{t('mail_templates.updated_at', { zone: format.zoneName })}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.templates.map((m) => (
                    <Table.Tr key={m.template}>
                      <Table.Td>
                        <Text size="sm" fw={500}>{t(nameKey(m.template), { defaultValue: m.subject })}</Text>
                        <Text size="xs" c="dimmed">{m.subject}</Text>
                      </Table.Td>
                      <Table.Td><Text size="sm">{t(triggerKey(m.template, m.described))}</Text></Table.Td>
                      <Table.Td><Badge variant="light">{t(TARGET_LABEL[m.target])}</Badge></Table.Td>
                      <Table.Td><Text size="sm">{m.edited.length ? m.edited.map((l) => LANGUAGE_NAMES[l]).join(', ') : t('mail_templates.as_seeded')}</Text></Table.Td>
                      <Table.Td><Text size="sm">{m.updated_at ? format.dateTime(m.updated_at) : '—'}</Text></Table.Td>
                      <Table.Td><Button size="xs" variant="light" onClick={() => setEditing(m.template)}>{t('mail_templates.edit')}</Button></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
      </QueryState>
      <Modal opened={!!editing} onClose={() => setEditing(null)} title={t('mail_templates.edit_title')} size="xl" fullScreen={phone}>
        {editing && (
          <QueryState query={detail}>
            {(d) => <MailTemplateForm key={d.template.template} template={d.template} onDone={() => setEditing(null)} />}
          </QueryState>
        )}
      </Modal>
      <Modal opened={partsOpen} onClose={() => setPartsOpen(false)} title={t('mail_templates.parts')} size="lg" fullScreen={phone}>
        {partsOpen && <MailPartsForm />}
      </Modal>
    </Stack>
  );
}
