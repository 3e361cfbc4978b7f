import { lazy, useEffect, type ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SPA_ROUTES, evaluatePolicy, homePathFor, type SpaRoute } from '@portal/proto';
import { schedulePageView } from './lib/analytics';
import { clearCurrentProduct } from './lib/current-product';
import { documentBase, siteRootRedirect } from './lib/site-root';
import { NOT_FOUND_ROUTE_NAME, findRoute, isShellRoute } from './lib/routes';
import { beginRoute } from './lib/route-abort';
import { currentPrincipal } from './lib/session';
import { PublicLayout } from './layouts/PublicLayout';
import { ShellLayout } from './layouts/ShellLayout';
import type { TErrorCode } from './pages/ErrorPage';

// Route pages are lazy chunks; the shell stays small.
const PlaceholderPage = lazy(() => import('./pages/PlaceholderPage'));
const ClientListPage = lazy(() => import('./pages/clients/ClientListPage'));
const ProductPage = lazy(() => import('./pages/product/ProductPage'));
const LoginPage = lazy(() => import('./pages/LoginPage'));
const MaintenancePage = lazy(() => import('./pages/MaintenancePage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const ErrorPage = lazy(() => import('./pages/ErrorPage'));
const PasswordResetRequestPage = lazy(() => import('./pages/identity/PasswordResetRequestPage'));
const PasswordResetPage = lazy(() => import('./pages/identity/PasswordResetPage'));
const SignupFormPage = lazy(() => import('./pages/identity/SignupFormPage'));
const SignupDonePage = lazy(() => import('./pages/identity/SignupDonePage'));
const SignupPage = lazy(() => import('./pages/identity/SignupPage'));
const InvitePage = lazy(() => import('./pages/identity/InvitePage'));
const ProxyLoginPage = lazy(() => import('./pages/identity/ProxyLoginPage'));
const ServiceLoginPage = lazy(() => import('./pages/identity/ServiceLoginPage'));
const SystemSettingsPage = lazy(() => import('./pages/identity/SystemSettingsPage'));
const ProfilePage = lazy(() => import('./pages/identity/ProfilePage'));
const UserListPage = lazy(() => import('./pages/accounts/UserListPage'));
const AccountInvitePage = lazy(() => import('./pages/accounts/InvitePage'));
const OperationLogPage = lazy(() => import('./pages/accounts/OperationLogPage'));
const InviteCsvPage = lazy(() => import('./pages/accounts/InviteCsvPage'));
const CompanyPage = lazy(() => import('./pages/company/CompanyPage'));
const UserEditPage = lazy(() => import('./pages/accounts/UserEditPage'));
const MailUpdatePage = lazy(() => import('./pages/accounts/MailUpdatePage'));
const MailChangeResultPage = lazy(() => import('./pages/accounts/MailChangeResultPage'));

const HASH_ERRORS: Record<string, TErrorCode> = { '#/403': '403', '#/404': '404', '#/500': '500' };

function pageFor(route: SpaRoute): ReactElement {
  switch (route.name) {
    case 'login': return <LoginPage />;
    case 'maintenance': return <MaintenancePage />;
    case 'http_404': return <NotFoundPage />;
    case 'http_500': return <ErrorPage code="500" />;
    case 'password_reset_request': return <PasswordResetRequestPage />;
    case 'password_reset': return <PasswordResetPage />;
    case 'signup_formonly': return <SignupFormPage />;
    case 'internal_signup': return <SignupFormPage internal />;
    case 'temporary_register_done':
    case 'internal_signup_done': return <SignupDonePage />;
    case 'signup': return <SignupPage />;
    case 'invite': return <InvitePage />;
    case 'proxy_login': return <ProxyLoginPage />;
    case 'service_login': return <ServiceLoginPage />;
    case 'system_settings': return <SystemSettingsPage />;
    case 'profile': return <ProfilePage />;
    case 'user_list': return <UserListPage />;
    case 'user_invite': return <AccountInvitePage />;
    case 'operation_log': return <OperationLogPage />;
    case 'user_invite_csv': return <InviteCsvPage />;
    case 'user_update': return <UserEditPage />;
    case 'company': return <CompanyPage />;
    case 'account_mail_update': return <MailUpdatePage />;
    case 'mailchange_success': return <MailChangeResultPage ok />;
    case 'mailchange_fail': return <MailChangeResultPage ok={false} />;
    case 'partner_clients': return <ClientListPage area="partner" />;
    case 'operator_clients': return <ClientListPage area="operator" />;
    case 'product': return <ProductPage />;
    default: return <PlaceholderPage name={route.name} />;
  }
}

/** The root (spec §2): the services list, or a partner's or operator's client list. */
function RootRedirect() {
  return <Navigate to={homePathFor(currentPrincipal())} replace />;
}

/** Public routes need no login; 'guest' ones (login) send a logged-in visitor to '/'. */
function PublicGate({ route }: { route: SpaRoute }) {
  if (route.policy.access === 'guest' && currentPrincipal() !== null) return <Navigate to="/" replace />;
  // Public policies always allow; the call keeps one source of truth for the decision.
  return evaluatePolicy(route.policy, null) === 'allow' ? pageFor(route) : <Navigate to="/404" replace />;
}

function routeNameOf(pathname: string, hash: string): string {
  const code = HASH_ERRORS[hash];
  if (code) return `error_${code}`;
  return findRoute(pathname)?.name ?? NOT_FOUND_ROUTE_NAME;
}

function titleKeyOf(name: string): string {
  if (name === NOT_FOUND_ROUTE_NAME || name === 'error_404') return 'errors.not_found_title';
  if (name === 'error_403') return 'errors.forbidden_title';
  if (name === 'error_500') return 'errors.server_error_title';
  return `route.${name}`;
}

/**
 * Per navigation: abort the old route's requests, reset the content scroll, set the title and
 * schedule the analytics page view (spec §2).
 */
function NavigationEffects() {
  const { pathname, search, hash } = useLocation();
  const { t, i18n } = useTranslation();
  const name = routeNameOf(pathname, hash);

  useEffect(() => {
    beginRoute(`${pathname}${search}`);
    window.scrollTo?.({ top: 0, left: 0 });
  }, [pathname, search]);

  // Leaving a route clears the current product info (spec §2). This runs before the new page's
  // own effects, so a product page can set its product again on mount.
  useEffect(() => {
    clearCurrentProduct();
  }, [pathname]);

  useEffect(() => {
    document.title = `${t(titleKeyOf(name))} | ${t('common.product_name')}`;
  }, [name, t, i18n.language]);

  useEffect(() => {
    // The title effect above runs first, so the event carries this page's title.
    return schedulePageView(name);
  }, [name, pathname, search, hash]);

  return null;
}

export function AppRoutes() {
  const { hash, pathname } = useLocation();
  const hashError = HASH_ERRORS[hash];
  // Spec §2: the SPA is entered at the site root only (reading in docs/decisions.md).
  const outsideRoot = siteRootRedirect(pathname, documentBase());
  if (outsideRoot) return <Navigate to={outsideRoot} replace />;

  return (
    <>
      <NavigationEffects />
      {hashError ? (
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path="*" element={<ErrorPage code={hashError} />} />
          </Route>
        </Routes>
      ) : (
        <Routes>
          <Route path="/" element={<RootRedirect />} />
          <Route element={<ShellLayout />}>
            {SPA_ROUTES.filter(isShellRoute).map((route) => (
              <Route key={route.name} path={route.path} element={pageFor(route)} />
            ))}
          </Route>
          <Route element={<PublicLayout />}>
            {SPA_ROUTES.filter((r) => !isShellRoute(r)).map((route) => (
              <Route key={route.name} path={route.path} element={<PublicGate route={route} />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      )}
    </>
  );
}
