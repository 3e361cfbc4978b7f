import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BILLING_INVOICE_ROUTES, BILLING_REQUEST_ROUTES, type TPaymentMethodImportResult } from '@portal/proto';
import type { RouteInput } from '../../lib/api-client';
import { invalidateRoutes, routeQuery, useRouteMutation } from '../../lib/api-query';
import { uploadRoute, type UploadPhase } from '../../lib/upload';

/** Issue 11, slice B: the operator's payment-method requests and registrations. */
const R = BILLING_REQUEST_ROUTES;

export type TRequestQuery = RouteInput<typeof R.paymentRequestList>;
export const usePaymentRequests = (query: TRequestQuery) => useQuery({ ...routeQuery(R.paymentRequestList, query), placeholderData: keepPreviousData });
export const useConfirmRequest = () => useRouteMutation(R.paymentRequestConfirm, { invalidates: [R.paymentRequestList], invalidateOn: 'settled', quiet: true });
export const useRejectRequest = () => useRouteMutation(R.paymentRequestReject, { invalidates: [R.paymentRequestList], invalidateOn: 'settled', quiet: true });
export const useRegisterMethod = () => useRouteMutation(R.paymentMethodRegister, { invalidates: [R.paymentRequestList], quiet: true });
export const useDownloadMethods = () => useRouteMutation(R.paymentMethodCsv, { quiet: true });

/** Issue 23 (receipts): bank-transfer and direct-debit invoices, and a payment received recorded. */
export type TManualInvoiceQuery = RouteInput<typeof BILLING_INVOICE_ROUTES.operatorInvoiceList>;
export const useManualInvoices = (query: TManualInvoiceQuery) => useQuery({ ...routeQuery(BILLING_INVOICE_ROUTES.operatorInvoiceList, query), placeholderData: keepPreviousData });
export const useRecordPayment = () => useRouteMutation(BILLING_INVOICE_ROUTES.invoicePaymentRecord, { invalidates: [BILLING_INVOICE_ROUTES.operatorInvoiceList], invalidateOn: 'settled', quiet: true });

/** CSV import (multipart): all rows or none; a refusal names the broken rows under `line.<n>`. */
export function useImportMethods(onPhase: (phase: UploadPhase) => void) {
  const queryClient = useQueryClient();
  return useMutation<TPaymentMethodImportResult, Error, { file: File; dryRun: boolean }>({
    mutationFn: ({ file, dryRun }) => {
      const body = new FormData();
      body.append('dry_run', String(dryRun));
      body.append('file', file, file.name);
      return uploadRoute(R.paymentMethodImport, body, onPhase);
    },
    onSuccess: (result) => (result.dry_run ? undefined : invalidateRoutes(queryClient, [R.paymentRequestList])),
  });
}
