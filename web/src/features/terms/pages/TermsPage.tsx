import { Suspense, lazy, useState } from 'react';
import { Badge, Button, Card, Group, Modal, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, RICH_TEXT_EDITOR_HEIGHT, ZTermsCreate, ZTermsUpdate, type TLanguage } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors, validate } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { usePublishTerms, useTermsDetail, useTermsList, useUpdateTerms } from '../api';

/** The rich-text editor (tiptap and ProseMirror, ~140 KB gzip) is its own chunk, fetched when a form opens. */
const TermsEditor = lazy(() => import('../components/TermsEditor').then((m) => ({ default: m.TermsEditor })));

type Editing = { mode: 'new' } | { mode: 'edit'; id: string };

/** Publish a new version of a language's terms, or correct a version's text in place. */
function TermsForm({ editing, onDone }: { editing: Editing; onDone: () => void }) {
  const { t } = useTranslation();
  const detail = useTermsDetail(editing.mode === 'edit' ? editing.id : null);
  const [language, setLanguage] = useState<TLanguage>('ja-jp');
  const [html, setHtml] = useState<string | null>(null);
  const form = useFormErrors();
  const publish = usePublishTerms();
  const update = useUpdateTerms();
  if (editing.mode === 'edit' && !detail.data) return <QueryState query={detail}>{() => null}</QueryState>;
  const content = html ?? detail.data?.terms.content_html ?? '';

  async function save() {
    form.reset();
    const checked = editing.mode === 'new' ? validate(ZTermsCreate, { language, content_html: content }) : validate(ZTermsUpdate, { id: editing.id, content_html: content });
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    try {
      if (editing.mode === 'new') await publish.mutateAsync({ language, content_html: content });
      else await update.mutateAsync({ id: editing.id, content_html: content });
      toast(editing.mode === 'new' ? t('terms.published') : t('terms.saved'), 'success');
      onDone();
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Stack gap="md">
      <FormAlert message={form.message} />
      {editing.mode === 'new' ? (
        <Select label={t('terms.language')} data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} value={language}
          onChange={(v) => v && setLanguage(v as TLanguage)} allowDeselect={false} w={240} description={t('terms.publish_hint')} />
      ) : (
        <Text size="sm" c="dimmed">{t('terms.edit_hint', { language: LANGUAGE_NAMES[detail.data!.terms.language], version: detail.data!.terms.version })}</Text>
      )}
      <Suspense fallback={<Skeleton h={RICH_TEXT_EDITOR_HEIGHT} />}>
        <TermsEditor value={content} onChange={setHtml} label={t('terms.content')} />
      </Suspense>
      {form.error('content_html') && <Text c="red" size="sm" role="alert">{form.error('content_html')}</Text>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>{t('common.cancel')}</Button>
        <Button onClick={() => void save()} loading={publish.isPending || update.isPending}>{editing.mode === 'new' ? t('terms.publish') : t('common.save')}</Button>
      </Group>
    </Stack>
  );
}

/**
 * The operator's terms of use (spec §2 "terms of use list, create and edit (rich text)"): every
 * version per language with its created and modified dates, the current one marked.
 */
export default function TermsPage() {
  const { t } = useTranslation();
  const format = useDateTime();
  const [language, setLanguage] = useState<TLanguage | undefined>(undefined);
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = useTermsList(language ? { language } : {});
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('route.operator_terms')}</Title>
          <Text c="dimmed" size="sm" mt={4}>{t('terms.help')}</Text>
        </div>
        <Button onClick={() => setEditing({ mode: 'new' })}>{t('terms.create')}</Button>
      </Group>
      <Select label={t('terms.language')} placeholder={t('terms.all_languages')} clearable w={240} value={language ?? null}
        data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} onChange={(v) => setLanguage((v ?? undefined) as TLanguage | undefined)} />
      <QueryState query={list} isEmpty={(data) => data.terms.length === 0} empty={t('terms.empty')}>
        {(data) => (
          <Card padding={0}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('terms.language')}</Table.Th>
                  <Table.Th>{t('terms.version')}</Table.Th>
                  <Table.Th>{t('terms.created_at')}</Table.Th>
                  <Table.Th>{t('terms.updated_at')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.terms.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{LANGUAGE_NAMES[row.language]}</Table.Td>
                    <Table.Td>
                      <Group gap="xs">{t('terms.version_n', { version: row.version })}{row.current && <Badge variant="light" color="teal">{t('terms.current')}</Badge>}</Group>
                    </Table.Td>
                    <Table.Td>{format.dateTime(row.created_at)}</Table.Td>
                    <Table.Td>{format.dateTime(row.updated_at)}</Table.Td>
                    <Table.Td ta="right"><Button size="xs" variant="light" onClick={() => setEditing({ mode: 'edit', id: row.id })}>{t('terms.edit')}</Button></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        )}
      </QueryState>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size="80rem" title={editing?.mode === 'edit' ? t('terms.edit') : t('terms.create')}>
        {editing && <TermsForm key={editing.mode === 'edit' ? editing.id : 'new'} editing={editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
