import { z } from 'zod';
import { ZProductId, type TPlanMasterPackageId, type TProductId } from './enums.js';

/**
 * Display names of the products. They are brand names: the same in every language, so they live
 * here and not in the translated catalogues.
 */
export const PRODUCT_NAMES: Record<TProductId, string> = {
  bownow: 'BowNow',
  fullstar: 'Fullstar',
  cocoar: 'COCOAR',
  lessar: 'LESSAR',
  actibook: 'ActiBook',
  aichat: 'AIChat',
  izanai: 'IZANAI',
  bluemonkey: 'BlueMonkey',
  plusdb: 'PlusDB',
  appgoose: 'AppGoose',
  creca: 'CREKA',
  cmp: 'CMP',
  lpbuilder: 'LP Builder',
  crowdbooth: 'CrowdBooth',
  metabadge: 'Metabadge',
};

/**
 * Issue 22: display names of the package plans (by plan-master id). Like the products' they are
 * brand names, the same in every language (docs/decisions.md, issue 22 point 5).
 */
export const PACKAGE_NAMES: Record<TPlanMasterPackageId, string> = {
  ccfwe: 'CCF Web Growth Pack',
  ccfme: 'CCF Media Pack',
  ccfca: 'CCF Customer App Pack',
};

/** The display name of a product id or a package's plan-master id; an id the suite does not know (any more) shows as it is. */
export function productName(id: string): string {
  if (Object.prototype.hasOwnProperty.call(PRODUCT_NAMES, id)) return PRODUCT_NAMES[id as TProductId];
  if (Object.prototype.hasOwnProperty.call(PACKAGE_NAMES, id)) return PACKAGE_NAMES[id as TPlanMasterPackageId];
  return id;
}

/** Product kinds of spec §1, as the product master (licence, global shard) records them. */
export const PRODUCT_KINDS = [
  'marketing_automation', 'ebook_maker', 'ar_tool', 'web_ar_tool', 'chatbot', 'ai_faq_chatbot', 'cms',
  'no_code_database', 'consent_management', 'landing_page_builder', 'customer_success_tutorial', 'app_builder',
  'smartphone_lp_maker', 'website_builder', 'unspecified',
] as const;
export const ZProductKind = z.enum(PRODUCT_KINDS);
export type TProductKind = z.infer<typeof ZProductKind>;

/** Spec §2 and §9: the services list shows at most 12. */
export const PRODUCT_LIST_MAX = 12;

/**
 * The licence a product is used under: `paid` with a paid contract, otherwise the free licence
 * that is assigned when a licence is issued (spec §4).
 */
export const PRODUCT_PLANS = ['free', 'paid',
  // Issue 10, slice A: a product on its free trial (opened like a free licence).
  'trial',
] as const;
export const ZProductPlan = z.enum(PRODUCT_PLANS);
export type TProductPlan = z.infer<typeof ZProductPlan>;

export const ZProductListItem = z.object({ id: ZProductId, kind: ZProductKind, plan: ZProductPlan });
export type TProductListItem = z.infer<typeof ZProductListItem>;
/** GET /v1/product/list: the products the account may open, in the master's order, at most 12; `total` counts them all. */
export const ZProductList = z.object({ products: z.array(ZProductListItem).max(PRODUCT_LIST_MAX), total: z.number().int() });
export type TProductList = z.infer<typeof ZProductList>;

/**
 * GET /v1/client/products: the products the company holds (its licences), offered in its region,
 * in the product master's order. The product pickers (invite, account edit) offer these.
 */
export const ZClientProducts = z.object({ products: z.array(ZProductId) });
export type TClientProducts = z.infer<typeof ZClientProducts>;

/**
 * Which call opens a product (spec §7): a normal session asks sso_login; a support session asks
 * proxy_login, or free_proxy_login for a product on its free licence.
 */
export function productLoginPath(session: { proxy: boolean }, plan: TProductPlan): '/product/sso_login' | '/product/proxy_login' | '/product/free_proxy_login' {
  if (!session.proxy) return '/product/sso_login';
  return plan === 'paid' ? '/product/proxy_login' : '/product/free_proxy_login';
}
