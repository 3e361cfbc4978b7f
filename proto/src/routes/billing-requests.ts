import {
  ZPaymentMethodImport, ZPaymentMethodImportResult, ZPaymentMethodRegistration, ZPaymentRequestChecked, ZPaymentRequestCurrent,
  ZPaymentRequestFiled, ZPaymentRequestInput, ZPaymentRequestList, ZPaymentRequestQuery, ZPaymentRequestRef, ZPaymentRequestReject,
  ZPaymentMethodCsvFile, ZPaymentMethodOfClient, ZPaymentMethodOfClientQuery,
} from '../payment-requests.js';
import { BILLING, OPERATOR_ONLY } from '../policy.js';
import { Subjects } from '../subjects.js';
import { z } from 'zod';
import { route } from './route.js';

/** Issue 11, slice B: bank-transfer and direct-debit requests, operator registration and CSV of payment methods. */
export const BILLING_REQUEST_ROUTES = {
  paymentRequestCheck: route({
    method: 'POST', path: '/payment_request/check', policy: BILLING, subject: Subjects.billing.paymentRequestCheck,
    request: ZPaymentRequestInput, response: ZPaymentRequestChecked,
    summary: 'The confirm step of a bank-transfer or direct-debit request: checks the input (Japan only) and writes nothing.',
  }),
  paymentRequestFile: route({
    method: 'POST', path: '/payment_request', policy: BILLING, subject: Subjects.billing.paymentRequestFile,
    request: ZPaymentRequestInput, response: ZPaymentRequestFiled,
    summary: 'The complete step: files the request for an operator to confirm by hand (Japan only; one pending request at a time); the requester is mailed.',
  }),
  paymentRequestCurrent: route({
    method: 'GET', path: '/payment_request', policy: BILLING, subject: Subjects.billing.paymentRequestCurrent,
    request: z.object({}), response: ZPaymentRequestCurrent,
    summary: "The caller's company's latest request (pending: the method shows as confirming), or null.",
  }),
  paymentRequestList: route({
    method: 'GET', path: '/operator/payment_requests', policy: OPERATOR_ONLY, subject: Subjects.billing.paymentRequestList,
    request: ZPaymentRequestQuery, response: ZPaymentRequestList,
    summary: 'Operator: requests of every region by status (pending first-come first-served), paged.',
  }),
  paymentRequestDetail: route({
    method: 'GET', path: '/operator/payment_requests/detail', policy: OPERATOR_ONLY, subject: Subjects.billing.paymentRequestDetail,
    request: ZPaymentRequestRef, response: ZPaymentRequestFiled,
    summary: 'Operator: one request with its bank data.',
  }),
  paymentRequestConfirm: route({
    method: 'POST', path: '/operator/payment_requests/confirm', policy: OPERATOR_ONLY, subject: Subjects.billing.paymentRequestConfirm,
    request: ZPaymentRequestRef, response: ZPaymentRequestFiled,
    summary: "Operator: confirms a pending request; the method becomes the client's, is logged and mailed.",
  }),
  paymentRequestReject: route({
    method: 'POST', path: '/operator/payment_requests/reject', policy: OPERATOR_ONLY, subject: Subjects.billing.paymentRequestReject,
    request: ZPaymentRequestReject, response: ZPaymentRequestFiled,
    summary: 'Operator: refuses a pending request with a reason; the client may file a new one.',
  }),
  paymentMethodRegister: route({
    method: 'POST', path: '/operator/payment_methods', policy: OPERATOR_ONLY, subject: Subjects.billing.paymentMethodRegister,
    request: ZPaymentMethodRegistration, response: ZPaymentRequestFiled,
    summary: 'Operator: registers a bank-transfer or direct-debit method on behalf of a client (Japan only).',
  }),
  // Issue 25 point 2: what a registration on a client's behalf (or a request's approval) replaces, shown before it is confirmed.
  paymentMethodOfClient: route({
    method: 'GET', path: '/operator/payment_methods/current', policy: OPERATOR_ONLY, subject: Subjects.billing.paymentMethodOfClient,
    request: ZPaymentMethodOfClientQuery, response: ZPaymentMethodOfClient,
    summary: "Operator: a client's current payment method, masked (card number's last digits and expiry, or bank, branch and the account's last digits), or null.",
  }),
  paymentMethodImport: route({
    method: 'POST', path: '/operator/payment_methods/import', policy: OPERATOR_ONLY, subject: Subjects.billing.paymentMethodImport, multipart: true,
    tooLarge: { field: 'file', key: 'csv.too_large' },
    request: ZPaymentMethodImport, response: ZPaymentMethodImportResult,
    summary: 'Operator: registers bank methods from a CSV (multipart field `file`; columns named on the first line). One broken row refuses the whole file, with its errors by line. `dry_run=true` writes nothing and answers the same rows: which clients\' methods are added and which replaced (old and new, masked).',
  }),
  paymentMethodCsv: route({
    method: 'GET', path: '/operator/payment_methods/csv', policy: OPERATOR_ONLY, subject: Subjects.billing.paymentMethodCsv,
    request: z.object({}), response: ZPaymentMethodCsvFile,
    summary: "Operator: the clients' registered bank-transfer and direct-debit methods as CSV with a header row (the import's columns).",
  }),
} as const;
