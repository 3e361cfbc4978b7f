import { z } from 'zod';
import { OPERATOR_ONLY, PARTNER_ONLY, PRIMARY_PARTNER_ONLY } from '../policy.js';
import { Subjects } from '../subjects.js';
import {
  ZPartnerBillingStep, ZPartnerContractsChange, ZPartnerCreate, ZPartnerCsvFile, ZPartnerCsvQuery, ZPartnerDetail, ZPartnerDirectContract,
  ZPartnerDirectContractDone, ZPartnerInfoStep, ZPartnerLicenceStep, ZPartnerList, ZPartnerListQuery, ZPartnerRef, ZPartnerRegistrationChange, ZPartnerRegistrationStep,
  ZPartnerReview, ZPartnerSettings, ZPartnerSettingsUpdate, ZPartnerStatusChange, ZPartnerStepChecked, ZSubPartnerCreate, ZSubPartnerList,
} from '../partners.js';
import { ZInquiryReceivers } from '../notices.js';
import { ZPartnerReceiverAdd, ZPartnerReceiverRemove, ZPartnerReceiversQuery } from '../partners.js';
import { route } from './route.js';

/** Issue 14, slice B: the operator's partners and sub-partner review; a partner's sub-partners and system settings. */
export const BACKOFFICE_PARTNERS_ROUTES = {
  operatorPartnerList: route({
    method: 'GET', path: '/operator/partners', policy: OPERATOR_ONLY, subject: Subjects.licence.partnerList,
    request: ZPartnerListQuery, response: ZPartnerList,
    summary: 'Operator: partners and sub-partners of every region, newest first, searched by company name and filtered by status and review state; with the count of sub-partners awaiting review.',
  }),
  operatorPartnerCsv: route({
    method: 'GET', path: '/operator/partners/csv', policy: OPERATOR_ONLY, subject: Subjects.licence.partnerCsv,
    request: ZPartnerCsvQuery, response: ZPartnerCsvFile,
    summary: 'Operator: the partners matching the list\'s search and filters, as CSV with a header row.',
  }),
  operatorPartnerGet: route({
    method: 'GET', path: '/operator/partner', policy: OPERATOR_ONLY, subject: Subjects.licence.partnerGet,
    request: ZPartnerRef, response: ZPartnerDetail,
    summary: 'Operator: one partner with its billing and client-registration settings, its sub-partners and the clients whose agency it is.',
  }),
  operatorPartnerCheckLicence: route({
    method: 'POST', path: '/operator/partners/check/licence', policy: OPERATOR_ONLY, subject: Subjects.licence.partnerCheckLicence,
    request: ZPartnerLicenceStep, response: ZPartnerStepChecked, summary: 'Operator, partner wizard step 1 (licence info): validates; writes nothing.',
  }),
  operatorPartnerCheckInfo: route({
    method: 'POST', path: '/operator/partners/check/partner', policy: OPERATOR_ONLY, subject: Subjects.licence.partnerCheckInfo,
    request: ZPartnerInfoStep, response: ZPartnerStepChecked,
    summary: 'Operator, partner wizard step 2 (partner info): validates, and refuses an email that already has an account; writes nothing.',
  }),
  operatorPartnerCheckBilling: route({
    method: 'POST', path: '/operator/partners/check/billing', policy: OPERATOR_ONLY, subject: Subjects.licence.partnerCheckBilling,
    request: ZPartnerBillingStep, response: ZPartnerStepChecked, summary: 'Operator, partner wizard step 3 (billing/payment info): validates; writes nothing.',
  }),
  operatorPartnerCheckRegistration: route({
    method: 'POST', path: '/operator/partners/check/registration', policy: OPERATOR_ONLY, subject: Subjects.licence.partnerCheckRegistration,
    request: ZPartnerRegistrationStep, response: ZPartnerStepChecked, summary: 'Operator, partner wizard step 4 (client registration): validates; writes nothing.',
  }),
  operatorPartnerCreate: route({
    method: 'POST', path: '/operator/partners', policy: OPERATOR_ONLY, subject: Subjects.licence.partnerCreate,
    request: ZPartnerCreate, response: ZPartnerDetail,
    summary: 'Operator, partner wizard confirm: creates the partner in the host\'s region and invites its first account by mail. The same idempotency key answers the partner it already created.',
  }),
  operatorPartnerContracts: route({
    method: 'PUT', path: '/operator/partners/contracts', policy: OPERATOR_ONLY, subject: Subjects.licence.partnerContracts,
    request: ZPartnerContractsChange, response: ZPartnerDetail, summary: 'Operator: the client contracts a partner may grant (reseller, referral or both).',
  }),
  operatorPartnerRegistration: route({
    method: 'PUT', path: '/operator/partners/registration', policy: OPERATOR_ONLY, subject: Subjects.licence.partnerRegistration,
    request: ZPartnerRegistrationChange, response: ZPartnerDetail,
    summary: 'Operator: switch whether a partner registers clients itself (its registration screen and embedded form) and set the origins that may embed its form. Switched off, both are refused at once; logged.',
  }),
  operatorPartnerStatus: route({
    method: 'PUT', path: '/operator/partners/status', policy: OPERATOR_ONLY, subject: Subjects.licence.partnerStatus,
    request: ZPartnerStatusChange, response: ZPartnerDetail,
    summary: 'Operator: suspend or resume a partner. Suspension ends its accounts\' sessions and refuses their logins; both are logged.',
  }),
  operatorPartnerReview: route({
    method: 'PUT', path: '/operator/partners/review', policy: OPERATOR_ONLY, subject: Subjects.licence.partnerReview,
    request: ZPartnerReview, response: ZPartnerDetail,
    summary: 'Operator: allow or reject a sub-partner a primary partner registered; allowing invites its first account.',
  }),
  operatorPartnerDirectContract: route({
    method: 'POST', path: '/operator/partners/direct_contract', policy: OPERATOR_ONLY, subject: Subjects.licence.partnerDirectContract,
    request: ZPartnerDirectContract, response: ZPartnerDirectContractDone,
    summary: 'Operator: take clients out of a partner\'s scope; they become direct contracts (contract type none, no agency). Logged.',
  }),
  partnerSubPartnerList: route({
    method: 'GET', path: '/partner/sub_partners', policy: PARTNER_ONLY, subject: Subjects.licence.subPartnerList,
    request: z.object({}), response: ZSubPartnerList, summary: 'Partner: the sub-partners it registered, with their review state.',
  }),
  partnerSubPartnerCheck: route({
    method: 'POST', path: '/partner/sub_partners/check', policy: PRIMARY_PARTNER_ONLY, subject: Subjects.licence.subPartnerCheck,
    request: ZPartnerInfoStep, response: ZPartnerStepChecked, summary: 'Primary partner: validates a sub-partner\'s details; writes nothing.',
  }),
  partnerSubPartnerCreate: route({
    method: 'POST', path: '/partner/sub_partners', policy: PRIMARY_PARTNER_ONLY, subject: Subjects.licence.subPartnerCreate,
    request: ZSubPartnerCreate, response: ZSubPartnerList,
    summary: 'Primary partner: registers a sub-partner, pending until the operator allows it (then its first account is invited).',
  }),
  partnerSettingsGet: route({
    method: 'GET', path: '/partner/settings', policy: PARTNER_ONLY, subject: Subjects.licence.partnerSettingsGet,
    request: z.object({}), response: ZPartnerSettings, summary: 'Partner: its system settings (company and contact, notifications, client registration form origins).',
  }),
  partnerSettingsUpdate: route({
    method: 'PUT', path: '/partner/settings', policy: PARTNER_ONLY, subject: Subjects.licence.partnerSettingsUpdate,
    request: ZPartnerSettingsUpdate, response: ZPartnerSettings, summary: 'Partner: change its system settings; logged.',
  }),
  operatorPartnerReceivers: route({
    method: 'GET', path: '/operator/partners/inquiry_receivers', policy: OPERATOR_ONLY, subject: Subjects.notification.partnerReceivers,
    request: ZPartnerReceiversQuery, response: ZInquiryReceivers, summary: 'Operator: the addresses a partner\'s clients\' inquiries are mailed to.',
  }),
  operatorPartnerReceiverAdd: route({
    method: 'POST', path: '/operator/partners/inquiry_receivers', policy: OPERATOR_ONLY, subject: Subjects.notification.partnerReceiverAdd,
    request: ZPartnerReceiverAdd, response: ZInquiryReceivers, summary: 'Operator: add an inquiry receiver to a partner.',
  }),
  operatorPartnerReceiverRemove: route({
    method: 'DELETE', path: '/operator/partners/inquiry_receivers', policy: OPERATOR_ONLY, subject: Subjects.notification.partnerReceiverRemove,
    request: ZPartnerReceiverRemove, response: ZInquiryReceivers, summary: 'Operator: remove a partner\'s inquiry receiver; the last one cannot be removed.',
  }),
} as const;
