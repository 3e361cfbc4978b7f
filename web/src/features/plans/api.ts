import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, type TPlanChoice, type TPlanProduct } from '@portal/proto';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The client's plan pages (slice C of issue 10): contracts, eligibility, search, preview, apply, cancel. */

export const useClientContracts = () => useQuery(routeQuery(API_ROUTES.planClientList, {}));
export const useModifyCheck = () => useQuery(routeQuery(API_ROUTES.planModifyCheck, {}));
export const useContractInfo = () => useQuery(routeQuery(API_ROUTES.planContractInfo, {}));
export const useBillingPayment = () => useQuery(routeQuery(API_ROUTES.planBillingPayment, {}));

/** The preview of timing and terms (dates and amounts come from the API; nothing is recomputed here). */
export const useApplyPreview = (choice: TPlanChoice | null) =>
  useQuery({ ...routeQuery(API_ROUTES.planApplyInfo, choice ?? { product: '', plan_id: '', option_ids: [] }), enabled: !!choice, retry: false });

export const useCorporateSearch = () => useRouteMutation(API_ROUTES.planCorporateSearch, { quiet: true });
/** The contract-info step's check: name, number and location come back as the search fixed them. */
export const useCheckContractInfo = () => useRouteMutation(API_ROUTES.planCheckContractInfo, { quiet: true });
export const useApply = () => useRouteMutation(API_ROUTES.planApply, { invalidates: [API_ROUTES.planClientList, API_ROUTES.planModifyCheck], quiet: true });
export const useCancelContract = () => useRouteMutation(API_ROUTES.planCancel, { invalidates: [API_ROUTES.planClientList], quiet: true });


/** Slice B's client calls (spec §7 /plan/base-list, /plan/option-list): the plans and options in the client's currency. */
export const useBaseList = (product: string) =>
  useQuery({ ...routeQuery(API_ROUTES.planBaseList, { product: product as TPlanProduct }), enabled: !!product });
export const useOptionList = (product: string, planId: string) =>
  useQuery({ ...routeQuery(API_ROUTES.planOptionList, { product: product as TPlanProduct, plan_id: planId }), enabled: !!product && !!planId });
