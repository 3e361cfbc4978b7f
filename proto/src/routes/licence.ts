import { z } from 'zod';
import { ANY_CLIENT, OPERATOR_ONLY, OWNER_ONLY, OWNER_OR_ADMIN, PARTNER_OR_OPERATOR, PLAN_CHANGE, PLAN_CONFIRM, PLAN_VIEW, PUBLIC } from '../policy.js';
import { Subjects } from '../subjects.js';
import { ZCompany, ZCompanyUpdate } from '../company.js';
import { ZClientList, ZClientListQuery } from '../clients.js';
import { ZClientProducts, ZProductList } from '../products.js';
import { ZCatalogue, ZCatalogueProduct, ZCatalogueUpdate, ZClientDomains, ZDomainLink, ZDomainUnlink, ZServiceList, ZServiceStart, ZServiceStarted } from '../licences.js';
import { ZApplyPreview, ZApplyRequest, ZApplyResult, ZBillingPaymentCheck, ZBillingPaymentState, ZCancelRequest, ZClientContracts, ZContractInfo, ZContractInfoChecked, ZContractInfoView, ZContractView, ZCorporateSearchRequest, ZCorporateSearchResult, ZModifyCheck, ZPlanApplicationList, ZPlanApplicationPreview, ZPlanApplicationQuery, ZPlanApplicationRef, ZPlanApplicationReject, ZPlanApplicationRow, ZPlanChoice, ZWithdrawRequest, ZWithdrawResult } from '../plan-application.js';
import { ZBaseList, ZBaseListQuery, ZOptionList, ZOptionListQuery, ZPlanCreate, ZPlanDetail, ZPlanList, ZPlanListQuery, ZPlanOrder, ZPlanOrdered, ZPlanRef, ZPlanUpdate } from '../plan-master.js';
import { ZAgreementDocument, ZAgreementDocumentQuery, ZAgreementGive, ZAgreementInfo, ZPublicTerms, ZTermsPublish, ZPublicTermsQuery, ZTermsCreate, ZTermsDetail, ZTermsList, ZTermsListQuery, ZTermsRef, ZTermsUpdate, ZTermsUrlCreate, ZTermsUrlList, ZTermsUrlSaved, ZTermsUrlUpdate } from '../terms.js';
import { AGREEMENT_GIVE, OWNER_NOT_SUPPORT } from '../policy.js';
import { route } from './route.js';

