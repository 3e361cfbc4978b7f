import { useQuery } from '@tanstack/react-query';
import { BILLING_REQUEST_ROUTES } from '@portal/proto';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** Issue 11, slice B: the client's bank-transfer and direct-debit request (input → confirm → complete). */
export const usePaymentRequest = () => useQuery(routeQuery(BILLING_REQUEST_ROUTES.paymentRequestCurrent, {}));
export const useCheckPaymentRequest = () => useRouteMutation(BILLING_REQUEST_ROUTES.paymentRequestCheck, { quiet: true });
export const useFilePaymentRequest = () =>
  useRouteMutation(BILLING_REQUEST_ROUTES.paymentRequestFile, { invalidates: [BILLING_REQUEST_ROUTES.paymentRequestCurrent], quiet: true });
