import type { Tx } from '../db.js';

/** How a client pays, as an invoice records it. */
export type TInvoicePaymentMethod = 'card' | 'bank_transfer' | 'direct_debit' | 'none';

/** What the billing run needs of a client's billing info and payment method (slice A's tables). */
export interface BillingContact {
  /** The billing email (web invoices go there), if billing info is registered. */
  email: string | null;
  method: TInvoicePaymentMethod;
}

/** The port the run reads contacts through; the adapter lives beside slice A's repositories. */
export interface BillingContacts {
  forClients(tx: Tx, clientUuids: readonly string[]): Promise<Map<string, BillingContact>>;
}
export const BILLING_CONTACTS = Symbol('BillingContacts');
