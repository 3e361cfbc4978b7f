import { z } from 'zod';
import { ZAccountNames, ZAccountNamesQuery } from './api-routes.js';
import { ZProxyEligibilityAnswer, ZProxyEligibilityQuery } from './clients.js';
import type { Contract, ContractReply, ContractRequest } from './contracts.js';
import { ZSessionResolve, ZSessionResolved } from './identity.js';
import { Subjects } from './subjects.js';
import { ZLicenceCheck, ZLicenceCheckQuery, ZProductAccess, ZProductAccessQuery } from './licences.js';
// Issue 11, slice C1.
import { ZInvoiceQuote, ZInvoiceQuoteRequest } from './tax-fx.js';
// Issue 11, slice B
import { ZClientNames, ZClientNamesQuery } from './payment-requests.js';
import { ZClientStanding, ZClientStandingQuery, ZNoticeBadge, ZNoticeBadgeQuery } from './notices.js';
import { ZBillable, ZBillableQuery, ZInvoiceParty, ZInvoicePartyQuery } from './invoices.js';
import { ZIngestKeys, ZIngestKeysQuery } from './routes/usage-ingest.js';
// Issue 23, item 3
import { ZMeteredUsage, ZMeteredUsageQuery } from './metered.js';
// Issue 14, slice C
import { ZEmailOwner, ZEmailOwnerQuery, ZEmbedOrigins, ZEmbedToken, ZPartnerDirectory } from './migration.js';
// Issue 22
import { ZPaymentStanding, ZPaymentStandingQuery } from './plan-application.js';
import { ZTokenScript, ZTokenScriptQuery } from './payment.js';
import { ZLawUrl } from './terms.js';
// Issue 14, slice A
import { ZClientOwners } from './client-picture.js';
import { ZClientBillingQuery, ZClientBillingSummary, ZIdentityClientCreate, ZIdentityClientCreated } from './backoffice-clients.js';

/**
 * Request-reply contracts between the processes of the portal that have no /v1 route: the
 * gateway's session look-up and the queries one service asks another with `ask()`. A handler binds
 * to one with `@Handles(INTERNAL_ROUTES.x)`, exactly as to a /v1 route, and `ask()` is typed and
 * checked by the same entry.
 */
