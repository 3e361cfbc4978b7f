import { DASHBOARD_PRODUCT_IDS } from './enums.js';
import {
  ANY_CLIENT, BILLING, GUEST, OPERATOR_ONLY, OWNER_ONLY, OWNER_OR_ADMIN, PARTNER_ONLY,
  PARTNER_OR_OPERATOR, PLAN_CHANGE, PLAN_CONFIRM, PLAN_VIEW, PROFILE, PUBLIC, areaOf,
  NOTICE_READER, type TPolicy, type TPrincipal,
} from './policy.js';

export const MENU_GROUPS = ['licence', 'usage', 'billing', 'others'] as const;
export type TMenuGroup = (typeof MENU_GROUPS)[number];

export interface SpaRoute {
  /** react-router path pattern. */
  readonly path: string;
  /** Stable route name: analytics events and i18n keys (`route.<name>`) use it. */
  readonly name: string;
  readonly policy: TPolicy;
  /** Shown in the side menu under this group, when the policy allows. */
  readonly menu?: TMenuGroup;
  /** Protected by server basic auth under /basicauth/ (spec §2). */
  readonly basicAuth?: boolean;
}

/** Every route of spec §2. Operator and partner paths are ours (the spec does not show them). */
export const SPA_ROUTES: readonly SpaRoute[] = [
  // Public
  { path: '/basicauth/user_internal_signup', name: 'internal_signup', policy: PUBLIC, basicAuth: true },
  { path: '/basicauth/user_internal_signup_done', name: 'internal_signup_done', policy: PUBLIC, basicAuth: true },
  { path: '/proxy_login/:access_token', name: 'proxy_login', policy: PUBLIC },
  // f9-ident (issue 9 item 9): a login verified on another region's host lands on its home host here.
  { path: '/login/handoff/:access_token', name: 'login_handoff', policy: PUBLIC },
  { path: '/user_signup_formonly', name: 'signup_formonly', policy: GUEST },
  { path: '/temporalyregisterdone', name: 'temporary_register_done', policy: PUBLIC },
  { path: '/signup/:access_token/:register_from_mail?', name: 'signup', policy: PUBLIC },
  { path: '/login', name: 'login', policy: GUEST },
  { path: '/password_reset', name: 'password_reset_request', policy: GUEST },
  { path: '/password_reset/:access_token', name: 'password_reset', policy: PUBLIC },
  { path: '/invite/:access_token', name: 'invite', policy: PUBLIC },
  { path: '/account_mail_update/:user_uuid/:access_token', name: 'account_mail_update', policy: PUBLIC },
  { path: '/user_mailchange_success', name: 'mailchange_success', policy: PUBLIC },
  { path: '/user_mailchange_fail', name: 'mailchange_fail', policy: PUBLIC },
  { path: '/servicelogin/:productname/:channelname', name: 'service_login', policy: PUBLIC },
  { path: '/maintenance', name: 'maintenance', policy: PUBLIC },
  { path: '/http_404', name: 'http_404', policy: PUBLIC },
  { path: '/500', name: 'http_500', policy: PUBLIC },
  // Slice B (issue 10): the current terms of use, linked from login, invitation and sign-up.
  { path: '/terms', name: 'terms', policy: PUBLIC },

  // Client area
  { path: '/product', name: 'product', policy: ANY_CLIENT, menu: 'licence' },
  { path: '/plan/list', name: 'plan_list', policy: PLAN_VIEW, menu: 'licence' },
  { path: '/user/list', name: 'user_list', policy: OWNER_ONLY, menu: 'licence' },
  { path: '/company', name: 'company', policy: OWNER_OR_ADMIN, menu: 'licence' },
  { path: '/user_system_settings', name: 'system_settings', policy: OWNER_OR_ADMIN, menu: 'licence' },
  { path: '/user/invite', name: 'user_invite', policy: OWNER_ONLY },
  { path: '/user/invite_csv', name: 'user_invite_csv', policy: OWNER_ONLY },
  { path: '/user/update', name: 'user_update', policy: OWNER_ONLY },
  { path: '/plan/update', name: 'plan_update', policy: PLAN_CHANGE },
  { path: '/plan/bownowinquiry', name: 'plan_bownow_inquiry', policy: { ...OWNER_ONLY } },
  { path: '/plan/inquiry', name: 'plan_inquiry', policy: PLAN_CHANGE },
  { path: '/plan/underreview', name: 'plan_under_review', policy: ANY_CLIENT },
  { path: '/plan/rejected', name: 'plan_rejected', policy: ANY_CLIENT },
  { path: '/plan/options', name: 'plan_options', policy: PLAN_CHANGE },
  { path: '/plan/paymentinfo', name: 'plan_payment_info', policy: PLAN_CHANGE },
  { path: '/plan/contractinfo', name: 'plan_contract_info', policy: PLAN_CHANGE },
  { path: '/plan/options_inquiry', name: 'plan_options_inquiry', policy: PLAN_CHANGE },
  { path: '/plan/confirm', name: 'plan_confirm', policy: PLAN_CONFIRM },
  { path: '/plan/complete', name: 'plan_complete', policy: PLAN_CHANGE },
  { path: '/plan/complete_reviewing', name: 'plan_complete_reviewing', policy: PLAN_CHANGE },
  ...DASHBOARD_PRODUCT_IDS.flatMap((service) => [
    { path: `/logs/${service}`, name: `logs_${service}`, policy: ANY_CLIENT },
    { path: `/logs/${service}/loading`, name: `logs_${service}_loading`, policy: ANY_CLIENT },
  ]),
  { path: '/logs/notused', name: 'logs_notused', policy: ANY_CLIENT },
  { path: '/log/list', name: 'operation_log', policy: ANY_CLIENT, menu: 'usage' },
  { path: '/billing_beforeregister', name: 'billing_before_register', policy: BILLING },
  { path: '/billing_register', name: 'billing_register', policy: BILLING },
  { path: '/billing', name: 'billing', policy: BILLING, menu: 'billing' },
  { path: '/billing_edit', name: 'billing_edit', policy: BILLING },
  { path: '/payment', name: 'payment', policy: BILLING, menu: 'billing' },
  { path: '/billing/list', name: 'billing_list', policy: BILLING, menu: 'billing' },
  { path: '/user_paymentmethod', name: 'user_payment_method', policy: BILLING },
  { path: '/paymentmethod_beforeregister', name: 'paymentmethod_before_register', policy: BILLING },
  { path: '/paymentmethod_register', name: 'paymentmethod_register', policy: BILLING },
  { path: '/paymentmethod_confirm', name: 'paymentmethod_confirm', policy: BILLING },
  { path: '/paymentmethod_complete', name: 'paymentmethod_complete', policy: BILLING },
  { path: '/paymentmethod_confirming', name: 'paymentmethod_confirming', policy: BILLING },
  { path: '/paymentmethod_creditcard', name: 'paymentmethod_creditcard', policy: BILLING },
  { path: '/paymentmethod_banktransfer', name: 'paymentmethod_banktransfer', policy: BILLING },
  { path: '/paymentmethod_directdebit', name: 'paymentmethod_directdebit', policy: BILLING },
  // Issue 12, slice B: clients and partners read notices (operators write them at /operator/notices).
  { path: '/notice/list', name: 'notice_list', policy: NOTICE_READER, menu: 'others' },
  { path: '/user_inquiry', name: 'inquiry', policy: ANY_CLIENT, menu: 'others' },
  { path: '/user_inquiryconfirm', name: 'inquiry_confirm', policy: ANY_CLIENT },
  { path: '/user_inquirycompleted', name: 'inquiry_completed', policy: ANY_CLIENT },
  { path: '/profile', name: 'profile', policy: PROFILE, menu: 'others' },

  // Operator area
  { path: '/operator/clients', name: 'operator_clients', policy: OPERATOR_ONLY, menu: 'licence' },
  { path: '/operator_clientcreate_account', name: 'operator_client_create', policy: OPERATOR_ONLY },
  // Issue 14, slice A: one client's info (company, licence, billing, payment method; suspend and resume).
  { path: '/operator/clients/:region/:uuid', name: 'operator_client_info', policy: OPERATOR_ONLY },
  { path: '/operator/partners', name: 'operator_partners', policy: OPERATOR_ONLY, menu: 'licence' },
  // Issue 14, slice B: the partner wizard and a partner's info (sub-partner review is there too).
  { path: '/operator/partners/new', name: 'operator_partner_create', policy: OPERATOR_ONLY },
  { path: '/operator/partners/:partner_uuid', name: 'operator_partner_info', policy: OPERATOR_ONLY },
  // Issue 10, slice A: the product catalogue.
  { path: '/operator/products', name: 'operator_products', policy: OPERATOR_ONLY, menu: 'licence' },
  { path: '/operator/plans', name: 'operator_plans', policy: OPERATOR_ONLY, menu: 'licence' },
  // slice C (issue 10): the review of plan applications
  { path: '/operator/plan_applications', name: 'operator_plan_applications', policy: OPERATOR_ONLY, menu: 'licence' },
  { path: '/operator/migration', name: 'operator_migration', policy: OPERATOR_ONLY, menu: 'licence' },
  { path: '/operator/usage', name: 'operator_usage', policy: OPERATOR_ONLY, menu: 'usage' },
  { path: '/operator/tax_rates', name: 'operator_tax_rates', policy: OPERATOR_ONLY, menu: 'billing' },
  // Issue 11, slice B: bank-transfer and direct-debit requests, registration on behalf of clients, CSV.
  { path: '/operator/payment_requests', name: 'operator_payment_requests', policy: OPERATOR_ONLY, menu: 'billing' },
  { path: '/operator/payment_methods', name: 'operator_payment_methods', policy: OPERATOR_ONLY, menu: 'billing' },
  // Issue 11, slice C1: the standard USD→JPY rate.
  { path: '/operator/fx_rates', name: 'operator_fx_rates', policy: OPERATOR_ONLY, menu: 'billing' },
  // Issue 11, slice C2: the monthly billing runs with their progress.
  { path: '/operator/billing_runs', name: 'operator_billing_runs', policy: OPERATOR_ONLY, menu: 'billing' },
  // Issue 23 (receipts): bank transfers received and direct-debit results, recorded by hand.
  { path: '/operator/invoice_payments', name: 'operator_invoice_payments', policy: OPERATOR_ONLY, menu: 'billing' },
  { path: '/operator/notices', name: 'operator_notices', policy: OPERATOR_ONLY, menu: 'others' },
  { path: '/operator/terms', name: 'operator_terms', policy: OPERATOR_ONLY, menu: 'others' },
  { path: '/operator/terms_urls', name: 'operator_terms_urls', policy: OPERATOR_ONLY, menu: 'others' },
  { path: '/operator/mails', name: 'operator_mails', policy: OPERATOR_ONLY, menu: 'others' },
  // Issue 12, slice A: the mail log (sent, failed and bounced mail, searched by recipient).
  { path: '/operator/mail_log', name: 'operator_mail_log', policy: OPERATOR_ONLY, menu: 'others' },
  { path: '/operator/embed_code', name: 'operator_embed_code', policy: PARTNER_OR_OPERATOR, menu: 'others' },
  // Issue 13, slice A: product signing keys for usage ingestion.
  { path: '/operator/product_keys', name: 'operator_product_keys', policy: OPERATOR_ONLY, menu: 'others' },
  // Issue 25: the audit log of every back-office action (the client area's operation log is /log/list).
  { path: '/operator/audit_log', name: 'operator_audit_log', policy: OPERATOR_ONLY, menu: 'others' },

  // Partner area
  { path: '/partner/clients', name: 'partner_clients', policy: PARTNER_ONLY, menu: 'licence' },
  { path: '/partner/clients/:region/:uuid', name: 'partner_client_info', policy: PARTNER_ONLY },
  { path: '/partner/usage', name: 'partner_usage', policy: PARTNER_ONLY, menu: 'usage' },
  { path: '/partner/signup_form', name: 'partner_signup_form', policy: PARTNER_ONLY, menu: 'others' },
  { path: '/partner/settings', name: 'partner_settings', policy: PARTNER_ONLY, menu: 'others' },
  // Issue 14, slice B: a primary partner's sub-partners.
  { path: '/partner/sub_partners', name: 'partner_sub_partners', policy: PARTNER_ONLY, menu: 'licence' },
  // Issue 25: the partner's audit log (its staff's actions and its clients' log).
  { path: '/partner/audit_log', name: 'partner_audit_log', policy: PARTNER_ONLY, menu: 'others' },

  // ---- Issue 12, slice B: inquiries received (operator, partner) and the partner's receivers ----
  { path: '/operator/inquiries', name: 'operator_inquiries', policy: OPERATOR_ONLY, menu: 'others' },
  { path: '/partner/inquiries', name: 'partner_inquiries', policy: PARTNER_ONLY, menu: 'others' },
  { path: '/partner/inquiry_receivers', name: 'partner_inquiry_receivers', policy: PARTNER_ONLY, menu: 'others' },
  // ---- end of issue 12, slice B ----
];

/** The root redirects here (spec §2). */
export const HOME_PATH = '/product';

/**
 * Where the root, and a login without a target, lead: the client area's services list, or the
 * client list of the partner and operator areas (their screens start from their clients).
 */
export function homePathFor(principal: Pick<TPrincipal, 'context'> | null): string {
  if (!principal) return HOME_PATH;
  const area = areaOf(principal);
  switch (area) {
    case 'operator': return '/operator/clients';
    case 'partner': return '/partner/clients';
    case 'client': return HOME_PATH;
    default: return area satisfies never;
  }
}
