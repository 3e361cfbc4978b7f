import {
  ZClientAccountRef, ZClientAccountRow, ZClientAccounts, ZClientBillingInfoOnBehalf, ZClientBillingOverview, ZClientCompanyOnBehalf, ZClientInvoiceRef, ZClientLicences,
} from '../client-picture.js';
import { ZBillingInfoView } from '../billing-info.js';
import { ZCompany } from '../company.js';
import { ZClientRef } from '../backoffice-clients.js';
import { ZInvoicePdf } from '../invoices.js';
import { OPERATOR_ONLY, PARTNER_ONLY } from '../policy.js';
import { Subjects } from '../subjects.js';
import { route } from './route.js';

/**
 * Issue 25, point 5: the client's whole picture on the back-office client info page, one call per
 * section, each answered by the service that owns it (a service down fails its section only).
 * Scope as for the client info: an operator any client, a partner the clients of its scope (404
 * otherwise). Partners see accounts and licences; acting on accounts and the invoices are the
 * operator's (docs/decisions.md, "The client's whole picture").
 */
export const CLIENT_PICTURE_ROUTES = {
  boClientAccounts: route({
    method: 'GET', path: '/operator/clients/accounts', policy: OPERATOR_ONLY, subject: Subjects.identity.boClientAccounts,
    request: ZClientRef, response: ZClientAccounts,
    summary: "Operator: the client's accounts (name, email, authority, status as of now, locked, remembered browsers) and its MFA setting.",
  }),
  partnerClientAccounts: route({
    method: 'GET', path: '/partner/clients/accounts', policy: PARTNER_ONLY, subject: Subjects.identity.partnerClientAccounts,
    request: ZClientRef, response: ZClientAccounts,
    summary: "Partner: the accounts of one of its own clients, to read (else 404).",
  }),
  boClientAccountReinvite: route({
    method: 'POST', path: '/operator/clients/accounts/reinvite', policy: OPERATOR_ONLY, subject: Subjects.identity.boClientAccountReinvite,
    request: ZClientAccountRef, response: ZClientAccountRow,
    summary: "Operator: sends an invited or expired account a new invitation (valid 24 hours); logged in the client's operation log.",
  }),
  boClientAccountUnlock: route({
    method: 'POST', path: '/operator/clients/accounts/unlock', policy: OPERATOR_ONLY, subject: Subjects.identity.boClientAccountUnlock,
    request: ZClientAccountRef, response: ZClientAccountRow,
    summary: "Operator: lifts a lock left by repeated failed logins; logged, and the account is mailed.",
  }),
  boClientAccountMfaReset: route({
    method: 'POST', path: '/operator/clients/accounts/mfa_reset', policy: OPERATOR_ONLY, subject: Subjects.identity.boClientAccountMfaReset,
    request: ZClientAccountRef, response: ZClientAccountRow,
    summary: "Operator: forgets the account's remembered browsers and open login codes (the next login asks for a new code); logged, and the account is mailed.",
  }),
  boClientLicences: route({
    method: 'GET', path: '/operator/clients/licences', policy: OPERATOR_ONLY, subject: Subjects.licence.boClientLicences,
    request: ZClientRef, response: ZClientLicences,
    summary: "Operator: the client's licences and trials (business dates) and its contracts (plan, options, start, minimum term, end).",
  }),
  partnerClientLicences: route({
    method: 'GET', path: '/partner/clients/licences', policy: PARTNER_ONLY, subject: Subjects.licence.partnerClientLicences,
    request: ZClientRef, response: ZClientLicences,
    summary: "Partner: the licences, trials and contracts of a client of its scope (else 404).",
  }),
  boClientBilling: route({
    method: 'GET', path: '/operator/clients/billing_overview', policy: OPERATOR_ONLY, subject: Subjects.billing.boClientBilling,
    request: ZClientRef, response: ZClientBillingOverview,
    summary: "Operator: the client's invoices (newest first) with their status and failed charges (attempts, decline reason), and the next billing date from the billing schedule.",
  }),
  boClientInvoicePdf: route({
    method: 'GET', path: '/operator/clients/invoice_pdf', policy: OPERATOR_ONLY, subject: Subjects.billing.boClientInvoicePdf,
    request: ZClientInvoiceRef, response: ZInvoicePdf,
    summary: "Operator: one of the client's invoices as a PDF (base64).",
  }),
  // The company and billing info, edited on the client's behalf (operator only; partners act through support login).
  boClientCompany: route({
    method: 'GET', path: '/operator/clients/company', policy: OPERATOR_ONLY, subject: Subjects.licence.boClientCompany,
    request: ZClientRef, response: ZCompany,
    summary: "Operator: the client's company information as its own company page shows it (locked while its licence is under review).",
  }),
  boClientCompanyUpdate: route({
    method: 'PUT', path: '/operator/clients/company', policy: OPERATOR_ONLY, subject: Subjects.licence.boClientCompanyUpdate,
    request: ZClientCompanyOnBehalf, response: ZCompany,
    summary: "Operator: changes the client's company particulars on its behalf, by the client's own rules (refused under review); logged with old and new values, and the owners are mailed.",
  }),
  boClientBillingInfo: route({
    method: 'GET', path: '/operator/clients/billing_info', policy: OPERATOR_ONLY, subject: Subjects.billing.boClientBillingInfo,
    request: ZClientRef, response: ZBillingInfoView,
    summary: "Operator: the client's billing information as its own billing page shows it (kana asked in Japan).",
  }),
  boClientBillingInfoUpdate: route({
    method: 'PUT', path: '/operator/clients/billing_info', policy: OPERATOR_ONLY, subject: Subjects.billing.boClientBillingInfoUpdate,
    request: ZClientBillingInfoOnBehalf, response: ZBillingInfoView,
    summary: "Operator: registers or changes the client's billing information on its behalf, by the client's own rules; logged with old and new values, and the owners are mailed.",
  }),
} as const;
