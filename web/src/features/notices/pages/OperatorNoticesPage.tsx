import { Suspense, lazy, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Menu, Modal, Select, Stack, Table, Text, Title, Typography } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { NOTICE_FILTERS, productName, type TNoticeAdmin, type TNoticeFilter } from '@portal/proto';
import { ClientPicker } from '../../../components/ClientPicker';
import { ConfirmChange } from '../../../components/ConfirmChange';
import { hostLocale } from '../../../lib/locale';
import { ListFooter, pageCount } from '../../../components/ListFooter';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { toast } from '../../../lib/toast';
import { useAdminNotices, useArchiveNotice, useDuplicateNotice, useNoticePreview, usePublishNotice } from '../api';
import { FILTER_LABEL, PAYMENT_LABEL, STATE_COLOR, STATE_LABEL, TARGET_LABEL } from '../labels';

// The form loads when a notice is created or edited, not with the list (the route chunk's budget).
const NoticeForm = lazy(() => import('../components/NoticeForm').then((m) => ({ default: m.NoticeForm })));

const PER_PAGE = 20;

/**
 * A notice as a chosen client would see it (issue 25): the operator picks a client of the host's
 * region; the server answers whether it is in the audience, and the notice is drawn as in /notice/list.
 */
function NoticePreview({ notice }: { notice: TNoticeAdmin }) {
  const { t } = useTranslation();
  const format = useDateTime();
  const [clientUuid, setClientUuid] = useState('');
  const preview = useNoticePreview(notice.id, clientUuid);
  const answer = preview.data;
  return (
    <Stack>
      <ClientPicker region={hostLocale().region} value={clientUuid} onChange={setClientUuid} label={t('notices.preview_client')} description={t('notices.preview_help')} />
      {answer && (
        <>
          <Alert color={answer.in_audience ? 'teal' : 'red'}>
            {t(answer.in_audience ? 'notices.preview_in_audience' : 'notices.preview_not_in_audience', { company: answer.company_name })}
          </Alert>
          <Card withBorder data-testid="notice-preview">
            <Group gap="xs" wrap="wrap">
              <Badge color="red" size="sm">{t('notices.unread')}</Badge>
              {answer.notice.fixed && <Badge variant="light" size="sm">{t('notices.fixed')}</Badge>}
              {answer.notice.on_top && <Badge variant="light" color="orange" size="sm">{t('notices.on_top')}</Badge>}
              {answer.notice.product && <Badge variant="outline" size="sm" tt="none">{productName(answer.notice.product)}</Badge>}
            </Group>
            <Text fw={700} mt={4}>{answer.notice.title}</Text>
            <Text size="xs" c="dimmed">{answer.notice.starts_at ? format.dateTime(answer.notice.starts_at) : t('notices.no_dates')}</Text>
            <Typography>
              {/* Sanitised on the server (service-common rich-text.ts) before it was stored. */}
              <div dangerouslySetInnerHTML={{ __html: answer.notice.body }} />
            </Typography>
            {answer.notice.url && <Anchor href={answer.notice.url} target="_blank" rel="noopener noreferrer" size="sm">{t('notices.more')}</Anchor>}
          </Card>
        </>
      )}
    </Stack>
  );
}

