import { Injectable } from '@nestjs/common';
import type { Tx } from '../db.js';
import type { BillingContact, BillingContacts, TInvoicePaymentMethod } from './billing-contacts.js';

const METHODS: Record<string, TInvoicePaymentMethod> = { credit_card: 'card', bank_transfer: 'bank_transfer', direct_debit: 'direct_debit' };

/**
 * Reads slice A's billing_infos and payment_methods (same service) for a chunk of clients in two
 * queries: the run writes 10,000 invoices in chunks, so one query per client would dominate it.
 */
@Injectable()
export class BillingContactsAdapter implements BillingContacts {
  async forClients(tx: Tx, clientUuids: readonly string[]): Promise<Map<string, BillingContact>> {
    const ids = [...clientUuids];
    const [infos, methods] = await Promise.all([
      tx.billingInfo.findMany({ where: { clientUuid: { in: ids } }, select: { clientUuid: true, email: true } }),
      tx.paymentMethod.findMany({ where: { clientUuid: { in: ids } }, select: { clientUuid: true, method: true } }),
    ]);
    const email = new Map(infos.map((i) => [i.clientUuid, i.email]));
    const method = new Map(methods.map((m) => [m.clientUuid, METHODS[m.method] ?? 'none']));
    return new Map(ids.map((id) => [id, { email: email.get(id) ?? null, method: method.get(id) ?? 'none' }]));
  }
}
