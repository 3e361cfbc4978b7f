import { useQuery } from '@tanstack/react-query';
import { BILLING_PAYMENT_ROUTES, BILLING_REQUEST_ROUTES, LICENCE_ROUTES } from '@portal/proto';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** Issue 11, slice A: the payment method, the card tokeniser, card registration and 3-D Secure. */
export const usePayment = () => useQuery(routeQuery(BILLING_PAYMENT_ROUTES.paymentGet, {}));
/** The latest bank-transfer or direct-debit request (slice B): /payment says "confirming" while one waits. */
export const useLatestPaymentRequest = () => useQuery(routeQuery(BILLING_REQUEST_ROUTES.paymentRequestCurrent, {}));
export const useTokenizer = () => useQuery({ ...routeQuery(BILLING_PAYMENT_ROUTES.gmoJs, {}), staleTime: Infinity });

/** What a new card changes: the payment pages' reads, and (issue 22) the plan application's payment state and preview. */
const PAYMENT_READS = [
  BILLING_PAYMENT_ROUTES.paymentGet, BILLING_PAYMENT_ROUTES.gmoCard, BILLING_PAYMENT_ROUTES.checkPayment, LICENCE_ROUTES.planBillingPayment, LICENCE_ROUTES.planApplyInfo,
];
export const useUseCard = () => useRouteMutation(BILLING_PAYMENT_ROUTES.paymentUpdate, { invalidates: PAYMENT_READS, quiet: true });
export const useRegisterCard = () => useRouteMutation(BILLING_PAYMENT_ROUTES.gmoAuth, { invalidates: PAYMENT_READS, quiet: true });
export const useCompleteSecure = () => useRouteMutation(BILLING_PAYMENT_ROUTES.gmoSecureTran, { invalidates: PAYMENT_READS, quiet: true });
