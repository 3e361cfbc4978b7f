import { Suspense, useRef } from 'react';
import { Navigate, Link as RouterLink, Outlet, useLocation } from 'react-router';
import { AppShell, Box, Burger, Center, Group, Loader, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { HOME_PATH, evaluatePolicy, homePathFor } from '@portal/proto';
import { BrandMark } from '../components/BrandMark';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { MAIN_ID, SkipLink } from '../../components/SkipLink';
import { loginUrl } from '../../lib/browser';
import { sessionIdentity } from '../../lib/session-events';
import { useSession } from '../../lib/use-session';
import { ForceLogoutDialog } from '../components/ForceLogoutDialog';
import { SupportSessionBanner } from '../components/SupportSessionBanner';
import { UserMenu } from '../components/UserMenu';
import { findRoute, menuFor } from '../route-table';
import classes from './layout.module.css';
// Issue 12, slice B: the unread notices in the header and the menu.
import { NoticeBell, NoticeMenuCount } from '../../features/notices';
// Issue 25: agreement to a major revision of the terms, asked after login.
import { AgreementGate } from '../../features/terms';

/**
 * Logged-in pages. The guard lives here so that a refused visitor never sees the shell:
 * unauthenticated -> /login?targetUrl=..., forbidden -> /404 (spec §2, §6).
 */
export function ShellLayout() {
  const location = useLocation();
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  // Issue 26: at phone width the closed side menu is inert (out of the Tab order and of the
  // accessibility tree, not only off-screen), its button says whether it is open, and Esc closes it.
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const burger = useRef<HTMLButtonElement>(null);
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !opened || !phone) return;
    close();
    burger.current?.focus();
  });
  // Hint cookies first (no flash), then GET /v1/user-auth decides (lib/use-session.ts).
  const session = useSession();
  const route = findRoute(location.pathname);
  const decision = route ? evaluatePolicy(route.policy, session.principal) : 'allow';

  // A hint that refuses may be stale (authority changed): wait for the server before redirecting.
  if (decision !== 'allow' && session.pending) return <Center h="100vh"><Loader size="sm" /></Center>;
  if (decision === 'unauthenticated') return <Navigate to={loginUrl(location.pathname + location.search)} replace />;
  // The root's target is the client area's; partners and operators start from their client list.
  if (decision === 'forbidden' && location.pathname === HOME_PATH && session.principal) return <Navigate to={homePathFor(session.principal)} replace />;
  if (decision === 'forbidden') return <Navigate to="/404" replace />;

  const sections = menuFor(session.principal);
  // The one menu item the page belongs to: the longest item path the URL starts with (/billing/list
  // is the invoice history, not billing info).
  const activePath = sections.flatMap((section) => section.routes.map((r) => r.path))
    .filter((path) => location.pathname === path || location.pathname.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)[0];
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <SkipLink />
      <ForceLogoutDialog identity={session.source === 'server' ? sessionIdentity(session.principal) : ''} />
      {session.principal?.context === 'client' && !session.principal.proxy && <AgreementGate />}
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger ref={burger} opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t(opened ? 'common.menu_close' : 'common.menu_open')}
              aria-expanded={opened} aria-controls="side-menu" />
            <BrandMark compact />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <NoticeBell principal={session.principal} />
            <LanguageSwitcher />
            <UserMenu session={session} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id="side-menu" inert={phone && !opened}>
        {/* The navbar stays mounted across navigations, so its scroll position is kept. */}
        <AppShell.Section grow component={ScrollArea} px="xs" pb="md">
          <nav aria-label={t('common.side_menu')}>
            {sections.map((section) => (
              <Box key={section.group} role="group" aria-label={t(`menu.${section.group}`)}>
                <div className={classes.groupLabel}>{t(`menu.${section.group}`)}</div>
                {section.routes.map((r) => (
                  <NavLink
                    key={r.name}
                    component={RouterLink}
                    to={r.path}
                    label={t(`route.${r.name}`)}
                    rightSection={r.name === 'notice_list' ? <NoticeMenuCount principal={session.principal} /> : undefined}
                    active={r.path === activePath}
                    aria-current={r.path === activePath ? 'page' : undefined}
                    onClick={close}
                    variant="light"
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  />
                ))}
              </Box>
            ))}
          </nav>
        </AppShell.Section>
        {/* Issue 22: the notice the Act on Specified Commercial Transactions requires (an operator's terms-and-conditions URL). */}
        {session.lawUrl && (
          <AppShell.Section px="xs" py="xs" className={classes.menuFooter}>
            <NavLink component="a" href={session.lawUrl} target="_blank" rel="noopener noreferrer" label={t('common.law_page')}
              rightSection={<IconExternal />} variant="subtle" style={{ borderRadius: 'var(--mantine-radius-md)' }} />
          </AppShell.Section>
        )}
      </AppShell.Navbar>

      <AppShell.Main className={classes.main} id={MAIN_ID} tabIndex={-1}>
        {session.principal?.proxy && <SupportSessionBanner companyName={session.companyName} partner={session.principal.context !== 'client'} />}
        <Suspense fallback={<Center py="xl"><Loader size="sm" /></Center>}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}

/** A small "opens elsewhere" mark for a link that leaves the portal. */
function IconExternal() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </svg>
  );
}
