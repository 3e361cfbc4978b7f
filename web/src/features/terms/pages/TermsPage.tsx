import { Suspense, lazy, useState } from 'react';
import { Badge, Button, Card, Group, Modal, Radio, SegmentedControl, Select, Skeleton, Stack, Table, Tabs, Text, Title, Typography } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, RICH_TEXT_EDITOR_HEIGHT, ZTermsCreate, ZTermsUpdate, type TAgreementKind, type TLanguage, type TTermsChange, type TTermsSummary } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors, validate } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useCreateTermsDraft, usePublishTermsVersion, useTermsDetail, useTermsList, useUpdateTerms } from '../api';
import { TermsDiff } from '../components/TermsDiff';

/** The rich-text editor (tiptap and ProseMirror, ~140 KB gzip) is its own chunk, fetched when a form opens. */
const TermsEditor = lazy(() => import('../components/TermsEditor').then((m) => ({ default: m.TermsEditor })));

type Editing = { mode: 'new'; kind: TAgreementKind } | { mode: 'edit'; id: string };

const kindLabel = (t: (key: string) => string, kind: TAgreementKind) => (kind === 'terms' ? t('terms.terms_of_use') : t('terms.privacy_policy'));

/**
 * A draft of the next version (started from the current text of the chosen language), or a
 * draft's text. Published versions are never edited (issue 25).
 */
function TermsForm({ editing, onDone }: { editing: Editing; onDone: () => void }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<TLanguage>('ja-jp');
  // A new draft starts from the current version of the chosen language (the list of its kind, cached).
  const versions = useTermsList({ kind: editing.mode === 'new' ? editing.kind : 'terms' });
  const startFrom = editing.mode === 'new' ? versions.data?.terms.find((r) => r.current && r.language === language)?.id ?? null : null;
  const detail = useTermsDetail(editing.mode === 'edit' ? editing.id : startFrom);
  const [html, setHtml] = useState<string | null>(null);
  const form = useFormErrors();
  const create = useCreateTermsDraft();
  const update = useUpdateTerms();
  const loading = (editing.mode === 'edit' || startFrom !== null || versions.isPending) && !detail.data;
  const content = html ?? detail.data?.terms.content_html ?? '';

  async function save() {
    form.reset();
    const checked = editing.mode === 'new'
      ? validate(ZTermsCreate, { kind: editing.kind, language, content_html: content })
      : validate(ZTermsUpdate, { id: editing.id, content_html: content });
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    try {
      if (editing.mode === 'new') await create.mutateAsync({ kind: editing.kind, language, content_html: content });
      else await update.mutateAsync({ id: editing.id, content_html: content });
      toast(t('terms.draft_saved'), 'success');
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
          onChange={(v) => { if (v) { setLanguage(v as TLanguage); setHtml(null); } }} allowDeselect={false} w={240}
          description={t('terms.draft_hint')} error={form.error('language')} />
      ) : (
        detail.data && <Text size="sm" c="dimmed">{t('terms.edit_hint', { language: LANGUAGE_NAMES[detail.data.terms.language], version: detail.data.terms.version })}</Text>
      )}
      {loading ? <Skeleton h={RICH_TEXT_EDITOR_HEIGHT} /> : (
        <Suspense fallback={<Skeleton h={RICH_TEXT_EDITOR_HEIGHT} />}>
          <TermsEditor key={`${language}:${detail.data?.terms.id ?? ''}`} value={content} onChange={setHtml} label={t('terms.content')} />
        </Suspense>
      )}
      {form.error('content_html') && <Text c="red" size="sm" role="alert">{form.error('content_html')}</Text>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>{t('common.cancel')}</Button>
        <Button onClick={() => void save()} loading={create.isPending || update.isPending} disabled={loading}>{t('terms.save_draft')}</Button>
      </Group>
    </Stack>
  );
}

