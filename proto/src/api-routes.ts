import type { ContractReply, ContractRequest } from './contracts.js';
import type { ApiRoute } from './routes/route.js';
import { SESSION_ROUTES } from './routes/session.js';
import { IDENTITY_ROUTES } from './routes/identity.js';
import { LICENCE_ROUTES } from './routes/licence.js';
import { BILLING_ROUTES } from './routes/billing.js';
import { NOTIFICATION_ROUTES } from './routes/notification.js';
import { USAGE_ROUTES } from './routes/usage.js';
import { USAGE_INGEST_ROUTES } from './routes/usage-ingest.js';
import { BACKOFFICE_MIGRATION_ROUTES } from './routes/backoffice-migration.js';
import { BACKOFFICE_CLIENTS_ROUTES } from './routes/backoffice-clients.js';
import { BACKOFFICE_PARTNERS_ROUTES } from './routes/backoffice-partners.js';
import { CLIENT_PICTURE_ROUTES } from './routes/client-picture.js';
import { AUDIT_LOG_ROUTES } from './routes/audit-log.js';

export { type ApiRoute, type RouteAlias, type THttpMethod, UPLOAD_MAX_BYTES, JSON_BODY_MAX_BYTES, routeEndpoints } from './routes/route.js';
export * from './identity-api.js';
export * from './maintenance.js';

/**
 * Every /v1 call, for the gateway and the services. The table is kept in area modules
 * (routes/*.ts); the SPA imports those, never this object, so a feature's contracts load with its
 * pages instead of in the entry bundle (only SESSION_ROUTES is in the entry).
 */
export const API_ROUTES = {
  ...SESSION_ROUTES,
  ...IDENTITY_ROUTES,
  ...LICENCE_ROUTES,
  ...BILLING_ROUTES,
  ...NOTIFICATION_ROUTES,
  ...USAGE_ROUTES,
  ...USAGE_INGEST_ROUTES,
  ...BACKOFFICE_MIGRATION_ROUTES,
  ...BACKOFFICE_CLIENTS_ROUTES,
  ...BACKOFFICE_PARTNERS_ROUTES,
  ...CLIENT_PICTURE_ROUTES,
  // Issue 25
  ...AUDIT_LOG_ROUTES,
} as const;

export const API_ROUTE_LIST: readonly ApiRoute[] = Object.values(API_ROUTES);

export type TApiRouteName = keyof typeof API_ROUTES;
/** What the handler of a /v1 route receives (`ApiRequest<'userList'>`). */
export type ApiRequest<N extends TApiRouteName> = ContractRequest<(typeof API_ROUTES)[N]>;
/** What the handler of a /v1 route answers. */
export type ApiReply<N extends TApiRouteName> = ContractReply<(typeof API_ROUTES)[N]>;
