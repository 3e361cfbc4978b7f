import { z } from 'zod';
import { ZEmail } from './common.js';

const keyed = (key: string) => ({ message: key, params: { key } });
const text = (max: number) => z.string().trim().max(max);

/**
 * Billing information (spec §3; issue 11, slice A): company name and kana, division and kana,
 * phone, address and kana, and the email that also receives web invoices. The kana fields are
 * required in Japan only (the server checks the region; docs/decisions.md).
 */
export const ZBillingInfo = z.object({
  company_name: text(100).min(1),
  company_kana: text(100).default(''),
  division: text(100).default(''),
  division_kana: text(100).default(''),
  phone: text(20).regex(/^[0-9+\-() ]*$/, keyed('validation.phone')).min(1),
  address: text(200).min(1),
  address_kana: text(200).default(''),
  email: ZEmail,
});
export type TBillingInfo = z.infer<typeof ZBillingInfo>;
/** The fields the form shows kana for (Japan). */
export const BILLING_KANA_FIELDS = ['company_kana', 'division_kana', 'address_kana'] as const;
/** The kana fields a Japanese client must fill in. */
export const BILLING_KANA_REQUIRED = ['company_kana', 'address_kana'] as const;

/**
 * Issue 22: kana as Japanese billing forms mean it, full-width katakana: ァ–ヺ, the long-vowel mark,
 * the middle dot and iteration marks, spaces, and the full-width digits, hyphen and brackets an
 * address reading needs. Hiragana, half-width katakana (ｶﾅ) and Latin letters are refused.
 */
export const FULLWIDTH_KATAKANA = /^[\u30A1-\u30FA\u30FB\u30FC\u30FD\u30FE\u3000 ０-９－（）]*$/;

/** Whether a client of the region gives its billing information's kana (Japan only). */
export const billingKanaAsked = (region: string): boolean => region === 'jpn';

/**
 * The billing information as a client must give it (the one rule for the SPA's form, the billing
 * service and the plan flow's "complete" check). Where kana is asked (`billingKanaAsked`: Japan) the
 * company's and the address's kana are required, and every kana given is full-width katakana.
 */
export function billingInfoSchema(kana: boolean) {
  return ZBillingInfo.superRefine((info, ctx) => {
    if (!kana) return;
    for (const f of BILLING_KANA_REQUIRED) {
      if (!info[f]) ctx.addIssue({ code: 'custom', path: [f], message: 'validation.required', params: { key: 'validation.required' } });
    }
    for (const f of BILLING_KANA_FIELDS) {
      if (info[f] && !FULLWIDTH_KATAKANA.test(info[f])) ctx.addIssue({ code: 'custom', path: [f], message: 'validation.katakana', params: { key: 'validation.katakana' } });
    }
  });
}

/** `GET /v1/client/billing`: whether the client has registered billing information, and what it is. */
export const ZBillingInfoView = z.object({
  registered: z.boolean(),
  billing_info: ZBillingInfo.extend({ updated_at: z.string() }).nullable(),
  /** Whether the form asks for kana (the client's region is Japan). */
  kana: z.boolean(),
});
export type TBillingInfoView = z.infer<typeof ZBillingInfoView>;
