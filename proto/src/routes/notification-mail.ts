import {
  ZMailDraft, ZMailLog, ZMailLogQuery, ZMailPartsView, ZMailPartUpdate, ZMailPreview, ZMailTemplateDetail, ZMailTemplateList,
  ZMailTemplateRef, ZMailTemplateUpdate, ZMailTestSend, ZMailTestSent,
} from '../mail-templates.js';
import { OPERATOR_ONLY } from '../policy.js';
import { Subjects } from '../subjects.js';
import { z } from 'zod';
import { route } from './route.js';

/** Issue 12, slice A: system mail templates, delivery and the mail log. */
export const NOTIFICATION_MAIL_ROUTES = {
  mailTemplateList: route({
    method: 'GET', path: '/operator/mails', policy: OPERATOR_ONLY, subject: Subjects.notification.mailTemplateList,
    request: z.object({}), response: ZMailTemplateList,
    summary: 'Operator: every system mail with its target, whether its trigger is described, its subject in the operator\'s language and the languages an operator edited.',
  }),
  mailTemplateGet: route({
    method: 'GET', path: '/operator/mails/detail', policy: OPERATOR_ONLY, subject: Subjects.notification.mailTemplateGet,
    request: ZMailTemplateRef, response: ZMailTemplateDetail,
    summary: 'Operator: one system mail: sender, to, bcc, one version per language, and the insertion codes and common parts valid for its trigger.',
  }),
  mailTemplateUpdate: route({
    method: 'PUT', path: '/operator/mails', policy: OPERATOR_ONLY, subject: Subjects.notification.mailTemplateUpdate,
    request: ZMailTemplateUpdate, response: ZMailTemplateDetail,
    summary: 'Operator: save a system mail (sender, to, bcc, versions per language); a text with an insertion code or part its trigger does not offer is refused, naming it.',
  }),
  mailTemplatePreview: route({
    method: 'POST', path: '/operator/mails/preview', policy: OPERATOR_ONLY, subject: Subjects.notification.mailTemplatePreview,
    request: ZMailDraft, response: ZMailPreview,
    summary: 'Operator: a draft version rendered with sample data and the common parts, as text and HTML; nothing is saved.',
  }),
  mailTemplateTestSend: route({
    method: 'POST', path: '/operator/mails/test', policy: OPERATOR_ONLY, subject: Subjects.notification.mailTemplateTestSend,
    request: ZMailTestSend, response: ZMailTestSent,
    summary: 'Operator: send a draft version with sample data to the operator\'s address, through the mail queue (it appears in the mail log).',
  }),
  mailPartList: route({
    method: 'GET', path: '/operator/mails/parts', policy: OPERATOR_ONLY, subject: Subjects.notification.mailPartList,
    request: z.object({}), response: ZMailPartsView,
    summary: 'Operator: the common parts (header, footer, signature) per language that templates include by reference.',
  }),
  mailPartUpdate: route({
    method: 'PUT', path: '/operator/mails/parts', policy: OPERATOR_ONLY, subject: Subjects.notification.mailPartUpdate,
    request: ZMailPartUpdate, response: ZMailPartsView,
    summary: 'Operator: save one common part in one language (every mail including it uses the new text).',
  }),
  mailLogList: route({
    method: 'GET', path: '/operator/mail_log', policy: OPERATOR_ONLY, subject: Subjects.notification.mailLogList,
    request: ZMailLogQuery, response: ZMailLog,
    summary: 'Operator: sent, queued, failed and bounced mails of every region, newest first, searched by recipient address and status.',
  }),
} as const;
