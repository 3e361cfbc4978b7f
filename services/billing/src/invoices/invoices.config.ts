import { z } from 'zod';

/** The invoice slice's settings (issue 11, slice C2), parsed once at boot. */
export const ZInvoicesConfig = z.object({
  NODE_ENV: z.string().default('development'),
  /** When the monthly billing run starts (cron, Asia/Tokyo): 03:00 on the 1st. Later runs the same month resume or find nothing to do. */
  BILLING_RUN_CRON: z.string().default('0 3 1 * *'),
  /** When due card invoices are charged (cron, Asia/Tokyo): daily, so a declined charge is retried the next day. */
  BILLING_CHARGE_CRON: z.string().default('0 10 * * *'),
  /** Charge attempts before an invoice is failed and the client is mailed. */
  BILLING_CHARGE_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** The issuer printed on invoices, with its qualified-invoice registration number (T + 13 digits). */
  INVOICE_ISSUER_NAME: z.string().min(1).default('株式会社ポータル (Portal K.K.)'),
  INVOICE_ISSUER_REGISTRATION: z.string().regex(/^T\d{13}$/).default('T6010001000001'),
  /**
   * Issue 23: the provider's account a bank-transfer client pays into, one line as printed (bank,
   * branch, type, number, holder); shown with an unpaid bank-transfer invoice on /billing/list.
   */
  INVOICE_TRANSFER_ACCOUNT: z.string().min(1).default('みずほ銀行 本店営業部 普通 1234567 カ）ポータル (Mizuho Bank, Head Office, ordinary 1234567, Portal K.K.)'),
  /** Clients asked of licence per page. */
  BILLING_RUN_PAGE: z.coerce.number().int().min(1).max(1000).default(500),
  /**
   * Tests only (ignored unless NODE_ENV=test): the first run of this process stops with an error
   * after this many invoices, as a run killed halfway would.
   */
  BILLING_RUN_FAULT_AFTER: z.coerce.number().int().min(1).optional(),
});
export type TInvoicesConfig = z.infer<typeof ZInvoicesConfig>;
export const INVOICES_CONFIG = Symbol('InvoicesConfig');
