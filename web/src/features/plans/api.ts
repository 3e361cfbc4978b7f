import { useQuery } from '@tanstack/react-query';
import { BILLING_PAYMENT_ROUTES, BILLING_REQUEST_ROUTES, LICENCE_ROUTES, type TPlanChoice, type TPlanProduct } from '@portal/proto';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The client's plan pages (slice C of issue 10): contracts, eligibility, search, preview, apply, cancel. */

export const useClientContracts = () => useQuery(routeQuery(LICENCE_ROUTES.planClientList, {}));
export const useModifyCheck = () => useQuery(routeQuery(LICENCE_ROUTES.planModifyCheck, {}));
export const useContractInfo = () => useQuery(routeQuery(LICENCE_ROUTES.planContractInfo, {}));
export const useBillingPayment = () => useQuery(routeQuery(LICENCE_ROUTES.planBillingPayment, {}));
/** Issue 22, the payment step: the billing information on file, and the card tokeniser for the inline card form. */
export const useBillingInfoOnFile = () => useQuery(routeQuery(BILLING_PAYMENT_ROUTES.billingInfo, {}));
export const useCardTokenizer = () => useQuery({ ...routeQuery(BILLING_PAYMENT_ROUTES.gmoJs, {}), staleTime: Infinity });
/** Issue 22: a bank-transfer or direct-debit request waiting for the provider (Japan only: the route refuses other regions). */
export const useLatestPaymentRequest = (enabled: boolean) => useQuery({ ...routeQuery(BILLING_REQUEST_ROUTES.paymentRequestCurrent, {}), enabled });

/** The preview of timing and terms (dates and amounts come from the API; nothing is recomputed here). */
export const useApplyPreview = (choice: TPlanChoice | null) =>
  useQuery({ ...routeQuery(LICENCE_ROUTES.planApplyInfo, choice ?? { product: '', plan_id: '', option_ids: [] }), enabled: !!choice, retry: false });

export const useCorporateSearch = () => useRouteMutation(LICENCE_ROUTES.planCorporateSearch, { quiet: true });
/** The contract-info step's check: name, number and location come back as the search fixed them. */
export const useCheckContractInfo = () => useRouteMutation(LICENCE_ROUTES.planCheckContractInfo, { quiet: true });
export const useApply = () => useRouteMutation(LICENCE_ROUTES.planApply, { invalidates: [LICENCE_ROUTES.planClientList, LICENCE_ROUTES.planModifyCheck], quiet: true });
export const useCancelContract = () => useRouteMutation(LICENCE_ROUTES.planCancel, { invalidates: [LICENCE_ROUTES.planClientList], quiet: true });
/** Issue 22: withdrawing the application under review changes the contracts, the eligibility and the company lock. */
export const useWithdrawApplication = () => useRouteMutation(LICENCE_ROUTES.planWithdraw, {
  invalidates: [LICENCE_ROUTES.planClientList, LICENCE_ROUTES.planModifyCheck, LICENCE_ROUTES.companyGet], quiet: true,
});


/** Slice B's client calls (spec §7 /plan/base-list, /plan/option-list): the plans and options in the client's currency. */
export const useBaseList = (product: string) =>
  useQuery({ ...routeQuery(LICENCE_ROUTES.planBaseList, { product: product as TPlanProduct }), enabled: !!product });
export const useOptionList = (product: string, planId: string) =>
  useQuery({ ...routeQuery(LICENCE_ROUTES.planOptionList, { product: product as TPlanProduct, plan_id: planId }), enabled: !!product && !!planId });
