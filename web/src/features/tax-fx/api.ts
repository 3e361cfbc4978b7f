import { useQuery } from '@tanstack/react-query';
import { BILLING_INVOICE_ROUTES } from '@portal/proto';
import type { RouteInput } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** Issue 11, slice C1: the operator's tax rates and standard FX rate (contracts from the billing area module, not the entry). */

export type TTaxRateListParams = RouteInput<typeof BILLING_INVOICE_ROUTES.taxRateList>;

export const useTaxRates = (params: TTaxRateListParams) => useQuery(routeQuery(BILLING_INVOICE_ROUTES.taxRateList, params));
export const useFxRates = () => useQuery(routeQuery(BILLING_INVOICE_ROUTES.fxRateList, {}));

/** The forms show a refusal under their fields themselves (quiet). */
export const useAddTaxRate = () => useRouteMutation(BILLING_INVOICE_ROUTES.taxRateCreate, { quiet: true, invalidates: [BILLING_INVOICE_ROUTES.taxRateList] });
export const useWithdrawTaxRate = () => useRouteMutation(BILLING_INVOICE_ROUTES.taxRateDelete, { invalidates: [BILLING_INVOICE_ROUTES.taxRateList], invalidateOn: 'settled' });
export const useAddFxRate = () => useRouteMutation(BILLING_INVOICE_ROUTES.fxRateCreate, { quiet: true, invalidates: [BILLING_INVOICE_ROUTES.fxRateList] });
export const useWithdrawFxRate = () => useRouteMutation(BILLING_INVOICE_ROUTES.fxRateDelete, { invalidates: [BILLING_INVOICE_ROUTES.fxRateList], invalidateOn: 'settled' });
