import type { TFunction } from 'i18next';
import {
  PLAN_MASTER_PACKAGE_IDS, PRODUCT_IDS, productName, type TPlanBillingType, type TPlanContractKind, type TPlanScheme, type TPlanStatus, type TPlanType,
} from '@portal/proto';

/** The plan master's `product` choices: the products, then the packages (issue 22), as two groups. */
export const PLAN_PRODUCT_CHOICES = (t: TFunction) => [
  { group: t('plan_master.products'), items: PRODUCT_IDS.map((p) => ({ value: p, label: productName(p) })) },
  { group: t('plan_master.packages'), items: PLAN_MASTER_PACKAGE_IDS.map((p) => ({ value: p, label: productName(p) })) },
];

/** Catalogue keys of the plan master's values (whole keys, so the unused-key test sees them). */
export const TYPE_LABEL: Record<TPlanType, string> = {
  plan: 'plan_master.type_plan', option: 'plan_master.type_option', option_monthly: 'plan_master.type_option_monthly',
  option_shot: 'plan_master.type_option_shot', initial_cost_plan: 'plan_master.type_initial_cost_plan',
  initial_cost_option: 'plan_master.type_initial_cost_option', initial_cost: 'plan_master.type_initial_cost',
};
export const STATUS_LABEL: Record<TPlanStatus, string> = {
  available: 'plan_master.status_available', available_nodisplay: 'plan_master.status_available_nodisplay',
  ccc_nouse: 'plan_master.status_ccc_nouse', stopped: 'plan_master.status_stopped', waiting_setup: 'plan_master.status_waiting_setup',
};
export const STATUS_COLOR: Record<TPlanStatus, string> = {
  available: 'teal', available_nodisplay: 'cyan', ccc_nouse: 'grape', stopped: 'gray', waiting_setup: 'orange',
};
export const SCHEME_LABEL: Record<TPlanScheme, string> = { legacy: 'plan_master.scheme_legacy', current: 'plan_master.scheme_current' };
export const CONTRACT_LABEL: Record<TPlanContractKind, string> = { monthly: 'plan_master.contract_monthly', single_month: 'plan_master.contract_single_month' };
export const BILLING_LABEL: Record<TPlanBillingType, string> = { fixed: 'plan_master.billing_fixed', metered: 'plan_master.billing_metered' };

/** Amounts are integer minor units: yen as they are, US dollars in cents. */
export function formatAmount(amount: number | null, currency: 'JPY' | 'USD', locale: string): string {
  if (amount === null) return '—';
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: currency === 'USD' ? 2 : 0 }).format(currency === 'USD' ? amount / 100 : amount);
}
