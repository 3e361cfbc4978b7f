import { useQuery } from '@tanstack/react-query';
import { BILLING_PAYMENT_ROUTES, LICENCE_ROUTES } from '@portal/proto';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The client's billing information (issue 11, slice A). */
export const useBillingInfo = () => useQuery(routeQuery(BILLING_PAYMENT_ROUTES.billingInfo, {}));

/** Saving shows field errors in the form (quiet); it changes (issue 22) the plan application's payment state too. */
export const useSaveBillingInfo = () => useRouteMutation(BILLING_PAYMENT_ROUTES.billingInfoUpdate, {
  invalidates: [BILLING_PAYMENT_ROUTES.billingInfo, LICENCE_ROUTES.planBillingPayment, LICENCE_ROUTES.planApplyInfo], quiet: true,
});
