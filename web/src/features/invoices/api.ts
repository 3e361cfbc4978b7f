import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BILLING_INVOICE_ROUTES } from '@portal/proto';
import type { RouteInput, RouteOutput } from '../../lib/api-client';
import { apiPrefix } from '../../lib/api';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The client's invoices (issue 11, slice C2): the list with the next invoice, and each one's PDF. */

export type TInvoiceListParams = RouteInput<typeof BILLING_INVOICE_ROUTES.invoiceList>;
export type TInvoiceListAnswer = RouteOutput<typeof BILLING_INVOICE_ROUTES.invoiceList>;

/** One page of invoices; the previous page stays on screen while another loads. */
export function useInvoiceList(params: TInvoiceListParams) {
  return useQuery({ ...routeQuery(BILLING_INVOICE_ROUTES.invoiceList, params), placeholderData: keepPreviousData });
}

/** Issue 23: charge the card on file again for a failed or overdue invoice; the list is read again after. */
export const useInvoicePayNow = () => useRouteMutation(BILLING_INVOICE_ROUTES.invoicePayNow, { invalidates: [BILLING_INVOICE_ROUTES.invoiceList], invalidateOn: 'settled' });

/** The PDF of one invoice, built on the server (a refusal is shown by the api client). */
export const useInvoicePdf = () => useRouteMutation(BILLING_INVOICE_ROUTES.invoicePdf);

/** Issue 23: the receipt of a paid invoice, and the listed invoices as CSV. */
export const useReceiptPdf = () => useRouteMutation(BILLING_INVOICE_ROUTES.receiptPdf);
export const useInvoiceCsv = () => useRouteMutation(BILLING_INVOICE_ROUTES.invoiceCsv);

/** Issue 23: the year's PDFs as one zip, which the gateway streams: a plain link, the browser downloads it. */
export const invoiceZipUrl = (year: number) => `${apiPrefix()}${BILLING_INVOICE_ROUTES.invoiceZip.path}?year=${year}`;
