import { z } from 'zod';
import {
  ZBackofficeClientCsvQuery, ZBackofficeClientList, ZBackofficeClientQuery, ZClientCreate, ZClientCreateClientCheck, ZClientCreated,
  ZClientCreateLicenceCheck, ZClientCreateProductsCheck, ZClientCsvFile, ZClientInfo, ZClientRef, ZClientStatusChange, ZClientStatusChanged, ZEuRuleChange,
  ZLicenceTypeChange, ZPartnerOptions, ZStepChecked,
} from '../backoffice-clients.js';
import { ZClientBulkSuspended, ZClientSelection } from '../client-search.js';
import { OPERATOR_ONLY, PARTNER_ONLY } from '../policy.js';
import { Subjects } from '../subjects.js';
import { route } from './route.js';

/**
 * Issue 14, slice A: the operator's clients (every client) and the partner's (its scope: its own
 * clients, and a primary partner's sub-partners' read-only). A client outside the caller's scope
 * answers 404, never 403 (docs/design/backoffice.md "Scope").
 */
export const BACKOFFICE_CLIENTS_ROUTES = {
  boClientList: route({
    method: 'GET', path: '/operator/clients', policy: OPERATOR_ONLY, subject: Subjects.licence.boClientList,
    request: ZBackofficeClientQuery, response: ZBackofficeClientList,
    summary: 'Operator: every client of every region, merged; one search (company name, any account\'s email or person name, client UUID, invoice number), filters (status, licence type, contract type, region, product, plan), sort, pages.',
  }),
  boClientCsv: route({
    method: 'GET', path: '/operator/clients/csv', policy: OPERATOR_ONLY, subject: Subjects.licence.boClientCsv,
    request: ZBackofficeClientCsvQuery, response: ZClientCsvFile,
    summary: 'Operator: the filtered client list as CSV (UTF-8 with BOM, header row; at most 10,000 rows).',
  }),
  boClientInfo: route({
    method: 'GET', path: '/operator/clients/info', policy: OPERATOR_ONLY, subject: Subjects.licence.boClientInfo,
    request: ZClientRef, response: ZClientInfo,
    summary: 'Operator: one client: company, licence fields, products, billing info and payment method.',
  }),
  boClientSuspend: route({
    method: 'POST', path: '/operator/clients/suspend', policy: OPERATOR_ONLY, subject: Subjects.licence.boClientSuspend,
    request: ZClientStatusChange, response: ZClientStatusChanged,
    summary: "Operator: suspends a client (logged); its accounts cannot log in and their sessions end.",
  }),
  boClientResume: route({
    method: 'POST', path: '/operator/clients/resume', policy: OPERATOR_ONLY, subject: Subjects.licence.boClientResume,
    request: ZClientStatusChange, response: ZClientStatusChanged,
    summary: 'Operator: resumes a suspended client (logged); its accounts may log in again.',
  }),
  boClientLicenceType: route({
    method: 'PUT', path: '/operator/clients/licence_type', policy: OPERATOR_ONLY, subject: Subjects.licence.boClientLicenceType,
    request: ZLicenceTypeChange, response: ZClientInfo,
    summary: 'Operator: sets the licence type (test, demo, normal, special; in-house only by a support login to the partner; review states by review).',
  }),
  boClientEuRule: route({
    method: 'PUT', path: '/operator/clients/eu_rule', policy: OPERATOR_ONLY, subject: Subjects.licence.boClientEuRule,
    request: ZEuRuleChange, response: ZClientInfo,
    summary: "Operator: marks a client as subject to the EU data-protection rule (spec §1), or lifts the mark; logged in the client's operation log. A marked client's product logins, support logins, trials and plan starts are refused.",
  }),
  partnerClientList: route({
    method: 'GET', path: '/partner/clients', policy: PARTNER_ONLY, subject: Subjects.licence.partnerClientList,
    request: ZBackofficeClientQuery, response: ZBackofficeClientList,
    summary: "Partner: the clients in its scope (a primary partner's sub-partners' read-only), with the operator list's search and filters.",
  }),
  partnerClientCsv: route({
    method: 'GET', path: '/partner/clients/csv', policy: PARTNER_ONLY, subject: Subjects.licence.partnerClientCsv,
    request: ZBackofficeClientCsvQuery, response: ZClientCsvFile,
    summary: 'Partner: its filtered client list as CSV.',
  }),
  partnerClientInfo: route({
    method: 'GET', path: '/partner/clients/info', policy: PARTNER_ONLY, subject: Subjects.licence.partnerClientInfo,
    request: ZClientRef, response: ZClientInfo,
    summary: 'Partner: one client of its scope (else 404).',
  }),
  partnerClientSuspend: route({
    method: 'POST', path: '/partner/clients/suspend', policy: PARTNER_ONLY, subject: Subjects.licence.partnerClientSuspend,
    request: ZClientStatusChange, response: ZClientStatusChanged,
    summary: "Partner: suspends one of its own clients (not a sub-partner's; else 404).",
  }),
  partnerClientResume: route({
    method: 'POST', path: '/partner/clients/resume', policy: PARTNER_ONLY, subject: Subjects.licence.partnerClientResume,
    request: ZClientStatusChange, response: ZClientStatusChanged,
    summary: 'Partner: resumes one of its own clients.',
  }),
  partnerClientLicenceType: route({
    method: 'PUT', path: '/partner/clients/licence_type', policy: PARTNER_ONLY, subject: Subjects.licence.partnerClientLicenceType,
    request: ZLicenceTypeChange, response: ZClientInfo,
    summary: 'A support login to the partner (an operator acting as it): sets in-house, or back to normal, on one of its clients.',
  }),
  // ---- Issue 25 point 5: bulk actions on the list's selection (at most CLIENT_BULK_MAX clients) ----
  boClientBulkSuspend: route({
    method: 'POST', path: '/operator/clients/bulk/suspend', policy: OPERATOR_ONLY, subject: Subjects.licence.boClientBulkSuspend,
    request: ZClientSelection, response: ZClientBulkSuspended,
    summary: 'Operator: suspends each selected client as the one-client suspend does (same rules, each logged); answers what happened to each. At most 500 clients.',
  }),
  boClientBulkCsv: route({
    method: 'POST', path: '/operator/clients/bulk/csv', policy: OPERATOR_ONLY, subject: Subjects.licence.boClientBulkCsv,
    request: ZClientSelection.extend({ sort: ZBackofficeClientCsvQuery.shape.sort, order: ZBackofficeClientCsvQuery.shape.order }), response: ZClientCsvFile,
    summary: "Operator: the selected clients as CSV, with the client list CSV's columns. At most 500 clients.",
  }),
  partnerClientBulkSuspend: route({
    method: 'POST', path: '/partner/clients/bulk/suspend', policy: PARTNER_ONLY, subject: Subjects.licence.partnerClientBulkSuspend,
    request: ZClientSelection, response: ZClientBulkSuspended,
    summary: "Partner: suspends each selected client of its own (a sub-partner's client or one outside its scope answers not_found). At most 500 clients.",
  }),
  partnerClientBulkCsv: route({
    method: 'POST', path: '/partner/clients/bulk/csv', policy: PARTNER_ONLY, subject: Subjects.licence.partnerClientBulkCsv,
    request: ZClientSelection.extend({ sort: ZBackofficeClientCsvQuery.shape.sort, order: ZBackofficeClientCsvQuery.shape.order }), response: ZClientCsvFile,
    summary: 'Partner: the selected clients of its scope as CSV. At most 500 clients.',
  }),
  clientCreatePartners: route({
    method: 'GET', path: '/operator/clients/create/partners', policy: OPERATOR_ONLY, subject: Subjects.licence.clientCreatePartners,
    request: z.object({}), response: ZPartnerOptions,
    summary: 'Operator, client create: the active, approved partners a new client may be given to.',
  }),
  clientCreateLicenceCheck: route({
    method: 'POST', path: '/operator/clients/create/licence/check', policy: OPERATOR_ONLY, subject: Subjects.licence.clientCreateLicenceCheck,
    request: ZClientCreateLicenceCheck, response: ZStepChecked,
    summary: 'Operator, client create step 1 (licence info): checks it; writes nothing.',
  }),
  clientCreateClientCheck: route({
    method: 'POST', path: '/operator/clients/create/client/check', policy: OPERATOR_ONLY, subject: Subjects.licence.clientCreateClientCheck,
    request: ZClientCreateClientCheck, response: ZStepChecked,
    summary: "Operator, client create step 2 (client info and owner): checks it, and that the owner's email has no account; writes nothing.",
  }),
  clientCreateProductsCheck: route({
    method: 'POST', path: '/operator/clients/create/products/check', policy: OPERATOR_ONLY, subject: Subjects.licence.clientCreateProductsCheck,
    request: ZClientCreateProductsCheck, response: ZStepChecked,
    summary: "Operator, client create step 3 (product link): checks the products are offered in the client's region; writes nothing.",
  }),
  clientCreate: route({
    method: 'POST', path: '/operator/clients/create', policy: OPERATOR_ONLY, subject: Subjects.licence.clientCreate,
    request: ZClientCreate, response: ZClientCreated,
    summary: 'Operator, client create confirm: every step checked again; creates the client, its owner (invited by mail) and free licences. One client per idempotency key.',
  }),
} as const;
