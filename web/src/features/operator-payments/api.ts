import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKOFFICE_CLIENTS_ROUTES, BILLING_INVOICE_ROUTES, BILLING_REQUEST_ROUTES, type TPaymentMethodImportResult } from '@portal/proto';
import type { RouteInput } from '../../lib/api-client';
import { invalidateRoutes, routeQuery, useRouteMutation } from '../../lib/api-query';
import { uploadRoute, type UploadPhase } from '../../lib/upload';

/** Issue 11, slice B: the operator's payment-method requests and registrations. */
const R = BILLING_REQUEST_ROUTES;

export type TRequestQuery = RouteInput<typeof R.paymentRequestList>;
export const usePaymentRequests = (query: TRequestQuery) => useQuery({ ...routeQuery(R.paymentRequestList, query), placeholderData: keepPreviousData });
/**
 * Issue 25 point 2: a client's current method (what a registration on its behalf or an approval
 * replaces), read when the confirmation opens. A change invalidates it and the client's info page
 * (its payment method), so both show the new method at once.
 */
export const usePaymentMethodOf = (clientUuid: string | null) => useQuery({
  ...routeQuery(R.paymentMethodOfClient, { client_uuid: clientUuid ?? '', region: 'jpn' }), enabled: Boolean(clientUuid),
});
const METHOD_READS = [R.paymentRequestList, R.paymentMethodOfClient, BACKOFFICE_CLIENTS_ROUTES.boClientInfo, BACKOFFICE_CLIENTS_ROUTES.partnerClientInfo] as const;
export const useConfirmRequest = () => useRouteMutation(R.paymentRequestConfirm, { invalidates: METHOD_READS, invalidateOn: 'settled', quiet: true });
export const useRejectRequest = () => useRouteMutation(R.paymentRequestReject, { invalidates: [R.paymentRequestList], invalidateOn: 'settled', quiet: true });
export const useRegisterMethod = () => useRouteMutation(R.paymentMethodRegister, { invalidates: METHOD_READS, quiet: true });
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
    onSuccess: (result) => (result.dry_run ? undefined : invalidateRoutes(queryClient, METHOD_READS)),
  });
}
