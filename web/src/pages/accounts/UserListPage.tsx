import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Group, Menu, Modal, NativeSelect, Pagination, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_STATUSES, ZUserList, type TAccountStatus, type TUserListSort } from '@portal/proto';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

type TUser = z.infer<typeof ZUserList>['users'][number];
type TList = z.infer<typeof ZUserList>;
const PER_PAGE = 20;
const STATUS_COLOR: Record<string, string> = { active: 'teal', inactive: 'gray', invited: 'blue', expired: 'orange', modifymail: 'grape' };
const EMPTY_COUNTS = Object.fromEntries(ACCOUNT_STATUSES.map((s) => [s, 0])) as TList['status_counts'];

/**
 * /user/list (owner): ID, username, email, authority, services, status; paged, searchable,
 * sortable, filterable by status (with counts). Ban and delete ask first; a pending email change
 * shows under the address.
 */
export default function UserListPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<TAccountStatus | ''>('');
  const [debounced] = useDebouncedValue(query, 300);
  const [sort, setSort] = useState<{ by: TUserListSort; order: 'asc' | 'desc' }>({ by: 'created_at', order: 'asc' });
  const [data, setData] = useState<TList>({ users: [], total: 0, status_counts: EMPTY_COUNTS });
  const [confirm, setConfirm] = useState<{ user: TUser; action: 'delete' | 'ban' } | null>(null);

  const load = useCallback(() => {
    apiRequest('get', '/user/list', { payload: { page, per_page: PER_PAGE, q: debounced || undefined, status: status || undefined, sort: sort.by, order: sort.order } })
      .then((r) => setData(ZUserList.parse(r)), () => undefined);
  }, [page, debounced, status, sort]);
  useEffect(load, [load]);
  useEffect(() => setPage(1), [debounced, status]);

  async function act(call: () => Promise<Record<string, unknown>>, done: (result: Record<string, unknown>) => string) {
    try {
      toast(done(await call()), 'success');
    } catch (error) {
      if (error instanceof ApiError && error.message) toast(error.message);
    } finally {
      setConfirm(null);
      load();
    }
  }

  const header = (by: TUserListSort, label: string) => (
    <Table.Th aria-sort={sort.by === by ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => setSort((s) => ({ by, order: s.by === by && s.order === 'asc' ? 'desc' : 'asc' }))} fw={600} fz="sm">
        {label}{sort.by === by ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
  const all = ACCOUNT_STATUSES.reduce((n, s) => n + (data.status_counts[s] ?? 0), 0);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('route.user_list')}</Title>
        <Group gap="xs">
          <Button component={Link} to="/user/invite">{t('accounts.invite_screen')}</Button>
          <Button component={Link} to="/user/invite_csv" variant="default">{t('accounts.invite_csv')}</Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput placeholder={t('accounts.search')} value={query} onChange={(e) => setQuery(e.currentTarget.value)} w={360} aria-label={t('accounts.search')} />
        <NativeSelect aria-label={t('accounts.status_filter')} value={status} w={240} onChange={(e) => setStatus(e.currentTarget.value as TAccountStatus | '')}
          data={[
            { value: '', label: t('accounts.status_all', { count: all }) },
            ...ACCOUNT_STATUSES.map((s) => ({ value: s, label: `${t(`accounts.status_${s}`)} (${data.status_counts[s] ?? 0})` })),
          ]} />
      </Group>
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {header('id', 'ID')}
              {header('name', t('accounts.name'))}
              {header('email', t('accounts.email'))}
              {header('authority', t('accounts.authority'))}
              <Table.Th><Text fw={600} fz="sm">{t('accounts.services')}</Text></Table.Th>
              {header('status', t('accounts.status'))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.users.map((u) => (
              <Table.Tr key={u.uuid}>
                <Table.Td><Text size="xs" ff="monospace" c="dimmed">{u.uuid.slice(-8)}</Text></Table.Td>
                <Table.Td><Text size="sm">{u.name}</Text></Table.Td>
                <Table.Td>
                  <Text size="sm">{u.email}</Text>
                  {u.pending_email && <Text size="xs" c="grape.7">{t('accounts.pending_email', { email: u.pending_email })}</Text>}
                </Table.Td>
                <Table.Td><Text size="sm">{u.authority ? t(`accounts.authority_${u.authority}`) : '—'}</Text></Table.Td>
                <Table.Td><Group gap={4}>{u.services.map((s) => <Badge key={s} size="xs" variant="outline">{s}</Badge>)}</Group></Table.Td>
                <Table.Td><Badge color={STATUS_COLOR[u.status] ?? 'gray'} variant="light">{t(`accounts.status_${u.status}`)}</Badge></Table.Td>
                <Table.Td ta="right">
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target><Button size="compact-sm" variant="subtle" aria-label={`${t('accounts.actions')}: ${u.email}`}>{t('accounts.actions')}</Button></Menu.Target>
                    <Menu.Dropdown>
                      {u.status !== 'invited' && u.status !== 'expired' && (
                        <Menu.Item component={Link} to={`/user/update?uuid=${u.uuid}`}>{t('accounts.edit')}</Menu.Item>
                      )}
                      {(u.status === 'invited' || u.status === 'expired') && (
                        <Menu.Item onClick={() => void act(() => apiRequest('post', '/user/reinvite', { payload: { uuid: u.uuid } }), () => t('accounts.reinvited'))}>{t('accounts.reinvite')}</Menu.Item>
                      )}
                      {(u.status === 'active' || u.status === 'modifymail') && <Menu.Item onClick={() => setConfirm({ user: u, action: 'ban' })}>{t('accounts.ban')}</Menu.Item>}
                      {u.status === 'inactive' && (
                        <Menu.Item onClick={() => void act(() => apiRequest('put', '/user/status', { payload: { uuid: u.uuid, status: 'active' } }),
                          (r) => t(r.status === 'modifymail' ? 'accounts.resumed_pending' : 'accounts.resumed'))}>{t('accounts.resume')}</Menu.Item>
                      )}
                      <Menu.Item color="red" onClick={() => setConfirm({ user: u, action: 'delete' })}>{t('accounts.delete')}</Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!data.users.length && <Text size="sm" c="dimmed">{t('accounts.empty')}</Text>}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">{t('accounts.total', { count: data.total })}</Text>
        <Pagination total={Math.max(1, Math.ceil(data.total / PER_PAGE))} value={page} onChange={setPage} size="sm" />
      </Group>
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} centered title={confirm?.action === 'delete' ? t('accounts.delete_title') : t('accounts.ban_title')}>
        <Stack>
          <Text size="sm">{t(confirm?.action === 'delete' ? 'accounts.delete_confirm' : 'accounts.ban_confirm', { email: confirm?.user.email ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>{t('common.cancel')}</Button>
            <Button color="red" onClick={() => {
              const c = confirm!;
              void (c.action === 'delete'
                ? act(() => apiRequest('delete', '/user', { payload: { uuid: c.user.uuid } }), () => t('accounts.deleted'))
                : act(() => apiRequest('put', '/user/status', { payload: { uuid: c.user.uuid, status: 'inactive' } }), () => t('accounts.banned')));
            }}>{confirm?.action === 'delete' ? t('accounts.delete') : t('accounts.ban')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
