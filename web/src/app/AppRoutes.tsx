import { Suspense, lazy, type ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { DASHBOARD_PRODUCT_IDS, SPA_ROUTES, evaluatePolicy, homePathFor, type SpaRoute } from '@portal/proto';
import { AcceptInvitationPage, LoginHandoffPage, LoginPage, PasswordResetPage, PasswordResetRequestPage, ProxyLoginPage, ServiceLoginPage, SignupDonePage, SignupFormPage, SignupPage } from '../features/auth';
import { InviteCsvPage, InviteUsersPage, MailChangeResultPage, MailUpdatePage, UserEditPage, UserListPage } from '../features/accounts';
import { ClientListPage } from '../features/clients';
// Issue 14, slice A: client info and the client-create wizard.
import { BoClientInfoPage, ClientCreatePage } from '../features/backoffice-clients';
import { CompanyPage } from '../features/company';
import { OperationLogPage } from '../features/operation-log';
import { AuditLogPage } from '../features/audit-log';
import { CatalogueAdminPage, ProductPage } from '../features/products';
// slice C (issue 10): client plan pages and the operator's review
import { PlanReviewPage } from '../features/plan-review';
import { PlanConfirmPage, PlanContractInfoPage, PlanFlowGate, PlanInquiryPage, PlanListPage, PlanOptionsPage, PlanPaymentInfoPage, PlanResultPage, PlanUnderReviewPage, PlanUpdatePage } from '../features/plans';
import { ProfilePage } from '../features/profile';
import { SystemSettingsPage } from '../features/settings';
// Slice B (issue 10): plan master and terms.
import { PlanMasterPage } from '../features/plan-master';
// Issue 12, slice A: system mails and the mail log.
import { MailLogPage, MailTemplatesPage } from '../features/mail-templates';
import { PublicTermsPage, TermsPage, TermsUrlsPage } from '../features/terms';
// Issue 13, slice A
import { ProductKeysPage } from '../features/product-keys';
// Issue 11, slice C1: tax rates and FX.
import { FxRatesPage, TaxRatesPage } from '../features/tax-fx';
// Issue 11, slice C2: invoices and the operators' billing runs.
import { InvoiceListPage } from '../features/invoices';
import { BillingRunsPage } from '../features/billing-runs';
// Issue 11, slice A (f11-payment): billing info and payment methods (card).
import { BillingBeforeRegisterPage, BillingFormPage, BillingInfoPage } from '../features/billing-info';
import {
  CreditCardPage, PaymentMethodBeforeRegisterPage, PaymentMethodChooserPage, PaymentMethodCompletePage, PaymentMethodConfirmPage, PaymentPage,
} from '../features/payment-method';
// Issue 11, slice B: bank-transfer and direct-debit requests, and the operator's screens.
import { PaymentConfirmingPage, PaymentRequestPage } from '../features/payment-request';
import { InvoicePaymentsAdminPage, PaymentMethodsAdminPage, PaymentRequestsAdminPage } from '../features/operator-payments';
// Issue 12, slice B: notices and inquiries.
import { NoticeListPage, OperatorNoticesPage } from '../features/notices';
import { InquiryCompletedPage, InquiryConfirmPage, InquiryInboxPage, InquiryPage, InquiryReceiversPage } from '../features/inquiries';
// Issue 13, slice B: usage dashboards and usage status.
import { UsageDashboardPage, UsageLoadingPage, UsageNotUsedPage, UsageStatusPage } from '../features/usage';
// Issue 14, slice B
import { PartnerCreatePage, PartnerInfoPage, PartnerListPage, PartnerSettingsPage, SubPartnersPage } from '../features/partners';
// Issue 14, slice C: migration, client registration, embed code.
import { MigrationPage } from '../features/migration';
import { ClientRegistrationPage, EmbedCodePage } from '../features/client-registration';
import { documentBase, siteRootRedirect } from '../lib/site-root';
import { currentPrincipal } from '../lib/session';
import { PublicLayout, ShellLayout } from './layouts';
import { HASH_ERRORS, NavigationEffects } from './NavigationEffects';
import { isShellRoute } from './route-table';

// Route pages and the two layouts are lazy chunks (the features' index files export pages lazily);
// the entry keeps providers, routing, guards and the /v1 client only.
export const PlaceholderPage = lazy(() => import('./pages/PlaceholderPage'));
const MaintenancePage = lazy(() => import('./pages/MaintenancePage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const ErrorPage = lazy(() => import('./pages/ErrorPage'));

/** The page of a route (exported for the side-menu test: no menu item may lead to the placeholder). */
export function pageFor(route: SpaRoute): ReactElement {
  // Issue 13, slice B: /logs/{service} and /logs/{service}/loading, one page each for every product.
  const dashboard = DASHBOARD_PRODUCT_IDS.find((p) => route.name === `logs_${p}` || route.name === `logs_${p}_loading`);
  if (dashboard) return route.name.endsWith('_loading') ? <UsageLoadingPage product={dashboard} /> : <UsageDashboardPage key={dashboard} product={dashboard} />;
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
    case 'invite': return <AcceptInvitationPage />;
    case 'proxy_login': return <ProxyLoginPage />;
    case 'login_handoff': return <LoginHandoffPage />;
    case 'service_login': return <ServiceLoginPage />;
    case 'system_settings': return <SystemSettingsPage />;
    case 'profile': return <ProfilePage />;
    case 'user_list': return <UserListPage />;
    case 'user_invite': return <InviteUsersPage />;
    case 'operation_log': return <OperationLogPage />;
    case 'user_invite_csv': return <InviteCsvPage />;
    case 'user_update': return <UserEditPage />;
    case 'company': return <CompanyPage />;
    case 'account_mail_update': return <MailUpdatePage />;
    case 'mailchange_success': return <MailChangeResultPage ok />;
    case 'mailchange_fail': return <MailChangeResultPage ok={false} />;
    case 'partner_clients': return <ClientListPage area="partner" />;
    case 'operator_clients': return <ClientListPage area="operator" />;
    case 'operator_client_info': return <BoClientInfoPage area="operator" />;
    case 'partner_client_info': return <BoClientInfoPage area="partner" />;
    case 'operator_client_create': return <ClientCreatePage />;
    case 'product': return <ProductPage />;
    case 'operator_products': return <CatalogueAdminPage />;
    // slice C (issue 10)
    case 'plan_list': return <PlanListPage />;
    // Issue 22: the plan-change steps open only for a client that may apply now (else underreview, rejected, or why not).
    case 'plan_update': return <PlanFlowGate><PlanUpdatePage /></PlanFlowGate>;
    case 'plan_options': return <PlanFlowGate><PlanOptionsPage /></PlanFlowGate>;
    case 'plan_contract_info': return <PlanFlowGate><PlanContractInfoPage /></PlanFlowGate>;
    case 'plan_payment_info': return <PlanFlowGate><PlanPaymentInfoPage /></PlanFlowGate>;
    case 'plan_confirm': return <PlanFlowGate><PlanConfirmPage /></PlanFlowGate>;
    case 'plan_complete': return <PlanResultPage kind="complete" />;
    case 'plan_complete_reviewing': return <PlanResultPage kind="complete_reviewing" />;
    case 'plan_under_review': return <PlanUnderReviewPage />;
    case 'plan_rejected': return <PlanResultPage kind="rejected" />;
    case 'plan_inquiry': return <PlanInquiryPage kind="plan" />;
    case 'plan_options_inquiry': return <PlanInquiryPage kind="options" />;
    case 'plan_bownow_inquiry': return <PlanInquiryPage kind="bownow" />;
    case 'operator_plan_applications': return <PlanReviewPage />;
    // Slice B (issue 10)
    case 'operator_plans': return <PlanMasterPage />;
    case 'operator_terms': return <TermsPage />;
    case 'operator_terms_urls': return <TermsUrlsPage />;
    case 'operator_product_keys': return <ProductKeysPage />;
    // Issue 25
    case 'operator_audit_log':
    case 'partner_audit_log': return <AuditLogPage routeName={route.name} />;
    case 'terms': return <PublicTermsPage />;
    // Issue 12, slice A
    case 'operator_mails': return <MailTemplatesPage />;
    case 'operator_mail_log': return <MailLogPage />;
    // Issue 11, slice C1
    case 'operator_tax_rates': return <TaxRatesPage />;
    case 'operator_fx_rates': return <FxRatesPage />;
    // Issue 11, slice C2
    case 'billing_list': return <InvoiceListPage />;
    case 'operator_billing_runs': return <BillingRunsPage />;
    case 'operator_invoice_payments': return <InvoicePaymentsAdminPage />;
    // Issue 11, slice A (f11-payment)
    case 'billing': return <BillingInfoPage />;
    case 'billing_before_register': return <BillingBeforeRegisterPage />;
    case 'billing_register':
    case 'billing_edit': return <BillingFormPage />;
    case 'payment':
    case 'user_payment_method': return <PaymentPage />;
    case 'paymentmethod_before_register': return <PaymentMethodBeforeRegisterPage />;
    case 'paymentmethod_register': return <PaymentMethodChooserPage />;
    case 'paymentmethod_creditcard': return <CreditCardPage />;
    case 'paymentmethod_confirm': return <PaymentMethodConfirmPage />;
    case 'paymentmethod_complete': return <PaymentMethodCompletePage />;
    // Issue 11, slice B
    case 'paymentmethod_banktransfer': return <PaymentRequestPage method="bank_transfer" />;
    case 'paymentmethod_directdebit': return <PaymentRequestPage method="direct_debit" />;
    case 'paymentmethod_confirming': return <PaymentConfirmingPage />;
    case 'operator_payment_requests': return <PaymentRequestsAdminPage />;
    case 'operator_payment_methods': return <PaymentMethodsAdminPage />;
    // Issue 12, slice B
    case 'notice_list': return <NoticeListPage />;
    case 'operator_notices': return <OperatorNoticesPage />;
    case 'inquiry': return <InquiryPage />;
    case 'inquiry_confirm': return <InquiryConfirmPage />;
    case 'inquiry_completed': return <InquiryCompletedPage />;
    case 'operator_inquiries': return <InquiryInboxPage area="operator" />;
    case 'partner_inquiries': return <InquiryInboxPage area="partner" />;
    case 'partner_inquiry_receivers': return <InquiryReceiversPage />;
    // Issue 13, slice B
    case 'logs_notused': return <UsageNotUsedPage />;
    case 'operator_usage': return <UsageStatusPage area="operator" />;
    case 'partner_usage': return <UsageStatusPage area="partner" />;
    // Issue 14, slice B
    case 'operator_partners': return <PartnerListPage />;
    case 'operator_partner_create': return <PartnerCreatePage />;
    case 'operator_partner_info': return <PartnerInfoPage />;
    case 'partner_sub_partners': return <SubPartnersPage />;
    case 'partner_settings': return <PartnerSettingsPage />;
    // Issue 14, slice C
    case 'operator_migration': return <MigrationPage />;
    case 'operator_embed_code': return <EmbedCodePage />;
    case 'partner_signup_form': return <ClientRegistrationPage />;
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

export function AppRoutes() {
  const { hash, pathname } = useLocation();
  const hashError = HASH_ERRORS[hash];
  // Spec §2: the SPA is entered at the site root only (reading in docs/decisions.md).
  const outsideRoot = siteRootRedirect(pathname, documentBase());
  if (outsideRoot) return <Navigate to={outsideRoot} replace />;

  return (
    <>
      <NavigationEffects />
      {/* Until the layout's chunk is there (main.tsx started it beside the catalogues): nothing. */}
      <Suspense fallback={null}>
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
      </Suspense>
    </>
  );
}
