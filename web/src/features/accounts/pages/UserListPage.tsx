import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, Table, Text, TextInput, Title, useMantineTheme } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_STATUSES, USER_LIST_SORTS, type TAccountStatus, type TUserListSort } from '@portal/proto';
import { ListFooter, pageCount } from '../../../components/ListFooter';
import { QueryState } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteAccount, useReinviteAccount, useSetAccountStatus, useUserList, type TUserRow } from '../api';
import { AccountCards, AccountTable, type SortState, type TRowRequest } from '../components/AccountRows';

const PER_PAGE = 20;
/** Spec §9 search: the list asks once typing pauses. */
const SEARCH_DEBOUNCE_MS = 300;

/** The sort keys' labels for the narrow layout's sort list (the table's are its headers). */
const SORT_LABEL: Record<TUserListSort, string> = {
  id: 'accounts.id', name: 'accounts.name', email: 'accounts.email', authority: 'accounts.authority', status: 'accounts.status', created_at: 'accounts.sort_created_at',
};

interface ListParams extends SortState { page: number; q: string; status: TAccountStatus | '' }

/**
 * /user/list (owner): ID, username, email, authority, services, status; paged, searchable,
 * sortable, filterable by status (with counts). Each row offers the actions the server answered
 * for it; ban and delete ask first; a pending email change shows under the address. Where the
 * columns do not fit beside the menu (below the `lg` breakpoint), each account is a card. The
 * request is one state object: a new search or status filter sets page 1 in the same update, so
 * it is one call, never the old page first.
 */
export default function UserListPage() {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  // Read at once (no effect): the first paint already has the right layout.
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.lg})`, true, { getInitialValueInEffect: false });
  const [params, setParams] = useState<ListParams>({ page: 1, q: '', status: '', sort: 'created_at', order: 'asc' });
  const [query, setQuery] = useState('');
  const [confirm, setConfirm] = useState<{ user: TUserRow; action: 'delete' | 'ban' } | null>(null);
  const update = (patch: Partial<ListParams>) => setParams((p) => ({ ...p, ...patch }));
  const search = useDebouncedCallback((q: string) => update({ q: q.trim(), page: 1 }), SEARCH_DEBOUNCE_MS);

  const list = useUserList({
    page: params.page, per_page: PER_PAGE, q: params.q || undefined, status: params.status || undefined, sort: params.sort, order: params.order,
  });
  const setStatus = useSetAccountStatus();
  const remove = useDeleteAccount();
  const reinvite = useReinviteAccount();
  const counts = list.data?.status_counts;

  /** Runs a row action; says what happened, or the server's refusal. */
  async function act(run: () => Promise<string>) {
    try {
      toast(await run(), 'success');
    } catch (error) {
      if (error instanceof ApiError && error.message) toast(error.message);
    } finally {
      setConfirm(null);
    }
  }
  const ban = (u: TUserRow) => act(async () => {
    await setStatus.mutateAsync({ uuid: u.uuid, status: 'inactive' });
    return t('accounts.banned');
  });
  const resume = (u: TUserRow) => act(async () => {
    const changed = await setStatus.mutateAsync({ uuid: u.uuid, status: 'active' });
    return t(changed.status === 'modifymail' ? 'accounts.resumed_pending' : 'accounts.resumed');
  });
  const invite = (u: TUserRow) => act(async () => {
    await reinvite.mutateAsync({ uuid: u.uuid });
    return t('accounts.reinvited');
  });
  const del = (u: TUserRow) => act(async () => {
    await remove.mutateAsync({ uuid: u.uuid });
    return t('accounts.deleted');
  });
  function onAction(user: TUserRow, action: TRowRequest) {
    if (action === 'ban' || action === 'delete') setConfirm({ user, action });
    else void (action === 'resume' ? resume(user) : invite(user));
  }

  const all = ACCOUNT_STATUSES.reduce((n, s) => n + (counts?.[s] ?? 0), 0);

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
        <TextInput placeholder={t('accounts.search')} value={query} w={{ base: '100%', xs: 360 }} aria-label={t('accounts.search')}
          onChange={(e) => { setQuery(e.currentTarget.value); search(e.currentTarget.value); }} />
        <NativeSelect aria-label={t('accounts.status_filter')} value={params.status} w={{ base: '100%', xs: 240 }}
          onChange={(e) => update({ status: e.currentTarget.value as TAccountStatus | '', page: 1 })}
          data={[
            { value: '', label: t('accounts.status_all', { count: all }) },
            ...ACCOUNT_STATUSES.map((s) => ({ value: s, label: `${t(`accounts.status_${s}`)} (${counts?.[s] ?? 0})` })),
          ]} />
        {!wide && (
          // The cards have no column headers to sort by: the same sort as a list.
          <NativeSelect aria-label={t('accounts.sort_by')} value={`${params.sort}:${params.order}`} w={{ base: '100%', xs: 240 }}
            onChange={(e) => {
              const [sort, order] = e.currentTarget.value.split(':') as [TUserListSort, 'asc' | 'desc'];
              update({ sort, order });
            }}
            data={USER_LIST_SORTS.flatMap((by) => (['asc', 'desc'] as const).map((order) => ({
              value: `${by}:${order}`, label: `${t(SORT_LABEL[by])} ${order === 'asc' ? '▲' : '▼'}`,
            })))} />
        )}
      </Group>
      <QueryState query={list} isEmpty={(data) => data.users.length === 0} empty={t('accounts.empty')}>
        {(data) => (
          <>
            {wide ? (
              <Table.ScrollContainer minWidth={820}>
                <AccountTable users={data.users} onAction={onAction} sort={params} onSort={(sort) => update(sort)} />
              </Table.ScrollContainer>
            ) : <AccountCards users={data.users} onAction={onAction} />}
            <ListFooter summary={t('accounts.total', { count: data.total })} pages={pageCount(data.total, PER_PAGE)} page={params.page} onPage={(page) => update({ page })} />
          </>
        )}
      </QueryState>
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} centered title={confirm?.action === 'delete' ? t('accounts.delete_title') : t('accounts.ban_title')}>
        <Stack>
          <Text size="sm">{t(confirm?.action === 'delete' ? 'accounts.delete_confirm' : 'accounts.ban_confirm', { email: confirm?.user.email ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>{t('common.cancel')}</Button>
            <Button color="red" loading={setStatus.isPending || remove.isPending} onClick={() => {
              const c = confirm!;
              void (c.action === 'delete' ? del(c.user) : ban(c.user));
            }}>{confirm?.action === 'delete' ? t('accounts.delete') : t('accounts.ban')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
