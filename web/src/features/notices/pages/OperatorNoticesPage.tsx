import { useState } from 'react';
import { Badge, Button, Card, Group, Menu, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NOTICE_PUBLISH_STATUSES, productName, type TNoticeAdmin, type TNoticePublishStatus } from '@portal/proto';
import { ListFooter, pageCount } from '../../../components/ListFooter';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { toast } from '../../../lib/toast';
import { useAdminNotices, useDeleteNotice, useDuplicateNotice } from '../api';
import { NoticeForm } from '../components/NoticeForm';
import { PAYMENT_LABEL, PUBLISH_COLOR, PUBLISH_LABEL, TARGET_LABEL } from '../labels';

const PER_PAGE = 20;

/** /operator/notices (spec §5): list, create, edit, duplicate and delete notices. */
export default function OperatorNoticesPage() {
  const { t } = useTranslation();
  const format = useDateTime();
  const [params, setParams] = useState<{ page: number; status: TNoticePublishStatus | '' }>({ page: 1, status: '' });
  const list = useAdminNotices({ page: params.page, per_page: PER_PAGE, status: params.status || undefined });
  const [editing, setEditing] = useState<TNoticeAdmin | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TNoticeAdmin | null>(null);
  const duplicate = useDuplicateNotice();
  const remove = useDeleteNotice();

  async function copy(n: TNoticeAdmin) {
    const answer = await duplicate.mutateAsync({ id: n.id }).catch(() => null);
    if (!answer) return;
    toast(t('notices.duplicated'), 'success');
    setEditing(answer.notice);
  }

  async function confirmDelete() {
    if (!deleting) return;
    const done = await remove.mutateAsync({ id: deleting.id }).catch(() => null);
    setDeleting(null);
    if (done) toast(t('notices.deleted'), 'success');
  }

  const audience = (n: TNoticeAdmin) => {
    const base = t(TARGET_LABEL[n.target]);
    const names = n.clients.map((c) => c.company_name).slice(0, 3).join(', ');
    const parts = [base, n.payment !== 'all' ? t(PAYMENT_LABEL[n.payment]) : '', names ? `${names}${n.clients.length > 3 ? ' …' : ''}` : ''];
    return parts.filter(Boolean).join(' · ');
  };

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
        label={t('notices.status')} maw={260} value={params.status} allowDeselect={false}
        onChange={(v) => setParams({ page: 1, status: (v ?? '') as TNoticePublishStatus | '' })}
        data={[{ value: '', label: t('notices.status_any') }, ...NOTICE_PUBLISH_STATUSES.map((s) => ({ value: s, label: t(PUBLISH_LABEL[s]) }))]}
      />
      <QueryState query={list} isEmpty={(data) => data.notices.length === 0} empty={t('notices.admin_empty')}>
        {(data) => (
          <Stack gap="sm">
            <Card padding={0}>
              <Table.ScrollContainer minWidth={720}>
                <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('notices.title')}</Table.Th>
                      <Table.Th>{t('notices.target')}</Table.Th>
                      <Table.Th>{t('notices.period')}</Table.Th>
                      <Table.Th>{t('notices.status')}</Table.Th>
                      <Table.Th>{t('notices.reads')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.notices.map((n) => (
                      <Table.Tr key={n.id}>
                        <Table.Td>
                          <Text size="sm" fw={500}>{n.title}</Text>
                          <Group gap={4} mt={2}>
                            {n.product && <Badge variant="outline" size="xs" tt="none">{productName(n.product)}</Badge>}
                            {n.on_top && <Badge variant="light" color="orange" size="xs">{t('notices.on_top')}</Badge>}
                            {n.fixed && <Badge variant="light" size="xs">{t('notices.fixed')}</Badge>}
                          </Group>
                        </Table.Td>
                        <Table.Td><Text size="sm">{audience(n)}</Text>{n.audience !== null && <Text size="xs" c="dimmed">{t('notices.audience', { count: n.audience })}</Text>}</Table.Td>
                        <Table.Td><Text size="sm">{format.dateTime(n.starts_at)}</Text><Text size="sm">– {format.dateTime(n.ends_at)}</Text></Table.Td>
                        <Table.Td><Badge color={PUBLISH_COLOR[n.publish_status]} variant="light">{t(PUBLISH_LABEL[n.publish_status])}</Badge></Table.Td>
                        <Table.Td>{n.reads}</Table.Td>
                        <Table.Td ta="right">
                          <Menu position="bottom-end">
                            <Menu.Target><Button size="xs" variant="light">{t('notices.actions')}</Button></Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item onClick={() => setEditing(n)}>{t('notices.edit')}</Menu.Item>
                              <Menu.Item onClick={() => void copy(n)}>{t('notices.duplicate')}</Menu.Item>
                              <Menu.Item color="red" onClick={() => setDeleting(n)}>{t('notices.delete')}</Menu.Item>
                            </Menu.Dropdown>
                          </Menu>
                        </Table.Td>
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
        {editing !== null && <NoticeForm key={editing === 'new' ? 'new' : editing.id} notice={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('notices.delete')}>
        <Stack>
          <Text size="sm">{t('notices.delete_confirm', { title: deleting?.title ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete()}>{t('notices.delete')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
