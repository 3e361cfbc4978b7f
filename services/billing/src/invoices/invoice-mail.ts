import { Events, Headers, type TLanguage, type TShard } from '@portal/proto';
import { enqueueEvent } from '@portal/service-common/db/outbox';
import { publicUrl } from '@portal/service-common/public-url';
import type { Tx } from '../db.js';
import type { BillingContacts } from './billing-contacts.js';
import { formatAmount, formatMonth } from './invoice-format.js';
import type { InvoiceRecord } from './invoices.repository.js';

export type TInvoiceMailTemplate = 'invoice_overdue' | 'invoice_paid' | 'invoice_charge_failed';

/**
 * A mail about an invoice's status to its client's billing email, through the outbox in the
 * caller's transaction (none when the client has no billing email): the charge job, pay now and an
 * operator's recorded payment (issue 23) say it alike.
 */
export async function mailInvoice(
  tx: Tx, contacts: BillingContacts, shard: TShard, invoice: InvoiceRecord, template: TInvoiceMailTemplate, extra: Record<string, string>,
): Promise<void> {
  const email = (await contacts.forClients(tx, [invoice.clientUuid])).get(invoice.clientUuid)?.email;
  if (!email) return;
  const language = invoice.language as TLanguage;
  await enqueueEvent(tx, Events.notification.mailRequested, {
    to: email, template, language,
    params: {
      number: invoice.number, month: formatMonth(invoice.month, language), total: formatAmount(invoice.chargeTotalMinor, invoice.chargeCurrency, language),
      url: publicUrl('/billing/list', shard), ...extra,
    },
  }, { [Headers.region]: shard, [Headers.language]: language, [Headers.requestId]: `billing-${template}-${invoice.id}` });
}
