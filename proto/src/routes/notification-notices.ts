import { z } from 'zod';
import { ANY_CLIENT, NOTICE_READER, OPERATOR_ONLY, PARTNER_ONLY, PARTNER_OR_OPERATOR } from '../policy.js';
import { Subjects } from '../subjects.js';
import {
  ZInquiryCreate, ZInquiryInbox, ZInquiryInboxQuery, ZInquiryMine, ZInquiryMineQuery, ZInquiryReceiverAdd, ZInquiryReceiverRemove,
  ZInquiryReceivers, ZInquiryReceiversQuery, ZInquirySent, ZInquiryStatusChange, ZNoticeAdminList, ZNoticeAdminListQuery,
  ZNoticeAdminOne, ZNoticeBadge, ZNoticeCreate, ZNoticeHistory, ZNoticePreview, ZNoticePreviewQuery, ZNoticeList, ZNoticeListQuery, ZNoticeRef, ZNoticeUpdate,
} from '../notices.js';
import { ZNoticeDraftForClients } from '../client-search.js';
import { route } from './route.js';

/** Issue 12, slice B: notices and inquiries. */
export const NOTIFICATION_NOTICE_ROUTES = {
  noticeList: route({
    method: 'GET', path: '/notice/list', policy: NOTICE_READER, subject: Subjects.notification.noticeList,
    request: ZNoticeListQuery, response: ZNoticeList,
    summary: 'The notices delivered now to the caller\'s client or partner (fixed, then on top, then newest first), each with whether the account has read it, and the unread count.',
  }),
  noticeNewsNum: route({
    method: 'GET', path: '/notice/news_num', policy: NOTICE_READER, subject: Subjects.notification.noticeNewsNum,
    request: z.object({}), response: ZNoticeBadge,
    summary: 'The account\'s unread notice count and the newest "show on top" notice\'s title.',
  }),
  noticeHistory: route({
    method: 'POST', path: '/notice/history', policy: NOTICE_READER, subject: Subjects.notification.noticeHistory,
    request: ZNoticeHistory, response: ZNoticeBadge,
    summary: 'Records that the account has read these notices (ones it cannot see are ignored); answers the new unread count.',
  }),
  operatorNoticeList: route({
    method: 'GET', path: '/operator/notices', policy: OPERATOR_ONLY, subject: Subjects.notification.noticeAdminList,
    request: ZNoticeAdminListQuery, response: ZNoticeAdminList,
    summary: 'Operator: the notices of the host\'s region, newest delivery first, with their publish status.',
  }),
  operatorNoticeGet: route({
    method: 'GET', path: '/operator/notice', policy: OPERATOR_ONLY, subject: Subjects.notification.noticeAdminGet,
    request: ZNoticeRef, response: ZNoticeAdminOne, summary: 'Operator: one notice, for its edit form.',
  }),
  operatorNoticeDraftForClients: route({
    method: 'POST', path: '/operator/notices/draft_for_clients', policy: OPERATOR_ONLY, subject: Subjects.notification.noticeAdminDraftForClients,
    request: ZNoticeDraftForClients, response: ZNoticeAdminOne,
    summary: 'Operator (issue 25, the client list\'s bulk action): a notice draft to exactly the selected clients (a client-list audience, as a CSV target names), not delivered until its dates are set and it is published. At most 500 clients.',
  }),
  operatorNoticeCreate: route({
    method: 'POST', path: '/operator/notices', policy: OPERATOR_ONLY, subject: Subjects.notification.noticeAdminCreate,
    request: ZNoticeCreate, response: ZNoticeAdminOne,
    summary: 'Operator: create a notice. A one-client or CSV target naming unknown clients is refused with the rows named; the payment filter is resolved from the licence service\'s contracts now.',
  }),
  operatorNoticeUpdate: route({
    method: 'PUT', path: '/operator/notices', policy: OPERATOR_ONLY, subject: Subjects.notification.noticeAdminUpdate,
    request: ZNoticeUpdate, response: ZNoticeAdminOne,
    summary: 'Operator: edit a notice. Once delivery has started only title and body may change (otherwise duplicate it).',
  }),
  operatorNoticeDuplicate: route({
    method: 'POST', path: '/operator/notices/duplicate', policy: OPERATOR_ONLY, subject: Subjects.notification.noticeAdminDuplicate,
    request: ZNoticeRef, response: ZNoticeAdminOne,
    summary: 'Operator: copy a notice as a draft (same text and targets, no dates, read by no one): delivered to no one until published.',
  }),
  operatorNoticePublish: route({
    method: 'POST', path: '/operator/notices/publish', policy: OPERATOR_ONLY, subject: Subjects.notification.noticeAdminPublish,
    request: ZNoticeRef, response: ZNoticeAdminOne,
    summary: 'Operator: publish a draft (its dates must be set and end in the future); it becomes scheduled or delivering.',
  }),
  operatorNoticePreview: route({
    method: 'GET', path: '/operator/notice/preview', policy: OPERATOR_ONLY, subject: Subjects.notification.noticeAdminPreview,
    request: ZNoticePreviewQuery, response: ZNoticePreview,
    summary: 'Operator: a notice as a chosen client would see it, and whether that client is in its audience.',
  }),
  operatorNoticeArchive: route({
    method: 'POST', path: '/operator/notices/archive', policy: OPERATOR_ONLY, subject: Subjects.notification.noticeAdminArchive,
    request: ZNoticeRef, response: ZNoticeAdminOne,
    summary: 'Operator: archive a notice (it leaves readers\' lists; its targets and read counts are kept, shown under the archived filter).',
  }),
  inquirySend: route({
    method: 'POST', path: '/inquiry', policy: ANY_CLIENT, subject: Subjects.notification.inquirySend,
    request: ZInquiryCreate, response: ZInquirySent,
    summary: 'Send an inquiry: to the client\'s partner\'s inquiry receivers when it has any, else to the operator; the sender gets an acknowledgement mail.',
  }),
  inquiryMine: route({
    method: 'GET', path: '/inquiry', policy: ANY_CLIENT, subject: Subjects.notification.inquiryMine,
    request: ZInquiryMineQuery, response: ZInquiryMine, summary: 'The inquiries the account has sent (newest first, at most 50).',
  }),
  inquiryInbox: route({
    method: 'GET', path: '/inquiries', policy: PARTNER_OR_OPERATOR, subject: Subjects.notification.inquiryInbox,
    request: ZInquiryInboxQuery, response: ZInquiryInbox,
    summary: 'Operator or partner: the inquiries it receives (a partner: from its clients; the operator: the rest), newest first.',
  }),
  inquiryStatus: route({
    method: 'PUT', path: '/inquiries/status', policy: PARTNER_OR_OPERATOR, subject: Subjects.notification.inquiryStatus,
    request: ZInquiryStatusChange, response: ZInquirySent, summary: 'Operator or partner: mark a received inquiry new, answered or closed.',
  }),
  inquiryReceivers: route({
    method: 'GET', path: '/partner/inquiry_receivers', policy: PARTNER_ONLY, subject: Subjects.notification.inquiryReceivers,
    request: ZInquiryReceiversQuery, response: ZInquiryReceivers, summary: 'Partner: the addresses its clients\' inquiries are mailed to.',
  }),
  inquiryReceiverAdd: route({
    method: 'POST', path: '/partner/inquiry_receivers', policy: PARTNER_ONLY, subject: Subjects.notification.inquiryReceiverAdd,
    request: ZInquiryReceiverAdd, response: ZInquiryReceivers, summary: 'Partner: add an inquiry receiver (an address already there keeps one entry, with the new name).',
  }),
  inquiryReceiverRemove: route({
    method: 'DELETE', path: '/partner/inquiry_receivers', policy: PARTNER_ONLY, subject: Subjects.notification.inquiryReceiverRemove,
    request: ZInquiryReceiverRemove, response: ZInquiryReceivers, summary: 'Partner: remove an inquiry receiver; the last one cannot be removed.',
  }),
} as const;
