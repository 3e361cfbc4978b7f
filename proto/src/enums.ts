import { z } from 'zod';

/** The 15 products of the suite (spec §3). Kinds are in spec/NOTES.md. */
export const PRODUCT_IDS = [
  'bownow', 'fullstar', 'cocoar', 'lessar', 'actibook', 'aichat', 'izanai', 'bluemonkey',
  'plusdb', 'appgoose', 'creca', 'cmp', 'lpbuilder', 'crowdbooth', 'metabadge',
] as const;
export const ZProductId = z.enum(PRODUCT_IDS);
export type TProductId = z.infer<typeof ZProductId>;

/** Package products, and their ids in the plan master (spec §3). */
export const PACKAGE_IDS = ['ccfweg', 'ccfwen', 'ccfcr'] as const;
export const ZPackageId = z.enum(PACKAGE_IDS);
export type TPackageId = z.infer<typeof ZPackageId>;
export const PLAN_MASTER_PACKAGE_IDS = ['ccfwe', 'ccfme', 'ccfca'] as const;
export const ZPlanMasterPackageId = z.enum(PLAN_MASTER_PACKAGE_IDS);
export type TPlanMasterPackageId = z.infer<typeof ZPlanMasterPackageId>;
/** Issue 22: each package product and its plan-master id (spec §3: ccfweg ccfwe, ccfwen ccfme, ccfcr ccfca). */
export const PACKAGE_PLAN_MASTER_IDS: Record<TPackageId, TPlanMasterPackageId> = { ccfweg: 'ccfwe', ccfwen: 'ccfme', ccfcr: 'ccfca' };
/** Whether a plan-master `product` is a package (its plans grant products) rather than a product. */
export function isPackage(product: string): product is TPlanMasterPackageId {
  return (PLAN_MASTER_PACKAGE_IDS as readonly string[]).includes(product);
}

/** Products with a usage dashboard route /logs/{service} (spec §2). */
export const DASHBOARD_PRODUCT_IDS = [
  'bownow', 'fullstar', 'cocoar', 'lessar', 'actibook', 'aichat', 'izanai', 'bluemonkey',
  'plusdb', 'appgoose', 'creca', 'cmp', 'lpbuilder',
] as const satisfies readonly TProductId[];

export const FREE_TRIAL_PRODUCT_IDS = ['bownow', 'fullstar', 'cocoar', 'lessar', 'actibook', 'izanai'] as const satisfies readonly TProductId[];

export const REGIONS = ['jpn', 'usa', 'mys', 'chn', 'twn', 'vnm', 'tha', 'phl', 'sgp', 'idn', 'other'] as const;
export const ZRegion = z.enum(REGIONS);
export type TRegion = z.infer<typeof ZRegion>;
/** Shards are the regions plus the operator-wide master data shard. */
export const SHARDS = [...REGIONS, 'global'] as const;
export const ZShard = z.enum(SHARDS);
export type TShard = z.infer<typeof ZShard>;

export const LANGUAGES = ['ja-jp', 'en-us', 'ms-my', 'zh-cn', 'zh-tw', 'vi-vn', 'th-th'] as const;
export const ZLanguage = z.enum(LANGUAGES);
export type TLanguage = z.infer<typeof ZLanguage>;
export const DEFAULT_LANGUAGE: TLanguage = 'ja-jp';
/** Each language in its own script (the switcher, the forms and the operation log's details), the same in every UI language. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = {
  'ja-jp': '日本語', 'en-us': 'English', 'ms-my': 'Bahasa Melayu', 'zh-cn': '简体中文',
  'zh-tw': '繁體中文', 'vi-vn': 'Tiếng Việt', 'th-th': 'ไทย',
};

/** Authority levels (spec §6): owner 3, admin 6, user 9. Lower is stronger. */
export const AUTHORITIES = ['owner', 'admin', 'user'] as const;
export const ZAuthority = z.enum(AUTHORITIES);
export type TAuthority = z.infer<typeof ZAuthority>;
export const LEVELS = { owner: 3, admin: 6, user: 9 } as const satisfies Record<TAuthority, number>;
export type TLevel = (typeof LEVELS)[TAuthority];
export const ZLevel = z.union([z.literal(3), z.literal(6), z.literal(9)]);

/** Which admin area a principal works in (login_operator_type; spec §6, NOTES "Contexts"). */
export const OPERATOR_CONTEXTS = ['client', 'partner', 'primary_partner', 'operator'] as const;
export const ZOperatorContext = z.enum(OPERATOR_CONTEXTS);
export type TOperatorContext = z.infer<typeof ZOperatorContext>;

/** A client's contract with a partner (spec §3 Client). */
export const CONTRACT_TYPES = ['none', 'single_content_provider', 'referral', 'reseller'] as const;
export const ZContractType = z.enum(CONTRACT_TYPES);
export type TContractType = z.infer<typeof ZContractType>;

/** The numbers that exist only in the readable hint cookies (spec §3). */
export const CONTRACT_TYPE_COOKIE: Record<TContractType, number> = {
  none: 0, single_content_provider: 1, reseller: 2, referral: 3,
};
export const OPERATOR_CONTEXT_COOKIE: Record<TOperatorContext, number> = {
  client: 0, partner: 1, primary_partner: 2, operator: 3,
};

export const ACCOUNT_STATUSES = ['active', 'inactive', 'invited', 'expired', 'modifymail'] as const;
export const ZAccountStatus = z.enum(ACCOUNT_STATUSES);
export type TAccountStatus = z.infer<typeof ZAccountStatus>;
/**
 * What an owner can do to an account of the company. The user list answers, per row, the ones the
 * caller may take now (identity's account.rules.ts decides, with the same checks as the actions).
 */
export const ACCOUNT_ACTIONS = ['edit', 'ban', 'resume', 'delete', 'reinvite'] as const;
export const ZAccountAction = z.enum(ACCOUNT_ACTIONS);
export type TAccountAction = z.infer<typeof ZAccountAction>;

export const INVOICE_STATUSES = ['scheduled', 'billed', 'paid', 'failed', 'other'] as const;
export const ZInvoiceStatus = z.enum(INVOICE_STATUSES);

export const MFA_VALIDITIES = ['24h', '7d', '30d'] as const;
export const ZMfaValidity = z.enum(MFA_VALIDITIES);
