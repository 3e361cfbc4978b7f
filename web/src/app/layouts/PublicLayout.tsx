import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Box, Center, Container, Group, Loader, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { MAIN_ID, SkipLink } from '../../components/SkipLink';
import { BrandMark } from '../components/BrandMark';
import classes from './layout.module.css';

/** Public pages (login, signup, status pages): one centred card. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Box className={classes.publicPage}>
      <SkipLink />
      <Group component="header" justify="space-between" px="lg" py="md">
        <BrandMark />
        <LanguageSwitcher />
      </Group>
      <Center component="main" className={classes.publicMain} id={MAIN_ID} tabIndex={-1}>
        <Container size={460} w="100%" px="md">
          <Paper shadow="sm" p={{ base: 'lg', sm: 'xl' }} withBorder>
            <Suspense fallback={<Center py="xl"><Loader size="sm" /></Center>}>
              <Outlet />
            </Suspense>
          </Paper>
          <Text ta="center" size="xs" c="dimmed" mt="lg">
            © {new Date().getFullYear()} {t('common.product_name')}
          </Text>
        </Container>
      </Center>
    </Box>
  );
}
