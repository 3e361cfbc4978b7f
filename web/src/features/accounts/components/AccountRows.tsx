import type { ReactNode } from 'react';
import { Badge, Button, Group, Menu, Paper, SimpleGrid, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { productName, type TAccountAction, type TUserListSort } from '@portal/proto';
import type { TUserRow } from '../api';
import { SupportMark } from './SupportMark';

const STATUS_COLOR: Record<string, string> = { active: 'teal', inactive: 'gray', invited: 'blue', expired: 'orange', modifymail: 'grape' };

/** What a row's menu item asks the page to do (edit is a link). */
export type TRowRequest = Exclude<TAccountAction, 'edit'>;

interface RowsProps {
  users: TUserRow[];
  onAction: (user: TUserRow, action: TRowRequest) => void;
}

/**
 * The row's menu: exactly the actions the server answered for it (`actions`, from identity's
 * account rules), so the own row, the last owner and the protected product's accounts offer
 * nothing the server would refuse. No action, no menu.
 */
function RowMenu({ user, onAction }: { user: TUserRow; onAction: RowsProps['onAction'] }) {
  const { t } = useTranslation();
  if (!user.actions.length) return null;
  const can = (action: TAccountAction) => user.actions.includes(action);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="light" aria-label={`${t('accounts.actions')}: ${user.email}`}>{t('accounts.actions')}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {can('edit') && <Menu.Item component={Link} to={`/user/update?uuid=${user.uuid}`}>{t('accounts.edit')}</Menu.Item>}
        {can('reinvite') && <Menu.Item onClick={() => onAction(user, 'reinvite')}>{t('accounts.reinvite')}</Menu.Item>}
        {can('ban') && <Menu.Item onClick={() => onAction(user, 'ban')}>{t('accounts.ban')}</Menu.Item>}
        {can('resume') && <Menu.Item onClick={() => onAction(user, 'resume')}>{t('accounts.resume')}</Menu.Item>}
        {can('delete') && <Menu.Item color="red" onClick={() => onAction(user, 'delete')}>{t('accounts.delete')}</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );
}

function Email({ user }: { user: TUserRow }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{user.email}</Text>
      {user.pending_email && <Text size="xs" c="grape" style={{ overflowWrap: 'anywhere' }}>{t('accounts.pending_email', { email: user.pending_email })}</Text>}
    </>
  );
}

function Products({ ids }: { ids: string[] }) {
  return <Group gap={4}>{ids.map((id) => <Badge key={id} size="sm" variant="outline" tt="none">{productName(id)}</Badge>)}</Group>;
}

function Status({ user }: { user: TUserRow }) {
  const { t } = useTranslation();
  return <Badge color={STATUS_COLOR[user.status] ?? 'gray'} variant="light" tt="none">{t(`accounts.status_${user.status}`)}</Badge>;
}

function Authority({ user }: { user: TUserRow }) {
  const { t } = useTranslation();
  return <>{user.authority ? t(`accounts.authority_${user.authority}`) : '—'}</>;
}

const shortId = (uuid: string) => uuid.slice(-8);
/** Headers, the ID, the authority and the status stay on one line ("ユーザー" never breaks); names, emails and products wrap. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

export interface SortState { sort: TUserListSort; order: 'asc' | 'desc' }

/** Wide screens: the spec's columns (ID, username, email, authority, services, status), sortable by their headers. */
export function AccountTable({ users, onAction, sort, onSort }: RowsProps & { sort: SortState; onSort: (sort: SortState) => void }) {
  const { t } = useTranslation();
  const header = (by: TUserListSort, label: string) => (
    <Table.Th aria-sort={sort.sort === by ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined} style={NOWRAP}>
      <UnstyledButton onClick={() => onSort({ sort: by, order: sort.sort === by && sort.order === 'asc' ? 'desc' : 'asc' })} fw={600} fz="sm">
        {label}{sort.sort === by ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
  return (
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          {header('id', t('accounts.id'))}
          {header('name', t('accounts.name'))}
          {header('email', t('accounts.email'))}
          {header('authority', t('accounts.authority'))}
          <Table.Th style={NOWRAP}><Text fw={600} fz="sm">{t('accounts.services')}</Text></Table.Th>
          {header('status', t('accounts.status'))}
          <Table.Th><VisuallyHidden>{t('accounts.actions')}</VisuallyHidden></Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((u) => (
          <Table.Tr key={u.uuid}>
            <Table.Td style={NOWRAP}><Text size="xs" ff="monospace" c="dimmed">{shortId(u.uuid)}</Text></Table.Td>
            <Table.Td><Text size="sm">{u.name}</Text><SupportMark account={u} /></Table.Td>
            <Table.Td><Email user={u} /></Table.Td>
            <Table.Td style={NOWRAP}><Text size="sm"><Authority user={u} /></Text></Table.Td>
            <Table.Td><Products ids={u.services} /></Table.Td>
            <Table.Td style={NOWRAP}><Status user={u} /></Table.Td>
            <Table.Td ta="right"><RowMenu user={u} onAction={onAction} /></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="xs" c="dimmed" w={96} style={{ flexShrink: 0 }}>{label}</Text>
      <div style={{ minWidth: 0 }}>{children}</div>
    </Group>
  );
}

/** Narrow screens: one card per account with the same facts and the same menu, nothing off-screen. */
export function AccountCards({ users, onAction }: RowsProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" role="list" aria-label={t('route.user_list')}>
      {users.map((u) => (
        <Paper key={u.uuid} withBorder radius="md" p="sm" role="listitem" aria-label={u.email}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">{u.name}</Text>
                <Email user={u} />
                <SupportMark account={u} />
              </div>
              <RowMenu user={u} onAction={onAction} />
            </Group>
            <Field label={t('accounts.status')}><Status user={u} /></Field>
            <Field label={t('accounts.authority')}><Text size="sm"><Authority user={u} /></Text></Field>
            {u.services.length > 0 && <Field label={t('accounts.services')}><Products ids={u.services} /></Field>}
            <Field label={t('accounts.id')}><Text size="xs" ff="monospace" c="dimmed">{shortId(u.uuid)}</Text></Field>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
