import { useState } from 'react';
import { Anchor, Button, Card, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZTermsUrlCreate } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors, validate } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useCreateTermsUrl, useTermsUrls, useUpdateTermsUrl } from '../api';

type Row = { id: string; title: string; url: string };

function TermsUrlForm({ row, onDone }: { row: Row | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(row?.title ?? '');
  const [url, setUrl] = useState(row?.url ?? '');
  const form = useFormErrors();
  const create = useCreateTermsUrl();
  const update = useUpdateTermsUrl();

  async function save() {
    form.reset();
    const checked = validate(ZTermsUrlCreate, { title, url });
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    try {
      if (row) await update.mutateAsync({ id: row.id, ...checked.data });
      else await create.mutateAsync(checked.data);
      toast(t('terms_urls.saved'), 'success');
      onDone();
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Stack gap="md">
      <FormAlert message={form.message} />
      <TextInput label={t('terms_urls.title')} required value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={form.error('title')} />
      <TextInput label={t('terms_urls.url')} required placeholder="https://example.com/terms" value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={form.error('url')} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>{t('common.cancel')}</Button>
        <Button onClick={() => void save()} loading={create.isPending || update.isPending}>{t('common.save')}</Button>
      </Group>
    </Stack>
  );
}

/** The operator's terms-and-conditions URLs (spec §3): title, installed URL and last update; add and edit. */
export default function TermsUrlsPage() {
  const { t } = useTranslation();
  const format = useDateTime();
  const list = useTermsUrls();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('route.operator_terms_urls')}</Title>
          <Text c="dimmed" size="sm" mt={4}>{t('terms_urls.help')}</Text>
        </div>
        <Button onClick={() => setEditing('new')}>{t('terms_urls.create')}</Button>
      </Group>
      <QueryState query={list} isEmpty={(data) => data.terms_urls.length === 0} empty={t('terms_urls.empty')}>
        {(data) => (
          <Card padding={0}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('terms_urls.title')}</Table.Th>
                  <Table.Th>{t('terms_urls.url')}</Table.Th>
                  <Table.Th>{t('terms_urls.updated_at')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.terms_urls.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.title}</Table.Td>
                    <Table.Td><Anchor href={row.url} target="_blank" rel="noopener noreferrer" size="sm">{row.url}</Anchor></Table.Td>
                    <Table.Td>{format.dateTime(row.updated_at)}</Table.Td>
                    <Table.Td ta="right"><Button size="xs" variant="light" onClick={() => setEditing(row)}>{t('terms_urls.edit')}</Button></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        )}
      </QueryState>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('terms_urls.create') : t('terms_urls.edit')}>
        {editing !== null && <TermsUrlForm key={editing === 'new' ? 'new' : editing.id} row={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
