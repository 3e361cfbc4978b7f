import { Avatar, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PROFILE, evaluatePolicy } from '@portal/proto';
import { logout, type SessionView } from '../../lib/use-session';

/**
 * The header's user menu: who is logged in and for which company, profile, logout. Issue 26: the
 * button is named by what it shows (the name and the company) followed by "user menu", so that
 * voice control can click it by its visible text; on phones, where only the initial shows, by
 * "user menu" alone. The menu's header is plain text (no paragraphs inside role="menu").
 */
export function UserMenu({ session }: { session: SessionView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = session.userName || t('common.account');

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton>
          <Group gap={8} wrap="nowrap">
            <Avatar size={32} radius="xl" color="brand" aria-hidden>{name.slice(0, 1).toUpperCase()}</Avatar>
            <Stack gap={0} visibleFrom="sm" maw={180}>
              <Text size="sm" fw={500} truncate component="div">{name}</Text>
              {session.companyName && <Text size="xs" c="dimmed" truncate component="div">{session.companyName}</Text>}
            </Stack>
            <VisuallyHidden>{t('common.user_menu')}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate component="div">{name}</Text>
          {session.companyName && <Text size="xs" c="dimmed" truncate component="div">{session.companyName}</Text>}
          {session.email && <Text size="xs" c="dimmed" truncate component="div">{session.email}</Text>}
          {session.principal?.proxy && <Text size="xs" c="orange" component="div">{t('common.support_login')}</Text>}
        </Menu.Label>
        <Menu.Divider />
        {evaluatePolicy(PROFILE, session.principal) === 'allow' && (
          <Menu.Item onClick={() => navigate('/profile')}>{t('route.profile')}</Menu.Item>
        )}
        <Menu.Item color="red" onClick={() => void logout(queryClient)}>{t('common.logout')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
