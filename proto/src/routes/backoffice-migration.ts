import { z } from 'zod';
import { CLIENT_MIGRATION, CLIENT_REGISTRATION, EMBED_FORM_PUBLIC } from '../policy.js';
import { Subjects } from '../subjects.js';
import {
  ZEmbedForm, ZEmbedFormFields, ZEmbedFormList, ZEmbedFormQuery, ZEmbedFormUpdate, ZEmbedSubmit, ZEmbedSubmitted, ZEmbedToken,
  ZMigration, ZMigrationCheck, ZMigrationClientQuery, ZMigrationClients, ZMigrationConfirm, ZMigrationList, ZRegistration,
  ZRegistrationCheck, ZRegistrationConfirm, ZRegistrationList, ZMigrationStepChecked,
} from '../migration.js';
import { route } from './route.js';

/** Issue 14, slice C: migration of existing clients, partner client registration, the embedded registration form. */
export const BACKOFFICE_MIGRATION_ROUTES = {
  migrationCheck: route({
    method: 'POST', path: '/operator/migrations/check', policy: CLIENT_MIGRATION, subject: Subjects.licence.migrationCheck,
    request: ZMigrationCheck, response: ZMigrationStepChecked,
    summary: 'Operator: check one step of the migration wizard (licence, client, billing, products with each product\'s connection check, or the existing client\'s account). Writes nothing.',
  }),
  migrationConfirm: route({
    method: 'POST', path: '/operator/migrations', policy: CLIENT_MIGRATION, subject: Subjects.licence.migrationConfirm,
    request: ZMigrationConfirm, response: ZMigration,
    summary: 'Operator: confirm a migration. Every step is checked again (connections included); the same idempotency key answers the first migration instead of a second.',
  }),
  migrationList: route({
    method: 'GET', path: '/operator/migrations', policy: CLIENT_MIGRATION, subject: Subjects.licence.migrationList,
    request: z.object({}), response: ZMigrationList, summary: 'Operator: the latest migrations of the host\'s region, newest first (at most 50).',
  }),
  migrationClients: route({
    method: 'GET', path: '/operator/migrations/clients', policy: CLIENT_MIGRATION, subject: Subjects.licence.migrationClients,
    request: ZMigrationClientQuery, response: ZMigrationClients, summary: 'Operator: existing clients by company name, for the migration of an existing client (at most 20).',
  }),
  registrationCheck: route({
    method: 'POST', path: '/partner/registrations/check', policy: CLIENT_REGISTRATION, subject: Subjects.licence.registrationCheck,
    request: ZRegistrationCheck, response: ZMigrationStepChecked, summary: 'Partner: check one step of the client registration wizard (account info, client info). Writes nothing.',
  }),
  registrationConfirm: route({
    method: 'POST', path: '/partner/registrations', policy: CLIENT_REGISTRATION, subject: Subjects.licence.registrationConfirm,
    request: ZRegistrationConfirm, response: ZRegistration,
    summary: 'Partner: register a client into its own scope; the same idempotency key answers the first registration.',
  }),
  registrationList: route({
    method: 'GET', path: '/partner/registrations', policy: CLIENT_REGISTRATION, subject: Subjects.licence.registrationList,
    request: z.object({}), response: ZRegistrationList, summary: 'Partner: its latest client registrations (wizard and embedded form), newest first (at most 50).',
  }),
  embedFormGet: route({
    method: 'GET', path: '/partner/embed_form', policy: CLIENT_REGISTRATION, subject: Subjects.licence.embedFormGet,
    request: z.object({}), response: ZEmbedForm, summary: 'Partner: its registration form\'s origins, form token and embed code.',
  }),
  embedFormUpdate: route({
    method: 'PUT', path: '/partner/embed_form', policy: CLIENT_REGISTRATION, subject: Subjects.licence.embedFormUpdate,
    request: ZEmbedFormUpdate, response: ZEmbedForm,
    summary: 'Partner: set the origins its pages are served from (the only ones the embedded form answers); a change issues a new form token.',
  }),
  embedFormOperatorList: route({
    method: 'GET', path: '/operator/embed_forms', policy: CLIENT_MIGRATION, subject: Subjects.licence.embedFormOperatorList,
    request: z.object({}), response: ZEmbedFormList, summary: 'Operator: the partners of the host\'s region, with their registration form\'s origins.',
  }),
  embedFormOperatorGet: route({
    method: 'GET', path: '/operator/embed_form', policy: CLIENT_MIGRATION, subject: Subjects.licence.embedFormOperatorGet,
    request: ZEmbedFormQuery, response: ZEmbedForm, summary: 'Operator: one partner\'s registration form embed code.',
  }),
  embedFormFields: route({
    method: 'GET', path: '/embed/form', policy: EMBED_FORM_PUBLIC, subject: Subjects.licence.embedFormFields,
    request: ZEmbedToken, response: ZEmbedFormFields,
    summary: 'Embedded form (public, CORS for the partner\'s origins): the form\'s labels in the visitor\'s language; an unknown or outdated token is refused.',
  }),
  embedFormSubmit: route({
    method: 'POST', path: '/embed/registrations', policy: EMBED_FORM_PUBLIC, subject: Subjects.licence.embedFormSubmit,
    request: ZEmbedSubmit, response: ZEmbedSubmitted,
    summary: 'Embedded form (public, CORS for the partner\'s origins, no session, the signed form token instead of CSRF): register a client into the token\'s partner\'s scope.',
  }),
} as const;
