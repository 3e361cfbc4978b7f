import { Avatar, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PROFILE, evaluatePolicy } from '@portal/proto';
import { logout, type SessionView } from '../../lib/use-session';

/** The header's user menu: who is logged in and for which company, profile, logout. */
export function UserMenu({ session }: { session: SessionView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = session.userName || t('common.account');

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('common.user_menu')}>
          <Group gap={8} wrap="nowrap">
            <Avatar size={32} radius="xl" color="brand">{name.slice(0, 1).toUpperCase()}</Avatar>
            <Stack gap={0} visibleFrom="sm" maw={180}>
              <Text size="sm" fw={500} truncate>{name}</Text>
              {session.companyName && <Text size="xs" c="dimmed" truncate>{session.companyName}</Text>}
            </Stack>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>{name}</Text>
          {session.companyName && <Text size="xs" c="dimmed" truncate>{session.companyName}</Text>}
          {session.email && <Text size="xs" c="dimmed" truncate>{session.email}</Text>}
          {session.principal?.proxy && <Text size="xs" c="orange.7">{t('common.support_login')}</Text>}
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