/** /operator/notices (spec §5, issue 25): list, create, edit, duplicate as a draft, preview, publish and archive notices. */
export default function OperatorNoticesPage() {
  const { t } = useTranslation();
  const format = useDateTime();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [params, setParams] = useState<{ page: number; filter: TNoticeFilter | '' }>({ page: 1, filter: '' });
  const list = useAdminNotices({ page: params.page, per_page: PER_PAGE, filter: params.filter || undefined });
  const [editing, setEditing] = useState<TNoticeAdmin | 'new' | null>(null);
  const [archiving, setArchiving] = useState<TNoticeAdmin | null>(null);
  const [publishing, setPublishing] = useState<TNoticeAdmin | null>(null);
  const [previewing, setPreviewing] = useState<TNoticeAdmin | null>(null);
  const duplicate = useDuplicateNotice();
  const archive = useArchiveNotice();
  const publish = usePublishNotice();

  async function copy(n: TNoticeAdmin) {
    const answer = await duplicate.mutateAsync({ id: n.id }).catch(() => null);
    if (!answer) return;
    toast(t('notices.duplicated'), 'success');
    setEditing(answer.notice);
  }

  async function confirmArchive() {
    if (!archiving) return;
    const done = await archive.mutateAsync({ id: archiving.id }).catch(() => null);
    setArchiving(null);
    if (done) toast(t('notices.archived_done'), 'success');
  }

  async function confirmPublish() {
    if (!publishing) return;
    const done = await publish.mutateAsync({ id: publishing.id }).catch(() => null);
    setPublishing(null);
    if (done) toast(t('notices.published'), 'success');
  }

  // What publishing makes of the draft: delivering from now if its start has passed, else scheduled.
  const publishedState = (n: TNoticeAdmin): 'scheduled' | 'delivering' => (n.starts_at && Date.parse(n.starts_at) <= Date.now() ? 'delivering' : 'scheduled');

  const period = (n: TNoticeAdmin) => (n.starts_at && n.ends_at ? `${format.dateTime(n.starts_at)} – ${format.dateTime(n.ends_at)}` : t('notices.no_dates'));

  const audience = (n: TNoticeAdmin) => {
    const base = t(TARGET_LABEL[n.target]);
    const names = n.clients.map((c) => c.company_name).slice(0, 3).join(', ');
    const parts = [base, n.payment !== 'all' ? t(PAYMENT_LABEL[n.payment]) : '', names ? `${names}${n.clients.length > 3 ? ' …' : ''}` : ''];
    return parts.filter(Boolean).join(' · ');
  };

  // Issue 25 item 7: the table scrolls sideways on a phone, so each row's actions come first there
  // (at 390 px a last column starts off-screen), as on the plan master.
  const actions = (n: TNoticeAdmin) => (
    <Table.Td ta={phone ? undefined : 'right'}>
      <Menu position="bottom-end">
        <Menu.Target><Button size="xs" variant="light">{t('notices.actions')}</Button></Menu.Target>
        <Menu.Dropdown>
          {!n.archived && <Menu.Item onClick={() => setEditing(n)}>{t('notices.edit')}</Menu.Item>}
          {!n.archived && n.state === 'draft' && <Menu.Item onClick={() => setPublishing(n)}>{t('notices.publish')}</Menu.Item>}
          <Menu.Item onClick={() => setPreviewing(n)}>{t('notices.preview')}</Menu.Item>
          <Menu.Item onClick={() => void copy(n)}>{t('notices.duplicate')}</Menu.Item>
          {!n.archived && <Menu.Item color="red" onClick={() => setArchiving(n)}>{t('notices.archive')}</Menu.Item>}
        </Menu.Dropdown>
      </Menu>
    </Table.Td>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('route.operator_notices')}</Title>
          <Text c="dimmed" size="sm" mt={4}>{t('notices.admin_help')}</Text>
        </div>
        <Button onClick={() => setEditing('new')}>{t('notices.create')}</Button>
      </Group>
      <Select
        label={t('notices.status')} maw={260} value={params.filter} allowDeselect={false}
        onChange={(v) => setParams({ page: 1, filter: (v ?? '') as TNoticeFilter | '' })}
        data={[{ value: '', label: t('notices.status_any') }, ...NOTICE_FILTERS.map((s) => ({ value: s, label: t(FILTER_LABEL[s]) }))]}
      />
      <QueryState query={list} isEmpty={(data) => data.notices.length === 0} empty={t('notices.admin_empty')}>
        {(data) => (
          <Stack gap="sm">
            <Card padding={0}>
              <Table.ScrollContainer minWidth={720}>
                <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      {phone && <Table.Th />}
                      <Table.Th>{t('notices.title')}</Table.Th>
                      <Table.Th>{t('notices.target')}</Table.Th>
                      <Table.Th>{t('notices.period')}</Table.Th>
                      <Table.Th>{t('notices.status')}</Table.Th>
                      <Table.Th>{t('notices.reads')}</Table.Th>
                      {!phone && <Table.Th />}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.notices.map((n) => (
                      <Table.Tr key={n.id} data-testid={`notice-row-${n.id}`}>
                        {phone && actions(n)}
                        <Table.Td>
                          <Text size="sm" fw={500}>{n.title}</Text>
                          <Group gap={4} mt={2}>
                            {n.product && <Badge variant="outline" size="xs" tt="none">{productName(n.product)}</Badge>}
                            {n.on_top && <Badge variant="light" color="orange" size="xs">{t('notices.on_top')}</Badge>}
                            {n.fixed && <Badge variant="light" size="xs">{t('notices.fixed')}</Badge>}
                          </Group>
                        </Table.Td>
                        <Table.Td><Text size="sm">{audience(n)}</Text>{n.audience !== null && <Text size="xs" c="dimmed">{t('notices.audience', { count: n.audience })}</Text>}</Table.Td>
                        <Table.Td>
                          {n.starts_at && n.ends_at
                            ? <><Text size="sm">{format.dateTime(n.starts_at)}</Text><Text size="sm">– {format.dateTime(n.ends_at)}</Text></>
                            : <Text size="sm" c="dimmed">{t('notices.no_dates')}</Text>}
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4}>
                            <Badge color={STATE_COLOR[n.state]} variant={n.state === 'draft' ? 'filled' : 'light'}>{t(STATE_LABEL[n.state])}</Badge>
                            {n.archived && <Badge color="gray" variant="outline">{t('notices.archived')}</Badge>}
                          </Group>
                        </Table.Td>
                        <Table.Td>{n.reads}</Table.Td>
                        {!phone && actions(n)}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
            <ListFooter summary={t('notices.total', { count: data.total })} pages={pageCount(data.total, PER_PAGE)} page={params.page} onPage={(page) => setParams((p) => ({ ...p, page }))} />
          </Stack>
        )}
      </QueryState>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size="lg" title={editing === 'new' ? t('notices.create') : t('notices.edit')}>
        {editing !== null && (
          <Suspense fallback={<Loader size="sm" />}>
            <NoticeForm key={editing === 'new' ? 'new' : editing.id} notice={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
          </Suspense>
        )}
      </Modal>
      {/* Issue 25 point 2: the shared confirmation: state, audience and dates as they will be once published. */}
      <ConfirmChange
        opened={publishing !== null} onClose={() => setPublishing(null)} title={t('notices.publish')}
        intro={publishing ? t('notices.publish_confirm', { title: publishing.title }) : ''}
        changes={publishing ? [
          { label: t('notices.status'), before: t(STATE_LABEL.draft), after: t(STATE_LABEL[publishedState(publishing)]) },
          {
            label: t('notices.publish_audience'),
            after: <><Text span inherit>{audience(publishing)}</Text>{publishing.audience !== null && <> · <Text span size="sm" fw={400}>{t('notices.audience', { count: publishing.audience })}</Text></>}</>,
          },
          { label: t('notices.period'), after: period(publishing) },
        ] : []}
        blocked={publishing && !publishing.starts_at ? t('notices.publish_needs_dates') : null}
        confirmLabel={t('notices.publish')} pending={publish.isPending} onConfirm={() => void confirmPublish()}
      />
      <Modal opened={previewing !== null} onClose={() => setPreviewing(null)} size="lg" title={t('notices.preview')}>
        {previewing && <NoticePreview key={previewing.id} notice={previewing} />}
      </Modal>
      <Modal opened={archiving !== null} onClose={() => setArchiving(null)} title={t('notices.archive')}>
        <Stack>
          <Text size="sm">{t('notices.archive_confirm', { title: archiving?.title ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setArchiving(null)}>{t('common.cancel')}</Button>
            <Button color="red" loading={archive.isPending} onClick={() => void confirmArchive()}>{t('notices.archive')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