export const INTERNAL_ROUTES = {
  /** The gateway: the principal behind a session cookie (on every request that carries one). */
  sessionResolve: { subject: Subjects.identity.sessionResolve, request: ZSessionResolve, response: ZSessionResolved },
  /** usage-log: the names of the accounts in a company's operation log (the caller's company only). */
  accountNames: { subject: Subjects.identity.accountNames, request: ZAccountNamesQuery, response: ZAccountNames },
  /** licence: whether the principal could support-login into each client of a page of the client list. */
  proxyEligibility: { subject: Subjects.identity.proxyEligibility, request: ZProxyEligibilityQuery, response: ZProxyEligibilityAnswer },
  /** Issue 10, slice A. identity's SSO, support login and free_proxy_login: does the client hold a live licence for the product? */
  licenceCheck: { subject: Subjects.licence.licenceCheck, request: ZLicenceCheckQuery, response: ZLicenceCheck },
  /** Issue 13. usage-log's dashboard authority: may the principal open the product (uncapped, unlike GET /v1/product/list)? */
  productAccess: { subject: Subjects.licence.productAccess, request: ZProductAccessQuery, response: ZProductAccess },
  /** Issue 11, slice C1. licence's plan-change preview: the next invoice priced with the caller's country's tax and the standard FX rate. */
  invoiceQuote: { subject: Subjects.billing.invoiceQuote, request: ZInvoiceQuoteRequest, response: ZInvoiceQuote },
  /** Issue 11, slice B. billing: which clients exist (operators registering payment methods), with their company names. */
  clientNames: { subject: Subjects.licence.clientNames, request: ZClientNamesQuery, response: ZClientNames },
  // ---- Issue 12, slice B: notices and inquiries ----
  /** notification: which clients are paid (and whose partner they are), for notice targets and inquiry routing. */
  clientStanding: { subject: Subjects.licence.clientStanding, request: ZClientStandingQuery, response: ZClientStanding },
  /** identity's auth info (login, GET /v1/user-auth): the account's unread notices and the top notice's title. */
  noticeBadge: { subject: Subjects.notification.noticeBadge, request: ZNoticeBadgeQuery, response: ZNoticeBadge },
  // ---- end of issue 12, slice B ----
  // Issue 11, slice C2: billing's monthly run asks licence for a shard's billable contract items (never reads licence's tables).
  contractsBillable: { subject: Subjects.licence.contractsBillable, request: ZBillableQuery, response: ZBillable },
  // Issue 23: billing's invoice PDF asks licence for the principal's own client's corporate number.
  invoiceParty: { subject: Subjects.licence.invoiceParty, request: ZInvoicePartyQuery, response: ZInvoiceParty },
  // Issue 13, slice A: the gateway's ingestion endpoint asks usage-log for the keys that verify a product's signatures.
  ingestKeys: { subject: Subjects.usageIngest.ingestKeys, request: ZIngestKeysQuery, response: ZIngestKeys },
  /** Issue 23, item 3. licence's metered lines (the billing run's pages, previews): usage sums from usage-log's rollups (billing never reads them). */
  meteredUsage: { subject: Subjects.usageLog.meteredUsage, request: ZMeteredUsageQuery, response: ZMeteredUsage },
  // ---- Issue 14, slice C ----
  /**
   * licence's migration, registration and partner wizards: who holds an address (the request's region or the global shard,
   * with its tenant; `other_region` when the directory homes it elsewhere; null when free). Not for clients.
   */
  emailOwner: { subject: Subjects.identity.emailOwner, request: ZEmailOwnerQuery, response: ZEmailOwner },
  /** licence's embed-code screen for operators: the partners of the request's region, by name. */
  partnerDirectory: { subject: Subjects.identity.partnerDirectory, request: z.object({}), response: ZPartnerDirectory },
  /** The gateway's CORS decision for the embedded form: the origins the form token admits (none for a bad token). */
  embedFormOrigins: { subject: Subjects.licence.embedFormOrigins, request: ZEmbedToken, response: ZEmbedOrigins },
  // ---- end of issue 14, slice C ----
  /** Issue 14, slice A. licence's create-client command: identity creates the tenant and its invited owner (idempotent by client uuid), or checks the email only. */
  identityClientCreate: { subject: Subjects.identity.clientCreate, request: ZIdentityClientCreate, response: ZIdentityClientCreated },
  /** Issue 14, slice A. licence's client info (operator, partner in scope): the client's billing info and payment method. */
  clientBillingSummary: { subject: Subjects.billing.clientBillingSummary, request: ZClientBillingQuery, response: ZClientBillingSummary },
  // ---- Issue 22 ----
  /** licence's plan flow (GET /v1/plan/billingPayment, check_plan_billing_payment): the caller's own client's billing info and usable payment method. */
  paymentStanding: { subject: Subjects.billing.paymentStanding, request: ZPaymentStandingQuery, response: ZPaymentStanding },
  /** identity's auth info (`gmo_token_link`): the card tokeniser script of the configured payment gateway, for the request's origin. */
  tokenScript: { subject: Subjects.billing.tokenScript, request: ZTokenScriptQuery, response: ZTokenScript },
  /** identity's auth info (`sidebar_law_url`): the address of the law (Specified Commercial Transactions Act) page, or empty. */
  lawUrl: { subject: Subjects.licence.lawUrl, request: z.object({}), response: ZLawUrl },
  /** Issue 25, point 5. licence's and billing's changes on a client's behalf (operators): the client's active owners, to mail. */
  clientOwners: { subject: Subjects.identity.boClientOwners, request: ZClientBillingQuery, response: ZClientOwners },
} as const satisfies Record<string, Contract>;

export type TInternalRouteName = keyof typeof INTERNAL_ROUTES;
export type InternalRequest<N extends TInternalRouteName> = ContractRequest<(typeof INTERNAL_ROUTES)[N]>;
export type InternalReply<N extends TInternalRouteName> = ContractReply<(typeof INTERNAL_ROUTES)[N]>;
