import { useQuery } from '@tanstack/react-query';
import { BACKOFFICE_MIGRATION_ROUTES, BACKOFFICE_PARTNERS_ROUTES } from '@portal/proto';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** Issue 14, slice C: the partner's client registration wizard and the registration form's embed code. */
export const useRegistrations = () => useQuery(routeQuery(BACKOFFICE_MIGRATION_ROUTES.registrationList, {}));
export const useRegistrationCheck = () => useRouteMutation(BACKOFFICE_MIGRATION_ROUTES.registrationCheck, { quiet: true });
export const useRegistrationConfirm = () => useRouteMutation(BACKOFFICE_MIGRATION_ROUTES.registrationConfirm, { quiet: true, invalidates: [BACKOFFICE_MIGRATION_ROUTES.registrationList] });

export const useOwnEmbedForm = (enabled: boolean) => useQuery({ ...routeQuery(BACKOFFICE_MIGRATION_ROUTES.embedFormGet, {}), enabled });
export const useUpdateEmbedForm = () => useRouteMutation(BACKOFFICE_MIGRATION_ROUTES.embedFormUpdate, { quiet: true, invalidates: [BACKOFFICE_MIGRATION_ROUTES.embedFormGet] });
export const useEmbedForms = (enabled: boolean) => useQuery({ ...routeQuery(BACKOFFICE_MIGRATION_ROUTES.embedFormOperatorList, {}), enabled });
export const usePartnerEmbedForm = (partnerUuid: string | null) =>
  useQuery({ ...routeQuery(BACKOFFICE_MIGRATION_ROUTES.embedFormOperatorGet, { partner_uuid: partnerUuid ?? '' }), enabled: !!partnerUuid });

/** The partner's own settings: whether the operator lets it register clients (the wizard says so up front). */
export const useRegistrationSwitch = () => useQuery(routeQuery(BACKOFFICE_PARTNERS_ROUTES.partnerSettingsGet, {}));
