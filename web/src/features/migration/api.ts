import { useQuery } from '@tanstack/react-query';
import { BACKOFFICE_CLIENTS_ROUTES, BACKOFFICE_MIGRATION_ROUTES } from '@portal/proto';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** Issue 14, slice C: the operator's migration of existing clients (contracts from the area module, not the entry). */
export const useMigrations = () => useQuery(routeQuery(BACKOFFICE_MIGRATION_ROUTES.migrationList, {}));
export const useMigrationClients = (q: string) => useQuery(routeQuery(BACKOFFICE_MIGRATION_ROUTES.migrationClients, { q }));
/** Steps and confirm show their refusals under the fields themselves (quiet). */
export const useMigrationCheck = () => useRouteMutation(BACKOFFICE_MIGRATION_ROUTES.migrationCheck, { quiet: true });
export const useMigrationConfirm = () => useRouteMutation(BACKOFFICE_MIGRATION_ROUTES.migrationConfirm, { quiet: true, invalidates: [BACKOFFICE_MIGRATION_ROUTES.migrationList] });
/** The partners a referral or reseller contract may name (slice A's list: active, approved). */
export const usePartnerOptions = (enabled: boolean) => useQuery({ ...routeQuery(BACKOFFICE_CLIENTS_ROUTES.clientCreatePartners, {}), enabled });
