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
  /**
   * The issuer printed on invoices, with its qualified-invoice registration number (T + 13 digits):
   * its legal name (snapshotted on each invoice) and, for invoices in any other language than
   * Japanese, its English name, which stands first with the legal name beside it (issue 23).
   */
  INVOICE_ISSUER_NAME: z.string().min(1).default('株式会社ポータル'),
  INVOICE_ISSUER_NAME_EN: z.string().min(1).default('Portal K.K.'),
  INVOICE_ISSUER_REGISTRATION: z.string().regex(/^T\d{13}$/).default('T6010001000001'),
  /** The issuer's address (Japanese invoices, and in English for the others) and its billing contact. */
  INVOICE_ISSUER_ADDRESS: z.string().min(1).default('〒100-0005 東京都千代田区丸の内1-1-1'),
  INVOICE_ISSUER_ADDRESS_EN: z.string().min(1).default('1-1-1 Marunouchi, Chiyoda-ku, Tokyo 100-0005, Japan'),
  INVOICE_ISSUER_PHONE: z.string().min(1).default('03-0000-0000'),
  INVOICE_ISSUER_EMAIL: z.email().default('billing@portal.example'),
  /**
   * The provider's account that bank-transfer clients pay into, printed on their invoices (bank
   * transfer exists in Japan only, spec §1, so these are Japanese bank data). Type: ordinary | current.
   */
  INVOICE_BANK_NAME: z.string().min(1).default('みずほ銀行'),
  INVOICE_BANK_CODE: z.string().regex(/^\d{4}$/).default('0001'),
  INVOICE_BANK_BRANCH: z.string().min(1).default('丸の内支店'),
  INVOICE_BANK_BRANCH_CODE: z.string().regex(/^\d{3}$/).default('110'),
  INVOICE_BANK_ACCOUNT_TYPE: z.enum(['ordinary', 'current']).default('ordinary'),
  INVOICE_BANK_ACCOUNT_NUMBER: z.string().regex(/^\d{7}$/).default('1234567'),
  INVOICE_BANK_ACCOUNT_HOLDER: z.string().min(1).default('カ)ポータル'),
  /**
   * Issue 23 (receipts): calendar days after its payment date before a bank-transfer or direct-debit
   * invoice is marked overdue (and mailed), so that a payment the operator records from the usual
   * bank statement comes first. Seven calendar days hold five bank business days in a week without
   * a holiday (the portal keeps no holiday calendar). 0 marks them the day after, as cards.
   */
  BANK_TRANSFER_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
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
