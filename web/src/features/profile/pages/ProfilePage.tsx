import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState';
import { Section } from '../../../components/Section';
import { useDateTime } from '../../../lib/datetime';
import { currentPrincipal } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { ProfileForms } from '../components/ProfileForms';
import { canSeeSupportSessions, useEndOwnSession, useEndSupportSession, useOwnSessions, useSupportSessions, type TSession } from '../api';

function SessionTable({ sessions, onEnd, support }: { sessions: TSession[]; onEnd: (s: TSession) => void; support?: boolean }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  // A phone gets one card per session: the table's five columns would run off the screen.
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, { getInitialValueInEffect: false });
  const format = useDateTime();
  if (!sessions.length) return <Text size="sm" c="dimmed">{t('profile.no_sessions')}</Text>;
  const who = (s: TSession) => (
    <Group gap="xs">
      <Text size="sm">{support ? s.actor : s.device}</Text>
      {s.current && <Badge size="sm" variant="light">{t('profile.this_session')}</Badge>}
    </Group>
  );
  const end = (s: TSession) => !s.current && <Button size="compact-sm" variant="light" color="red" onClick={() => onEnd(s)}>{t('profile.end')}</Button>;
  if (!wide) {
    return (
      <Stack gap="xs">
        {sessions.map((s) => (
          <Paper key={s.id} withBorder radius="md" p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                {who(s)}
                <Text size="xs" c="dimmed">{t('profile.ip')}: <Text span ff="monospace" size="xs">{s.ip}</Text></Text>
                <Text size="xs" c="dimmed">{t('profile.started')}: {format.dateTime(s.created_at)}</Text>
                <Text size="xs" c="dimmed">{t('profile.last_used')}: {format.dateTime(s.last_used_at)}</Text>
              </Stack>
              {end(s)}
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{support ? t('profile.actor') : t('profile.device')}</Table.Th>
            <Table.Th>{t('profile.ip')}</Table.Th>
            <Table.Th>{t('profile.started')}</Table.Th>
            <Table.Th>{t('profile.last_used')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{who(s)}</Table.Td>
              <Table.Td><Text size="sm" ff="monospace">{s.ip}</Text></Table.Td>
              <Table.Td><Text size="sm">{format.dateTime(s.created_at)}</Text></Table.Td>
              <Table.Td><Text size="sm">{format.dateTime(s.last_used_at)}</Text></Table.Td>
              <Table.Td ta="right">{end(s)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Sessions with "end" after a confirmation. A refusal is shown by the api client; the list is read
 * again either way (the hooks invalidate it).
 */
function Sessions({ query, end, support }: {
  query: UseQueryResult<{ sessions: TSession[] }>;
  end: UseMutationResult<unknown, Error, { session_id: string }>;
  support?: boolean;
}) {
  const { t } = useTranslation();
  const [ending, setEnding] = useState<TSession | null>(null);

  async function confirmEnd() {
    if (!ending) return;
    try {
      await end.mutateAsync({ session_id: ending.id });
      toast(t('profile.ended'), 'success');
    } catch {
      // The api client has shown the refusal.
    } finally {
      setEnding(null);
    }
  }

  return (
    <>
      <QueryState query={query}>{(data) => <SessionTable sessions={data.sessions} support={support} onEnd={setEnding} />}</QueryState>
      <Modal opened={ending !== null} onClose={() => setEnding(null)} title={t('profile.end_title')} centered>
        <Stack>
          <Text size="sm">{t('profile.end_confirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEnding(null)}>{t('common.cancel')}</Button>
            <Button color="red" loading={end.isPending} onClick={() => void confirmEnd()}>{t('profile.end')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function OwnSessions() {
  return <Sessions query={useOwnSessions()} end={useEndOwnSession()} />;
}

function SupportSessions() {
  return <Sessions support query={useSupportSessions()} end={useEndSupportSession()} />;
}

/**
 * /profile: name and language, email, password (spec §2), and the sessions (beyond the spec), for
 * clients, partners and operators. The company's support sessions show only where their route's
 * policy admits the principal (a client's owner): the page never calls a route that refuses it.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const supportSessions = canSeeSupportSessions(currentPrincipal());
  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={2}>{t('route.profile')}</Title>
      </div>
      <ProfileForms />
      <Section title={t('profile.sessions_title')} help={t('profile.sessions_help')}>
        <OwnSessions />
      </Section>
      {supportSessions && (
        <Section title={t('profile.support_title')} help={t('profile.support_help')}>
          <SupportSessions />
        </Section>
      )}
    </Stack>
  );
}
