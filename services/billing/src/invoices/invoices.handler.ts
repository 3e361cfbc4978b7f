import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, INTERNAL_ROUTES, type ApiRequest, type InternalRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { ChargesService } from './charges.service.js';
import { InvoicePaymentsService } from './invoice-payments.service.js';
import { InvoicesService } from './invoices.service.js';

/** Issue 11, slice C2: /billing/list, the invoice PDF, the operators' billing runs. */
@Injectable()
export class InvoicesHandler {
  constructor(
    @Inject(InvoicesService) private readonly invoices: InvoicesService,
    @Inject(ChargesService) private readonly charges: ChargesService,
    @Inject(InvoicePaymentsService) private readonly payments: InvoicePaymentsService,
  ) {}

  /** Issue 25: the back office's one search: the client an invoice number belongs to. */
  @Handles(INTERNAL_ROUTES.invoiceClient)
  client(query: InternalRequest<'invoiceClient'>) {
    return this.invoices.clientOfNumber(requirePrincipal(), query.number);
  }

  @Handles(API_ROUTES.invoiceList)
  list(query: ApiRequest<'invoiceList'>) {
    return this.invoices.list(requirePrincipal(), query);
  }

  @Handles(API_ROUTES.invoicePdf)
  pdf(query: ApiRequest<'invoicePdf'>) {
    return this.invoices.pdf(requirePrincipal(), query.id);
  }

  // Issue 25, point 5: the billing section of the operator's client info page, and its invoice links.
  @Handles(API_ROUTES.boClientBilling)
  clientOverview(query: ApiRequest<'boClientBilling'>) {
    return this.invoices.clientOverview(requirePrincipal(), query.region, query.uuid);
  }

  @Handles(API_ROUTES.boClientInvoicePdf)
  clientInvoicePdf(query: ApiRequest<'boClientInvoicePdf'>) {
    return this.invoices.clientInvoicePdf(requirePrincipal(), query.region, query.uuid, query.id);
  }

  @Handles(API_ROUTES.invoicePayNow)
  payNow(input: ApiRequest<'invoicePayNow'>) {
    return this.charges.payNow(requirePrincipal(), input.id);
  }

  @Handles(API_ROUTES.receiptPdf)
  receipt(query: ApiRequest<'receiptPdf'>) {
    return this.invoices.pdf(requirePrincipal(), query.id, 'receipt');
  }

  @Handles(API_ROUTES.invoiceCsv)
  csv(query: ApiRequest<'invoiceCsv'>) {
    return this.invoices.csv(requirePrincipal(), query);
  }

  @Handles(API_ROUTES.invoiceZip)
  zip(query: ApiRequest<'invoiceZip'>) {
    return this.invoices.zipManifest(requirePrincipal(), query.year);
  }

  @Handles(API_ROUTES.billingRunList)
  runs(query: ApiRequest<'billingRunList'>) {
    requirePrincipal();
    return this.invoices.listRuns(query.month);
  }

  @Handles(API_ROUTES.billingRunStart)
  start(input: ApiRequest<'billingRunStart'>) {
    requirePrincipal();
    return this.invoices.start(input.month);
  }

  @Handles(API_ROUTES.operatorInvoiceList)
  manualInvoices(query: ApiRequest<'operatorInvoiceList'>) {
    requirePrincipal();
    return this.payments.list(query);
  }

  @Handles(API_ROUTES.invoicePaymentRecord)
  recordPayment(input: ApiRequest<'invoicePaymentRecord'>) {
    return this.payments.record(requirePrincipal(), input);
  }
}
