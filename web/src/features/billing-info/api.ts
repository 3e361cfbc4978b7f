import { useQuery } from '@tanstack/react-query';
import { BILLING_PAYMENT_ROUTES } from '@portal/proto';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The client's billing information (issue 11, slice A). */
export const useBillingInfo = () => useQuery(routeQuery(BILLING_PAYMENT_ROUTES.billingInfo, {}));

/** Saving shows field errors in the form (quiet). */
export const useSaveBillingInfo = () =>
  useRouteMutation(BILLING_PAYMENT_ROUTES.billingInfoUpdate, { invalidates: [BILLING_PAYMENT_ROUTES.billingInfo], quiet: true });