/** The licence service's /v1 calls: company, clients, products and services, plans and plan applications, terms, domains. */
export const LICENCE_ROUTES = {
  clientList: route({
    method: 'GET', path: '/client/list', policy: PARTNER_OR_OPERATOR, subject: Subjects.licence.clientList,
    request: ZClientListQuery, response: ZClientList,
    summary: 'Partner: its own clients; operator: the clients of every region, merged. Paged, searchable by company name, sortable; each row says whether the caller could support-login now, and why not.',
  }),
  productList: route({
    method: 'GET', path: '/product/list', policy: ANY_CLIENT, subject: Subjects.licence.productList,
    request: z.object({}), response: ZProductList,
    summary: 'The products the account may open (its available products; the owner\'s during a support login), in the master\'s order, at most 12, with the licence each is used under.',
  }),
  companyGet: route({
    method: 'GET', path: '/client/company', policy: OWNER_OR_ADMIN, subject: Subjects.licence.companyGet,
    request: z.object({}), response: ZCompany,
    summary: 'The company information of the client (locked while the licence is under review).',
  }),
  companyUpdate: route({
    method: 'PUT', path: '/client/company', policy: OWNER_OR_ADMIN, subject: Subjects.licence.companyUpdate,
    tooLarge: { field: 'logo', key: 'logo.volume' },
    request: ZCompanyUpdate, response: ZCompany,
    summary: 'Change the company information; a logo (JPG or PNG, 160–1200 px, 2 MB) is cropped to 160×160 on the server.',
  }),
  clientProducts: route({
    method: 'GET', path: '/client/products', policy: OWNER_ONLY, subject: Subjects.licence.clientProducts,
    request: z.object({}), response: ZClientProducts,
    summary: 'The products the company holds (offered in its region, in the product master\'s order): what the product pickers of invite and account edit offer.',
  }),
  planClientList: route({
    method: 'GET', path: '/plan/client-list', policy: PLAN_VIEW, subject: Subjects.licence.planClientList,
    request: z.object({}), response: ZClientContracts,
    summary: 'The client\'s contracts (plan, options, amounts, business dates in Asia/Tokyo, and what cancelling now would mean), its review state and whether it may apply.',
  }),
  // ---- slice C (issue 10): plan application, corporate-number search, review, contracts ----
  planModifyCheck: route({
    method: 'GET', path: '/plan/modify_check', policy: PLAN_VIEW, subject: Subjects.licence.planModifyCheck,
    request: z.object({}), response: ZModifyCheck,
    summary: 'Whether the caller may apply for a plan now (`reason`: user_level, under_review, rejected).',
  }),
  planCorporateSearch: route({
    method: 'POST', path: '/plan/corporateNumberSearch', policy: PLAN_CHANGE, subject: Subjects.licence.planCorporateSearch,
    request: ZCorporateSearchRequest, response: ZCorporateSearchResult,
    summary: 'Search the corporate-number directory by name (partial match). No result and too many candidates (over 20) answer 40011 on `corporate_name` with their messages.',
  }),
  planContractInfo: route({
    method: 'GET', path: '/plan/contractinfo', policy: PLAN_CHANGE, subject: Subjects.licence.planContractInfo,
    request: z.object({}), response: ZContractInfoView,
    summary: 'The contract info the application form starts from (the company information).',
  }),
  planCheckContractInfo: route({
    method: 'GET', path: '/plan/check_plan_contractinfo', policy: PLAN_CHANGE, subject: Subjects.licence.planCheckContractInfo,
    request: ZContractInfo, response: ZContractInfoChecked,
    summary: 'Check the contract info step: a corporation needs a search of this client and one of its candidates (name, number and location are taken from it); the representative is required.',
  }),
  planApplyInfo: route({
    method: 'POST', path: '/plan/apply_info', policy: PLAN_CHANGE, subject: Subjects.licence.planApplyInfo,
    request: ZPlanChoice, response: ZApplyPreview,
    summary: 'Preview of an application: items and amounts in the client\'s currency, the month it takes effect, the end of the minimum term and any penalty (business dates in Asia/Tokyo). Unknown plans and options that cannot be combined answer 40011.',
  }),
  planApply: route({
    method: 'POST', path: '/plan/apply', policy: PLAN_CONFIRM, subject: Subjects.licence.planApply,
    request: ZApplyRequest, response: ZApplyResult,
    summary: 'Apply for a plan with contract info and the terms and privacy agreements. A paid plan puts the client under review; a free one applies at once.',
  }),
  planBillingPayment: route({
    method: 'GET', path: '/plan/billingPayment', policy: PLAN_CHANGE, subject: Subjects.licence.planBillingPayment,
    request: z.object({}), response: ZBillingPaymentState,
    summary: 'The client\'s billing info and payment method as billing holds them now (a card not expired, or in Japan a confirmed bank transfer or direct debit), whether a reseller bills it, and so whether a paid plan needs the payment step.',
  }),
  planCheckBillingPayment: route({
    method: 'GET', path: '/plan/check_plan_billing_payment', policy: PLAN_CHANGE, subject: Subjects.licence.planCheckBillingPayment,
    request: z.object({}), response: ZBillingPaymentCheck,
    summary: 'Whether a paid plan may be confirmed now as far as payment goes: `ok`, or what is `missing` (billing_info, payment_method); always ok for a client its reseller bills. The same state as GET /v1/plan/billingPayment.',
  }),
  planCancel: route({
    method: 'POST', path: '/plan/cancel', policy: PLAN_CONFIRM, subject: Subjects.licence.planCancel,
    request: ZCancelRequest, response: ZContractView,
    summary: 'Cancel a contract: filed by the 25th it ends on the last day of next month, else of the month after next; inside the 12-month minimum term the remaining months are a penalty.',
  }),
  // Issue 22: withdrawing an application under review (/plan/underreview).
  planWithdraw: route({
    method: 'POST', path: '/plan/withdraw', policy: PLAN_CONFIRM, subject: Subjects.licence.planWithdraw,
    request: ZWithdrawRequest, response: ZWithdrawResult,
    summary: 'Owner: withdraw the client\'s plan application while it is under review. The client leaves review (its licence type before the application returns), the contract waiting for the review is marked withdrawn, the operator\'s review list no longer shows it, the applicant is mailed and the operation log records it. An application no longer under review answers 40011 (`plan.application_not_pending`).',
  }),
  planApplicationList: route({
    method: 'GET', path: '/operator/plan_applications', policy: OPERATOR_ONLY, subject: Subjects.licence.planApplicationList,
    request: ZPlanApplicationQuery, response: ZPlanApplicationList,
    summary: 'Operator: plan applications of every region (pending by default), oldest first.',
  }),
  planApplicationPreview: route({
    method: 'GET', path: '/operator/plan_applications/preview', policy: OPERATOR_ONLY, subject: Subjects.licence.planApplicationPreview,
    request: ZPlanApplicationRef, response: ZPlanApplicationPreview,
    summary: "Operator (issue 25): what allowing a pending application will do, before it is confirmed: the client's current plan for the product and the new one with their monthly prices, the effective date if allowed today, and any refusal it would meet. Writes nothing.",
  }),
  planApplicationAllow: route({
    method: 'POST', path: '/operator/plan_applications/allow', policy: OPERATOR_ONLY, subject: Subjects.licence.planApplicationAllow,
    request: ZPlanApplicationRef, response: ZPlanApplicationRow,
    summary: 'Operator: allow a pending application; the contract is scheduled, the client leaves review and is mailed.',
  }),
  planApplicationReject: route({
    method: 'POST', path: '/operator/plan_applications/reject', policy: OPERATOR_ONLY, subject: Subjects.licence.planApplicationReject,
    request: ZPlanApplicationReject, response: ZPlanApplicationRow,
    summary: 'Operator: reject a pending application with a reason; the client becomes rejected (no paid plan) and is mailed the reason.',
  }),
  // ---- end of slice C ----
  // ---- Slice B (issue 10): plan master, terms of use, terms-and-conditions URLs, agreements ----
  planMasterList: route({
    method: 'GET', path: '/operator/plans', policy: OPERATOR_ONLY, subject: Subjects.licence.planMasterList,
    request: ZPlanListQuery, response: ZPlanList,
    summary: 'Operator: the plan master (plans, options, initial costs), filtered by product, type and status, in display order, with links, number in use and last update.',
  }),
  planMasterGet: route({
    method: 'GET', path: '/operator/plans/detail', policy: OPERATOR_ONLY, subject: Subjects.licence.planMasterGet,
    request: ZPlanRef, response: ZPlanDetail, summary: 'Operator: one plan-master row, for its edit form.',
  }),
  planMasterCreate: route({
    method: 'POST', path: '/operator/plans', policy: OPERATOR_ONLY, subject: Subjects.licence.planMasterCreate,
    request: ZPlanCreate, response: ZPlanDetail,
    summary: 'Operator: create a plan, option or initial cost (at the end of its product\'s order). Waiting for setup may leave amounts and units empty; every other status needs them.',
  }),
  planMasterUpdate: route({
    method: 'PUT', path: '/operator/plans', policy: OPERATOR_ONLY, subject: Subjects.licence.planMasterUpdate,
    request: ZPlanUpdate, response: ZPlanDetail,
    summary: 'Operator: edit every field of a plan-master row and its contractable and exclusive links (stored both ways).',
  }),
  planMasterOrder: route({
    method: 'PUT', path: '/operator/plans/order', policy: OPERATOR_ONLY, subject: Subjects.licence.planMasterOrder,
    request: ZPlanOrder, response: ZPlanOrdered, summary: 'Operator: the display order of one product\'s rows (drag and drop): every id of the product, in order.',
  }),
  planBaseList: route({
    method: 'GET', path: '/plan/base-list', policy: PLAN_VIEW, subject: Subjects.licence.planBaseList,
    request: ZBaseListQuery, response: ZBaseList,
    summary: 'The plans of a product a client can choose, in its region\'s currency (minor units, excluding tax), with the initial cost.',
  }),
  planOptionList: route({
    method: 'GET', path: '/plan/option-list', policy: PLAN_VIEW, subject: Subjects.licence.planOptionList,
    request: ZOptionListQuery, response: ZOptionList,
    summary: 'The options contractable with a plan, in the client\'s currency, each with the options it cannot be combined with.',
  }),
  termsList: route({
    method: 'GET', path: '/operator/terms', policy: OPERATOR_ONLY, subject: Subjects.licence.termsList,
    request: ZTermsListQuery, response: ZTermsList,
    summary: 'Operator: the versions of the terms of use and the privacy policy per language, newest first: draft or published, major or minor, when and by whom.',
  }),
  termsGet: route({
    method: 'GET', path: '/operator/terms/detail', policy: OPERATOR_ONLY, subject: Subjects.licence.termsGet,
    request: ZTermsRef, response: ZTermsDetail, summary: 'Operator: one version with its HTML and the previous published version\'s HTML (for the diff).',
  }),
  termsCreate: route({
    method: 'POST', path: '/operator/terms', policy: OPERATOR_ONLY, subject: Subjects.licence.termsCreate,
    request: ZTermsCreate, response: ZTermsDetail,
    summary: 'Operator: start a draft of the next version of a kind and language (one draft at a time); the HTML is sanitised on the server.',
  }),
  termsUpdate: route({
    method: 'PUT', path: '/operator/terms', policy: OPERATOR_ONLY, subject: Subjects.licence.termsUpdate,
    request: ZTermsUpdate, response: ZTermsDetail,
    summary: 'Operator: edit a draft\'s text (sanitised on the server); a published version is never rewritten (terms.published_locked).',
  }),
  termsPublish: route({
    method: 'POST', path: '/operator/terms/publish', policy: OPERATOR_ONLY, subject: Subjects.licence.termsPublish,
    request: ZTermsPublish, response: ZTermsDetail,
    summary: 'Operator: publish a draft as the current version, marked major (asked at next login) or minor (asked at the next plan or trial start).',
  }),
  termsPublic: route({
    method: 'GET', path: '/terms', policy: PUBLIC, subject: Subjects.licence.termsPublic, coalesce: true,
    request: ZPublicTermsQuery, response: ZPublicTerms,
    summary: 'The current terms of use of a language (the request\'s by default, else Japanese) and the privacy policy\'s address: the public terms page.',
  }),
  termsUrlList: route({
    method: 'GET', path: '/operator/terms_urls', policy: OPERATOR_ONLY, subject: Subjects.licence.termsUrlList,
    request: z.object({}), response: ZTermsUrlList, summary: 'Operator: the terms-and-conditions URLs: title, installed URL, last update.',
  }),
  termsUrlCreate: route({
    method: 'POST', path: '/operator/terms_urls', policy: OPERATOR_ONLY, subject: Subjects.licence.termsUrlCreate,
    request: ZTermsUrlCreate, response: ZTermsUrlSaved, summary: 'Operator: add a terms-and-conditions URL.',
  }),
  termsUrlUpdate: route({
    method: 'PUT', path: '/operator/terms_urls', policy: OPERATOR_ONLY, subject: Subjects.licence.termsUrlUpdate,
    request: ZTermsUrlUpdate, response: ZTermsUrlSaved, summary: 'Operator: edit a terms-and-conditions URL\'s title or address.',
  }),
  agreementInfo: route({
    method: 'GET', path: '/client/agreement_info', policy: ANY_CLIENT, subject: Subjects.licence.agreementInfo,
    request: z.object({}), response: ZAgreementInfo,
    summary: 'What the caller must agree to now (the current terms of its language and the privacy policy, with versions), whether it already has, and whether a major change asks for it at login.',
  }),
  agreementDocument: route({
    method: 'GET', path: '/client/agreement_document', policy: ANY_CLIENT, subject: Subjects.licence.agreementDocument,
    request: ZAgreementDocumentQuery, response: ZAgreementDocument,
    summary: 'The current text of the terms or the privacy policy in the caller\'s language, and the text the caller last agreed to (for the diff).',
  }),
  agreementGive: route({
    method: 'POST', path: '/client/agreement', policy: AGREEMENT_GIVE, subject: Subjects.licence.agreementGive,
    request: ZAgreementGive, response: ZAgreementInfo,
    summary: 'The caller agrees to the current versions it was shown; a version that is no longer current is refused (terms.version_changed).',
  }),
  productNewList: route({
    method: 'GET', path: '/product/new_list', policy: ANY_CLIENT, subject: Subjects.licence.serviceNewList,
    request: z.object({}), response: ZServiceList,
    summary: 'Japan\'s services page: services in use and available in the client\'s region (at most 12 together), with descriptions, suggestion tags, trial and start-free offers.',
  }),
  productServices: route({
    method: 'GET', path: '/product', policy: ANY_CLIENT, subject: Subjects.licence.serviceList,
    request: z.object({}), response: ZServiceList,
    summary: 'The older services page (regions other than Japan): the same services in use and available, without the suggestion tabs.',
  }),
  productStart: route({
    method: 'POST', path: '/product/start', policy: OWNER_NOT_SUPPORT, subject: Subjects.licence.serviceStart,
    request: ZServiceStart, response: ZServiceStarted,
    summary: 'Owner: start a product\'s trial or its free licence (the free plan); the current terms must be agreed. The owner\'s account gets the product.',
  }),
  operatorProducts: route({
    method: 'GET', path: '/operator/products', policy: OPERATOR_ONLY, subject: Subjects.licence.catalogueList,
    request: z.object({}), response: ZCatalogue,
    summary: 'Operator: the product catalogue (kind, regions offered, trial length, descriptions per language).',
  }),
  operatorProductUpdate: route({
    method: 'PUT', path: '/operator/products', policy: OPERATOR_ONLY, subject: Subjects.licence.catalogueUpdate,
    request: ZCatalogueUpdate, response: ZCatalogueProduct,
    summary: 'Operator: change a product\'s trial length, the regions offering it and its descriptions.',
  }),
  productDomains: route({
    method: 'GET', path: '/product/domains', policy: OWNER_ONLY, subject: Subjects.licence.domainList,
    request: z.object({}), response: ZClientDomains,
    summary: 'The client\'s domains and the products linked with each.',
  }),
  productLink: route({
    method: 'POST', path: '/product/link', policy: OWNER_NOT_SUPPORT, subject: Subjects.licence.domainLink,
    request: ZDomainLink, response: ZClientDomains,
    summary: 'Link products the client holds with a domain; the domain must exist (it must resolve in DNS).',
  }),
  productUnlink: route({
    method: 'DELETE', path: '/product/link', policy: OWNER_NOT_SUPPORT, subject: Subjects.licence.domainUnlink,
    request: ZDomainUnlink, response: ZClientDomains,
    summary: 'Unlink a domain: its entries are removed; the products chosen in `keep` stay on the free plan, the others\' licences end.',
  }),
} as const;
