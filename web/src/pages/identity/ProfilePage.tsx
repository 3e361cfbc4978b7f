import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { Section } from '../../components/Section';
import { useTranslation } from 'react-i18next';
import { ZSessionList } from '@portal/proto';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { readSessionHint } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ProfileForms } from './ProfileForms';

type TSession = z.infer<typeof ZSessionList>['sessions'][number];

function SessionTable({ sessions, onEnd, support }: { sessions: TSession[]; onEnd: (s: TSession) => void; support?: boolean }) {
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (!sessions.length) return <Text size="sm" c="dimmed">{t('profile.no_sessions')}</Text>;
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
              <Table.Td>
                <Group gap="xs">
                  <Text size="sm">{support ? s.actor : s.device}</Text>
                  {s.current && <Badge size="sm" variant="light">{t('profile.this_session')}</Badge>}
                </Group>
              </Table.Td>
              <Table.Td><Text size="sm" ff="monospace">{s.ip}</Text></Table.Td>
              <Table.Td><Text size="sm">{format.format(new Date(s.created_at))}</Text></Table.Td>
              <Table.Td><Text size="sm">{format.format(new Date(s.last_used_at))}</Text></Table.Td>
              <Table.Td ta="right">
                {!s.current && <Button size="compact-sm" variant="light" color="red" onClick={() => onEnd(s)}>{t('profile.end')}</Button>}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /profile: name and language, email, password (spec §2), and the sessions (beyond the spec). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const owner = readSessionHint().principal?.level === 3;
  const [own, setOwn] = useState<TSession[]>([]);
  const [support, setSupport] = useState<TSession[]>([]);
  const [ending, setEnding] = useState<{ session: TSession; support: boolean } | null>(null);

  const load = useCallback(() => {
    apiRequest('get', '/profile/sessions').then((r) => setOwn(ZSessionList.parse(r).sessions), () => undefined);
    if (owner) apiRequest('get', '/support_sessions').then((r) => setSupport(ZSessionList.parse(r).sessions), () => undefined);
  }, [owner]);
  useEffect(load, [load]);

  async function end() {
    if (!ending) return;
    try {
      await apiRequest('delete', ending.support ? '/support_sessions' : '/profile/sessions', { payload: { session_id: ending.session.id } });
      toast(t('profile.ended'), 'success');
    } catch {
      // The api client shows the message.
    } finally {
      setEnding(null);
      load();
    }
  }

  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={2}>{t('route.profile')}</Title>
      </div>
      <ProfileForms />
      <Section title={t('profile.sessions_title')} help={t('profile.sessions_help')}>
        <SessionTable sessions={own} onEnd={(session) => setEnding({ session, support: false })} />
      </Section>
      {owner && (
        <Section title={t('profile.support_title')} help={t('profile.support_help')}>
          <SessionTable support sessions={support} onEnd={(session) => setEnding({ session, support: true })} />
        </Section>
      )}
      <Modal opened={ending !== null} onClose={() => setEnding(null)} title={t('profile.end_title')} centered>
        <Stack>
          <Text size="sm">{t('profile.end_confirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEnding(null)}>{t('common.cancel')}</Button>
            <Button color="red" onClick={() => void end()}>{t('profile.end')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
