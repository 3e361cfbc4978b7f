import { useQuery } from '@tanstack/react-query';
import { LICENCE_ROUTES, SESSION_ROUTES } from '@portal/proto';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The client's company information (licence owns it). */

export const useCompany = () => useQuery(routeQuery(LICENCE_ROUTES.companyGet, {}));

/**
 * Saving shows field errors in the form (quiet). The company name is also in the auth info (the
 * user menu shows it), so both are read again.
 */
export const useUpdateCompany = () =>
  useRouteMutation(LICENCE_ROUTES.companyUpdate, { invalidates: [LICENCE_ROUTES.companyGet, SESSION_ROUTES.userAuth], quiet: true });