/** Publishing a draft: the operator says whether the change is major (asked at next login) or minor (at the next start). */
function PublishForm({ row, first, onDone }: { row: TTermsSummary; first: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const publish = usePublishTermsVersion();
  const form = useFormErrors();
  const [change, setChange] = useState<TTermsChange>('major');
  async function confirm() {
    form.reset();
    try {
      await publish.mutateAsync({ id: row.id, change });
      toast(t('terms.published'), 'success');
      onDone();
    } catch (error) {
      form.fromError(error);
    }
  }
  return (
    <Stack gap="md">
      <FormAlert message={form.message} />
      <Text size="sm">{t('terms.publish_what', { kind: kindLabel(t, row.kind), language: LANGUAGE_NAMES[row.language], version: row.version })}</Text>
      {first ? <Text size="sm" c="dimmed">{t('terms.publish_first')}</Text> : (
        <Radio.Group label={t('terms.change')} value={change} onChange={(v) => setChange(v as TTermsChange)}>
          <Stack gap="xs" mt="xs">
            <Radio value="major" label={t('terms.change_major')} description={t('terms.change_major_hint')} />
            <Radio value="minor" label={t('terms.change_minor')} description={t('terms.change_minor_hint')} />
          </Stack>
        </Radio.Group>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>{t('common.cancel')}</Button>
        <Button onClick={() => void confirm()} loading={publish.isPending}>{t('terms.publish')}</Button>
      </Group>
    </Stack>
  );
}

/** One version's text, and what changed since the previous published version. */
function VersionView({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useTermsDetail(id);
  return (
    <QueryState query={detail}>
      {(d) => (
        <Tabs defaultValue={d.previous ? 'diff' : 'text'}>
          <Tabs.List>
            <Tabs.Tab value="diff" disabled={!d.previous}>{d.previous ? t('terms.diff_from', { version: d.previous.version }) : t('terms.diff_first')}</Tabs.Tab>
            <Tabs.Tab value="text">{t('terms.text')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="diff" pt="md">{d.previous && <TermsDiff before={d.previous.content_html} after={d.terms.content_html} />}</Tabs.Panel>
          <Tabs.Panel value="text" pt="md">
            {/* Sanitised on the server (service-common rich-text.ts) before it was stored. */}
            <Typography><div data-testid="terms-version-content" dangerouslySetInnerHTML={{ __html: d.terms.content_html }} /></Typography>
          </Tabs.Panel>
        </Tabs>
      )}
    </QueryState>
  );
}

type Dialog = { kind: 'form'; editing: Editing } | { kind: 'publish'; row: TTermsSummary; first: boolean } | { kind: 'view'; row: TTermsSummary };

/**
 * The operator's terms of use and privacy policy (spec §2 "terms of use list, create and edit";
 * issue 25): every version per kind and language, draft or published, the change, when and by
 * whom, with the diff from the previous version. A published version is never rewritten.
 */
export default function TermsPage() {
  const { t } = useTranslation();
  const format = useDateTime();
  const [kind, setKind] = useState<TAgreementKind>('terms');
  const [language, setLanguage] = useState<TLanguage | undefined>(undefined);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const list = useTermsList({ kind, ...(language ? { language } : {}) });
  // Issue 25 item 7's rule: at phone width the actions come first (a last column starts off-screen).
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const rows = list.data?.terms ?? [];
  const firstOf = (row: TTermsSummary) => !rows.some((r) => r.language === row.language && r.status === 'published' && r.version < row.version);
  const close = () => setDialog(null);

  const actions = (row: TTermsSummary) => (
    <Table.Td ta={phone ? undefined : 'right'} data-testid={`terms-actions-${row.version}-${row.language}`}>
      <Group gap={6} wrap="nowrap" justify={phone ? 'flex-start' : 'flex-end'}>
        {row.status === 'draft' ? (
          <>
            <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'form', editing: { mode: 'edit', id: row.id } })}>{t('terms.edit')}</Button>
            <Button size="xs" onClick={() => setDialog({ kind: 'publish', row, first: firstOf(row) })}>{t('terms.publish')}</Button>
          </>
        ) : (
          <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'view', row })}>{t('terms.view')}</Button>
        )}
      </Group>
    </Table.Td>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('route.operator_terms')}</Title>
          <Text c="dimmed" size="sm" mt={4}>{t('terms.help')}</Text>
        </div>
        <Button onClick={() => setDialog({ kind: 'form', editing: { mode: 'new', kind } })}>{t('terms.create')}</Button>
      </Group>
      <Group align="flex-end" gap="md" wrap="wrap">
        <SegmentedControl value={kind} onChange={(v) => setKind(v as TAgreementKind)} aria-label={t('terms.kind')}
          data={[{ value: 'terms', label: t('terms.terms_of_use') }, { value: 'privacy', label: t('terms.privacy_policy') }]} />
        <Select label={t('terms.language')} placeholder={t('terms.all_languages')} clearable w={240} value={language ?? null}
          data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} onChange={(v) => setLanguage((v ?? undefined) as TLanguage | undefined)} />
      </Group>
      <QueryState query={list} isEmpty={(data) => data.terms.length === 0} empty={t('terms.empty')}>
        {(data) => (
          <Card padding={0}>
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    {phone && <Table.Th />}
                    <Table.Th>{t('terms.language')}</Table.Th>
                    <Table.Th>{t('terms.version')}</Table.Th>
                    <Table.Th>{t('terms.change')}</Table.Th>
                    <Table.Th>{t('terms.published_at')}</Table.Th>
                    <Table.Th>{t('terms.published_by')}</Table.Th>
                    <Table.Th>{t('terms.updated_at')}</Table.Th>
                    {!phone && <Table.Th />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.terms.map((row) => (
                    <Table.Tr key={row.id} data-testid={`terms-row-${row.language}-${row.version}`}>
                      {phone && actions(row)}
                      <Table.Td>{LANGUAGE_NAMES[row.language]}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Group gap="xs" wrap="nowrap">
                          {t('terms.version_n', { version: row.version })}
                          {row.current && <Badge variant="light" color="teal">{t('terms.current')}</Badge>}
                          {row.status === 'draft' && <Badge variant="light" color="yellow">{t('terms.draft')}</Badge>}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        {row.change ? <Badge variant="light" color={row.change === 'major' ? 'red' : 'gray'}>{t(`terms.change_${row.change}`)}</Badge>
                          : <Text size="sm" c="dimmed">{row.status === 'published' ? t('terms.change_none') : '—'}</Text>}
                      </Table.Td>
                      <Table.Td>{row.published_at ? format.dateTime(row.published_at) : '—'}</Table.Td>
                      <Table.Td>{row.published_by_name ?? '—'}</Table.Td>
                      <Table.Td>{format.dateTime(row.updated_at)}</Table.Td>
                      {!phone && actions(row)}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
      </QueryState>
      <Modal opened={dialog?.kind === 'form'} onClose={close} size="80rem"
        title={dialog?.kind === 'form' && dialog.editing.mode === 'edit' ? t('terms.edit') : t('terms.create_kind', { kind: kindLabel(t, kind) })}>
        {dialog?.kind === 'form' && <TermsForm key={dialog.editing.mode === 'edit' ? dialog.editing.id : 'new'} editing={dialog.editing} onDone={close} />}
      </Modal>
      <Modal opened={dialog?.kind === 'publish'} onClose={close} title={t('terms.publish_title')}>
        {dialog?.kind === 'publish' && <PublishForm row={dialog.row} first={dialog.first} onDone={close} />}
      </Modal>
      <Modal opened={dialog?.kind === 'view'} onClose={close} size="60rem"
        title={dialog?.kind === 'view' ? t('terms.view_title', { kind: kindLabel(t, dialog.row.kind), language: LANGUAGE_NAMES[dialog.row.language], version: dialog.row.version }) : ''}>
        {dialog?.kind === 'view' && <VersionView id={dialog.row.id} />}
      </Modal>
    </Stack>
  );
}
