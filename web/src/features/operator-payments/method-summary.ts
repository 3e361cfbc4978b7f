import type { TFunction } from 'i18next';
import type { TPaymentMethodSummary } from '@portal/proto';

/** A client's method in a confirmation, masked: "クレジットカード ************1234（有効期限 2028/12）", "銀行振込 みずほ銀行 本店 ****567". */
export function methodText(t: TFunction, summary: TPaymentMethodSummary | null): string | null {
  if (!summary) return null;
  const name = t(`bo_clients.method_${summary.method}`);
  const expiry = summary.expiry ? t('operator_payments.expiry', { expiry: `${summary.expiry.slice(0, 4)}/${summary.expiry.slice(5, 7)}` }) : '';
  return [name, summary.label, expiry].filter(Boolean).join(' ');
}

/** The summary of bank data typed in a form or read from a request, as the server will store it (the account's last 3 digits). */
export function bankSummary(input: { method: 'bank_transfer' | 'direct_debit'; bank_name: string; branch_name: string; account_number: string }): TPaymentMethodSummary {
  const account = input.account_number ? `****${input.account_number.slice(-3)}` : '';
  return { method: input.method, label: [input.bank_name, input.branch_name, account].filter(Boolean).join(' '), expiry: null };
}
