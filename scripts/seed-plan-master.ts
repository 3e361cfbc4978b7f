/**
 * The plan master (global shard): plans, options and initial costs for every product offered in a
 * region, and the three packages (issue 22), with JPY and USD amounts in minor units excluding tax
 * (products not offered overseas, cmp and lpbuilder, and package plans granting them: JPY only).
 * Reference data a provider needs in production as much as in a demo: it is its own seed function,
 * apart from the demo contracts, invoices and accounts. Idempotent: inserts only what is missing
 * (an operator's later edits stay).
 *
 * Names: every tier name and the initial cost in all seven languages; options in Japanese and
 * English only (the master asks for those two), so that the other languages show English.
 */
import type pg from 'pg';
import {
  LAW_PAGE_URL_ID, PRIVACY_POLICY_URL_ID, type TLanguage, type TPlanBillingType, type TPlanContractKind, type TPlanProduct, type TPlanScheme, type TPlanStatus,
  type TPlanType, type TProductId,
} from '@portal/proto';
import { schemaName } from '@portal/service-common/db/shard-map';

type Texts = Partial<Record<TLanguage, string>>;

interface SeedPlan {
  id: string;
  product: TPlanProduct;
  /** Japanese and English (required by the master); `more` adds the other languages. */
  ja: string;
  en: string;
  more?: Texts;
  type: TPlanType;
  scheme?: TPlanScheme;
  status?: TPlanStatus;
  contractKind?: TPlanContractKind;
  billingType?: TPlanBillingType;
  jpy: number | null;
  usd: number | null;
  initialCost?: string;
  metered?: { unitValue: number; unit: string; lower: number; upper: number | null };
  explanationJa?: string;
  explanationEn?: string;
  /** Issue 22: a package plan's products. */
  grants?: TProductId[];
}

/** Tier names in the seven languages: [ja-jp, en-us, ms-my, zh-cn, zh-tw, vi-vn, th-th]. */
const TIERS = {
  free: ['フリープラン', 'Free plan', 'Pelan Percuma', '免费方案', '免費方案', 'Gói miễn phí', 'แผนฟรี'],
  entry: ['エントリープラン', 'Entry plan', 'Pelan Permulaan', '入门方案', '入門方案', 'Gói khởi đầu', 'แผนเริ่มต้น'],
  light: ['ライトプラン', 'Light plan', 'Pelan Ringan', '轻量方案', '輕量方案', 'Gói Light', 'แผนไลต์'],
  basic: ['ベーシックプラン', 'Basic plan', 'Pelan Asas', '基础方案', '基礎方案', 'Gói cơ bản', 'แผนพื้นฐาน'],
  standard: ['スタンダードプラン', 'Standard plan', 'Pelan Standard', '标准方案', '標準方案', 'Gói tiêu chuẩn', 'แผนมาตรฐาน'],
  business: ['ビジネスプラン', 'Business plan', 'Pelan Perniagaan', '商务方案', '商務方案', 'Gói doanh nghiệp', 'แผนธุรกิจ'],
  pro: ['プロプラン', 'Pro plan', 'Pelan Pro', '专业方案', '專業方案', 'Gói Pro', 'แผนโปร'],
  premium: ['プレミアムプラン', 'Premium plan', 'Pelan Premium', '高级方案', '進階方案', 'Gói cao cấp', 'แผนพรีเมียม'],
  enterprise: ['エンタープライズプラン', 'Enterprise plan', 'Pelan Perusahaan', '企业方案', '企業方案', 'Gói doanh nghiệp lớn', 'แผนองค์กร'],
  initial: ['初期費用', 'Initial cost', 'Kos permulaan', '初始费用', '初始費用', 'Phí khởi tạo', 'ค่าแรกเข้า'],
} as const;
/** A tier's names: `{ ja, en, more }` for a seed row. */
function tier(key: keyof typeof TIERS): Pick<SeedPlan, 'ja' | 'en' | 'more'> {
  const [ja, en, ms, cn, tw, vi, th] = TIERS[key];
  return { ja, en, more: { 'ms-my': ms, 'zh-cn': cn, 'zh-tw': tw, 'vi-vn': vi, 'th-th': th } };
}

/** In display order per product. USD amounts are cents. */
export const DEMO_PLANS: readonly SeedPlan[] = [
  // BowNow (marketing automation)
  { id: 'bownow_free', product: 'bownow', ...tier('free'), type: 'plan', jpy: 0, usd: 0, explanationJa: '無料でずっと使えるプラン', explanationEn: 'Free forever' },
  { id: 'bownow_entry', product: 'bownow', ...tier('entry'), type: 'plan', jpy: 5000, usd: 4900 },
  { id: 'bownow_standard', product: 'bownow', ...tier('standard'), type: 'plan', jpy: 20000, usd: 19900, initialCost: 'bownow_initial' },
  { id: 'bownow_pro', product: 'bownow', ...tier('pro'), type: 'plan', jpy: 40000, usd: 39900, initialCost: 'bownow_initial' },
  { id: 'bownow_enterprise', product: 'bownow', ...tier('enterprise'), type: 'plan', status: 'available_nodisplay', jpy: 100000, usd: null },
  { id: 'bownow_legacy_basic', product: 'bownow', ja: 'ベーシックプラン（旧）', en: 'Basic plan (old)', type: 'plan', status: 'stopped', jpy: 10000, usd: null },
  { id: 'bownow_opt_accounts', product: 'bownow', ja: 'ユーザー追加（5アカウント）', en: 'Extra users (5 accounts)', type: 'option_monthly', jpy: 3000, usd: 2900, metered: { unitValue: 5, unit: 'account', lower: 1, upper: 100 }, billingType: 'metered' },
  { id: 'bownow_opt_pv', product: 'bownow', ja: 'PV追加（1万PV）', en: 'Extra page views (10,000 PV)', type: 'option_monthly', billingType: 'metered', jpy: 1000, usd: 1000, metered: { unitValue: 10000, unit: 'pv', lower: 0, upper: 1000000 } },
  { id: 'bownow_opt_crm_basic', product: 'bownow', ja: 'CRM連携ベーシック', en: 'CRM link basic', type: 'option', jpy: 10000, usd: 9900 },
  { id: 'bownow_opt_crm_advanced', product: 'bownow', ja: 'CRM連携アドバンス', en: 'CRM link advanced', type: 'option', jpy: 25000, usd: 24900, initialCost: 'bownow_initial_crm' },
  { id: 'bownow_opt_setup_support', product: 'bownow', ja: '導入支援（単月）', en: 'Onboarding support (one month)', type: 'option_shot', contractKind: 'single_month', jpy: 50000, usd: 49900 },
  { id: 'bownow_initial', product: 'bownow', ...tier('initial'), type: 'initial_cost_plan', contractKind: 'single_month', jpy: 30000, usd: 29900 },
  { id: 'bownow_initial_crm', product: 'bownow', ja: 'CRM連携初期設定', en: 'CRM link setup', type: 'initial_cost_option', contractKind: 'single_month', jpy: 20000, usd: 19900 },
  // LP Builder (landing-page builder; Japan only)
  { id: 'lpbuilder_free', product: 'lpbuilder', ...tier('free'), type: 'plan', jpy: 0, usd: null },
  { id: 'lpbuilder_basic', product: 'lpbuilder', ...tier('basic'), type: 'plan', jpy: 9800, usd: null },
  { id: 'lpbuilder_business', product: 'lpbuilder', ...tier('business'), type: 'plan', jpy: 29800, usd: null, initialCost: 'lpbuilder_initial' },
  { id: 'lpbuilder_opt_domain', product: 'lpbuilder', ja: '独自ドメイン', en: 'Custom domain', type: 'option_monthly', jpy: 1000, usd: null },
  { id: 'lpbuilder_opt_ab_test', product: 'lpbuilder', ja: 'ABテスト', en: 'A/B testing', type: 'option', jpy: 5000, usd: null },
  { id: 'lpbuilder_initial', product: 'lpbuilder', ...tier('initial'), type: 'initial_cost_plan', contractKind: 'single_month', jpy: 10000, usd: null },
  // ActiBook (e-book maker)
  { id: 'actibook_free', product: 'actibook', ...tier('free'), type: 'plan', jpy: 0, usd: 0 },
  { id: 'actibook_standard', product: 'actibook', ...tier('standard'), type: 'plan', jpy: 12000, usd: 11900 },
  { id: 'actibook_premium', product: 'actibook', ...tier('premium'), type: 'plan', jpy: 36000, usd: 34900 },
  { id: 'actibook_opt_storage', product: 'actibook', ja: '容量追加（10GB）', en: 'Extra storage (10 GB)', type: 'option_monthly', billingType: 'metered', jpy: 2000, usd: 1900, metered: { unitValue: 10, unit: 'GB', lower: 10, upper: 500 } },
  { id: 'actibook_opt_analytics', product: 'actibook', ja: 'アクセス解析', en: 'Analytics', type: 'option', jpy: 5000, usd: 4900, initialCost: 'actibook_initial_analytics' },
  { id: 'actibook_opt_player_basic', product: 'actibook', ja: 'ビューアデザイン ベーシック', en: 'Viewer design basic', type: 'option', jpy: 3000, usd: 2900 },
  { id: 'actibook_opt_player_pro', product: 'actibook', ja: 'ビューアデザイン プロ', en: 'Viewer design pro', type: 'option', jpy: 8000, usd: 7900 },
  { id: 'actibook_opt_print', product: 'actibook', ja: '印刷用PDF出力', en: 'Print PDF export', type: 'option', status: 'ccc_nouse', jpy: 2000, usd: null },
  { id: 'actibook_initial_analytics', product: 'actibook', ja: 'アクセス解析初期設定', en: 'Analytics setup', type: 'initial_cost_option', contractKind: 'single_month', jpy: 10000, usd: 9900 },
  // COCOAR (AR tool; the newer plan/option/initial_cost scheme)
  { id: 'cocoar_free', product: 'cocoar', ...tier('free'), type: 'plan', scheme: 'current', jpy: 0, usd: 0 },
  { id: 'cocoar_light', product: 'cocoar', ...tier('light'), type: 'plan', scheme: 'current', jpy: 15000, usd: 14900 },
  { id: 'cocoar_business', product: 'cocoar', ...tier('business'), type: 'plan', scheme: 'current', jpy: 50000, usd: 49900, initialCost: 'cocoar_initial' },
  { id: 'cocoar_opt_scans', product: 'cocoar', ja: 'スキャン回数追加（1,000回）', en: 'Extra scans (1,000)', type: 'option', scheme: 'current', billingType: 'metered', jpy: 3000, usd: 2900, metered: { unitValue: 1000, unit: 'scan', lower: 0, upper: 100000 } },
  { id: 'cocoar_opt_white_label', product: 'cocoar', ja: 'ホワイトラベル', en: 'White label', type: 'option', scheme: 'current', jpy: 20000, usd: 19900 },
  { id: 'cocoar_opt_3d', product: 'cocoar', ja: '3Dモデル表示', en: '3D models', type: 'option', scheme: 'current', status: 'waiting_setup', jpy: null, usd: null },
  { id: 'cocoar_initial', product: 'cocoar', ...tier('initial'), type: 'initial_cost', scheme: 'current', contractKind: 'single_month', jpy: 50000, usd: 49900 },
  // Issue 22: every other product offered somewhere (Japan all 15; overseas all but cmp and lpbuilder).
  // Fullstar (customer-success tutorials)
  { id: 'fullstar_free', product: 'fullstar', ...tier('free'), type: 'plan', jpy: 0, usd: 0, explanationJa: '1サイト・ガイド3件まで', explanationEn: 'One site, up to 3 guides' },
  { id: 'fullstar_standard', product: 'fullstar', ...tier('standard'), type: 'plan', jpy: 30000, usd: 29900 },
  { id: 'fullstar_pro', product: 'fullstar', ...tier('pro'), type: 'plan', jpy: 60000, usd: 59900, initialCost: 'fullstar_initial' },
  { id: 'fullstar_initial', product: 'fullstar', ...tier('initial'), type: 'initial_cost_plan', contractKind: 'single_month', jpy: 50000, usd: 49900 },
  // LESSAR (web AR)
  { id: 'lessar_free', product: 'lessar', ...tier('free'), type: 'plan', jpy: 0, usd: 0 },
  { id: 'lessar_light', product: 'lessar', ...tier('light'), type: 'plan', jpy: 10000, usd: 9900 },
  { id: 'lessar_business', product: 'lessar', ...tier('business'), type: 'plan', jpy: 30000, usd: 29900 },
  // AIChat (AI FAQ chatbot)
  { id: 'aichat_free', product: 'aichat', ...tier('free'), type: 'plan', jpy: 0, usd: 0, explanationJa: '月100回答まで', explanationEn: 'Up to 100 answers a month' },
  { id: 'aichat_standard', product: 'aichat', ...tier('standard'), type: 'plan', jpy: 30000, usd: 29900 },
  { id: 'aichat_pro', product: 'aichat', ...tier('pro'), type: 'plan', jpy: 80000, usd: 79900, initialCost: 'aichat_initial' },
  { id: 'aichat_opt_answers', product: 'aichat', ja: '回答数追加（1,000回）', en: 'Extra answers (1,000)', type: 'option_monthly', billingType: 'metered', jpy: 5000, usd: 4900, metered: { unitValue: 1000, unit: 'answer', lower: 0, upper: 100000 } },
  { id: 'aichat_initial', product: 'aichat', ...tier('initial'), type: 'initial_cost_plan', contractKind: 'single_month', jpy: 100000, usd: 99900 },
  // IZANAI (chatbot)
  { id: 'izanai_free', product: 'izanai', ...tier('free'), type: 'plan', jpy: 0, usd: 0 },
  { id: 'izanai_standard', product: 'izanai', ...tier('standard'), type: 'plan', jpy: 15000, usd: 14900 },
  { id: 'izanai_pro', product: 'izanai', ...tier('pro'), type: 'plan', jpy: 35000, usd: 34900 },
  // BlueMonkey (CMS)
  { id: 'bluemonkey_free', product: 'bluemonkey', ...tier('free'), type: 'plan', jpy: 0, usd: 0 },
  { id: 'bluemonkey_standard', product: 'bluemonkey', ...tier('standard'), type: 'plan', jpy: 20000, usd: 19900 },
  { id: 'bluemonkey_business', product: 'bluemonkey', ...tier('business'), type: 'plan', jpy: 50000, usd: 49900, initialCost: 'bluemonkey_initial' },
  { id: 'bluemonkey_initial', product: 'bluemonkey', ...tier('initial'), type: 'initial_cost_plan', contractKind: 'single_month', jpy: 100000, usd: 99900 },
  // PlusDB (no-code database)
  { id: 'plusdb_free', product: 'plusdb', ...tier('free'), type: 'plan', jpy: 0, usd: 0 },
  { id: 'plusdb_standard', product: 'plusdb', ...tier('standard'), type: 'plan', jpy: 10000, usd: 9900 },
  { id: 'plusdb_business', product: 'plusdb', ...tier('business'), type: 'plan', jpy: 30000, usd: 29900 },
  { id: 'plusdb_opt_api', product: 'plusdb', ja: 'データベースAPI連携', en: 'Database API access', type: 'option', jpy: 5000, usd: 4900 },
  // AppGoose (app builder)
  { id: 'appgoose_free', product: 'appgoose', ...tier('free'), type: 'plan', jpy: 0, usd: 0 },
  { id: 'appgoose_standard', product: 'appgoose', ...tier('standard'), type: 'plan', jpy: 30000, usd: 29900 },
  { id: 'appgoose_pro', product: 'appgoose', ...tier('pro'), type: 'plan', jpy: 60000, usd: 59900, initialCost: 'appgoose_initial' },
  { id: 'appgoose_opt_push', product: 'appgoose', ja: 'プッシュ通知追加（1万通）', en: 'Extra push notifications (10,000)', type: 'option_monthly', billingType: 'metered', jpy: 2000, usd: 1900, metered: { unitValue: 10000, unit: 'push', lower: 0, upper: 10000000 } },
  { id: 'appgoose_initial', product: 'appgoose', ...tier('initial'), type: 'initial_cost_plan', contractKind: 'single_month', jpy: 50000, usd: 49900 },
  // CREKA (smartphone landing pages)
  { id: 'creca_free', product: 'creca', ...tier('free'), type: 'plan', jpy: 0, usd: 0 },
  { id: 'creca_standard', product: 'creca', ...tier('standard'), type: 'plan', jpy: 5000, usd: 4900 },
  { id: 'creca_pro', product: 'creca', ...tier('pro'), type: 'plan', jpy: 15000, usd: 14900 },
  // CMP (consent management; Japan only)
  { id: 'cmp_free', product: 'cmp', ...tier('free'), type: 'plan', jpy: 0, usd: null, explanationJa: '月間1万PVまで', explanationEn: 'Up to 10,000 page views a month' },
  { id: 'cmp_standard', product: 'cmp', ...tier('standard'), type: 'plan', jpy: 10000, usd: null },
  { id: 'cmp_enterprise', product: 'cmp', ...tier('enterprise'), type: 'plan', jpy: 50000, usd: null },
  // CrowdBooth (website builder)
  { id: 'crowdbooth_free', product: 'crowdbooth', ...tier('free'), type: 'plan', jpy: 0, usd: 0 },
  { id: 'crowdbooth_standard', product: 'crowdbooth', ...tier('standard'), type: 'plan', jpy: 20000, usd: 19900 },
  // Metabadge
  { id: 'metabadge_free', product: 'metabadge', ...tier('free'), type: 'plan', jpy: 0, usd: 0 },
  { id: 'metabadge_standard', product: 'metabadge', ...tier('standard'), type: 'plan', jpy: 10000, usd: 9900 },
  // Issue 22: the packages (plan-master ids ccfwe, ccfme, ccfca). A contract on one gives a live
  // licence for each product it grants; priced below the products' own plans together.
  {
    id: 'ccfwe_standard', product: 'ccfwe', ...tier('standard'), type: 'plan', jpy: 45000, usd: 44900, grants: ['bownow', 'izanai', 'bluemonkey'],
    explanationJa: 'BowNow・IZANAI・BlueMonkeyのスタンダードプランをまとめて', explanationEn: 'The standard plans of BowNow, IZANAI and BlueMonkey together',
  },
  {
    id: 'ccfwe_premium', product: 'ccfwe', ...tier('premium'), type: 'plan', jpy: 98000, usd: 97900, grants: ['bownow', 'izanai', 'bluemonkey', 'aichat'], initialCost: 'ccfwe_initial',
    explanationJa: 'BowNow・IZANAI・BlueMonkey・AIChatのプロ相当をまとめて', explanationEn: 'BowNow, IZANAI, BlueMonkey and AIChat at pro level together',
  },
  {
    // Japan only: it grants the two products not offered overseas.
    id: 'ccfwe_japan', product: 'ccfwe', ja: 'Web集客フルパック（国内）', en: 'Web growth full pack (Japan)', type: 'plan', jpy: 60000, usd: null,
    grants: ['bownow', 'izanai', 'bluemonkey', 'lpbuilder', 'cmp'],
  },
  { id: 'ccfwe_initial', product: 'ccfwe', ...tier('initial'), type: 'initial_cost_plan', contractKind: 'single_month', jpy: 100000, usd: 99900 },
  {
    id: 'ccfme_standard', product: 'ccfme', ...tier('standard'), type: 'plan', jpy: 30000, usd: 29900, grants: ['actibook', 'cocoar', 'lessar'],
    explanationJa: 'ActiBook・COCOAR・LESSARをまとめて', explanationEn: 'ActiBook, COCOAR and LESSAR together',
  },
  {
    id: 'ccfca_standard', product: 'ccfca', ...tier('standard'), type: 'plan', jpy: 60000, usd: 59900, grants: ['appgoose', 'fullstar', 'aichat'], initialCost: 'ccfca_initial',
    explanationJa: 'AppGoose・Fullstar・AIChatをまとめて', explanationEn: 'AppGoose, Fullstar and AIChat together',
  },
  { id: 'ccfca_initial', product: 'ccfca', ...tier('initial'), type: 'initial_cost_plan', contractKind: 'single_month', jpy: 50000, usd: 49900 },
];

/** Contractable options per plan (stored both ways), and options that cannot be combined (both ways). */
export const DEMO_PLAN_LINKS: { contractable: Record<string, string[]>; exclusive: [string, string][] } = {
  contractable: {
    bownow_entry: ['bownow_opt_accounts', 'bownow_opt_pv', 'bownow_opt_setup_support'],
    bownow_standard: ['bownow_opt_accounts', 'bownow_opt_pv', 'bownow_opt_crm_basic', 'bownow_opt_crm_advanced', 'bownow_opt_setup_support'],
    bownow_pro: ['bownow_opt_accounts', 'bownow_opt_pv', 'bownow_opt_crm_basic', 'bownow_opt_crm_advanced', 'bownow_opt_setup_support'],
    bownow_enterprise: ['bownow_opt_accounts', 'bownow_opt_pv', 'bownow_opt_crm_advanced'],
    lpbuilder_basic: ['lpbuilder_opt_domain'],
    lpbuilder_business: ['lpbuilder_opt_domain', 'lpbuilder_opt_ab_test'],
    actibook_standard: ['actibook_opt_storage', 'actibook_opt_player_basic', 'actibook_opt_player_pro'],
    actibook_premium: ['actibook_opt_storage', 'actibook_opt_analytics', 'actibook_opt_player_basic', 'actibook_opt_player_pro', 'actibook_opt_print'],
    cocoar_light: ['cocoar_opt_scans'],
    cocoar_business: ['cocoar_opt_scans', 'cocoar_opt_white_label', 'cocoar_opt_3d'],
    aichat_standard: ['aichat_opt_answers'],
    aichat_pro: ['aichat_opt_answers'],
    plusdb_standard: ['plusdb_opt_api'],
    plusdb_business: ['plusdb_opt_api'],
    appgoose_standard: ['appgoose_opt_push'],
    appgoose_pro: ['appgoose_opt_push'],
  },
  exclusive: [
    ['bownow_opt_crm_basic', 'bownow_opt_crm_advanced'],
    ['actibook_opt_player_basic', 'actibook_opt_player_pro'],
  ],
};

/** Inserts the plan master into the global shard's licence schema; returns the rows inserted. */
export async function seedPlanMaster(client: pg.Client): Promise<number> {
  const licence = schemaName('global', 'licence');
  let inserted = 0;
  const order = new Map<string, number>();
  for (const p of DEMO_PLANS) {
    const sort = (order.get(p.product) ?? 0) + 1;
    order.set(p.product, sort);
    const explanation = p.explanationJa ? { 'ja-jp': p.explanationJa, 'en-us': p.explanationEn ?? p.explanationJa } : {};
    const r = await client.query(
      `INSERT INTO "${licence}".plans (id, product, name, type, scheme, status, contract_kind, billing_type, amount_jpy, amount_usd,
         initial_cost_plan_id, unit_value, unit, range_lower, range_upper, explanation, grants, sort_order, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, now(), now()) ON CONFLICT (id) DO NOTHING`,
      [p.id, p.product, JSON.stringify({ 'ja-jp': p.ja, 'en-us': p.en, ...p.more }), p.type, p.scheme ?? 'legacy', p.status ?? 'available',
        p.contractKind ?? 'monthly', p.billingType ?? 'fixed', p.jpy, p.usd, p.initialCost ?? null, p.metered?.unitValue ?? null,
        p.metered?.unit ?? null, p.metered?.lower ?? null, p.metered?.upper ?? null, JSON.stringify(explanation), p.grants ?? [], sort],
    );
    inserted += r.rowCount ?? 0;
  }
  const pairs: [string, string, string][] = [];
  for (const [plan, options] of Object.entries(DEMO_PLAN_LINKS.contractable)) {
    for (const option of options) pairs.push([plan, option, 'contractable'], [option, plan, 'contractable']);
  }
  for (const [a, b] of DEMO_PLAN_LINKS.exclusive) pairs.push([a, b, 'exclusive'], [b, a, 'exclusive']);
  for (const [planId, otherId, kind] of pairs) {
    const r = await client.query(
      `INSERT INTO "${licence}".plan_links (plan_id, other_id, kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [planId, otherId, kind],
    );
    inserted += r.rowCount ?? 0;
  }
  return inserted;
}

/** The demo terms of use (version 1 in Japanese and English) and terms-and-conditions URLs, the privacy policy among them. */
const DEMO_TERMS: { language: string; html: string }[] = [
  { language: 'ja-jp', html: '<h2>ご利用規約</h2><p>本規約は、当社が提供するライセンスポータル（以下「本サービス」）の利用条件を定めるものです。</p><h3>第1条（適用）</h3><p>本規約は、本サービスの利用に関わる一切の関係に適用されます。</p><h3>第2条（料金）</h3><p>料金は税抜価格で表示し、毎月25日までのお申し込みは翌月から適用されます。</p><h3>第3条（契約期間）</h3><p>最低契約期間は課金開始から12か月とし、以後1か月ごとに自動更新されます。</p>' },
  { language: 'en-us', html: '<h2>Terms of Use</h2><p>These terms govern the use of the license portal (the "Service") provided by us.</p><h3>Article 1 (Scope)</h3><p>These terms apply to every relationship concerning the use of the Service.</p><h3>Article 2 (Fees)</h3><p>Fees are shown excluding tax. Applications completed by the 25th of a month apply from the next month.</p><h3>Article 3 (Term)</h3><p>The minimum term is 12 months from the billing start, renewed monthly thereafter.</p>' },
];
const DEMO_TERMS_URLS = [
  { id: PRIVACY_POLICY_URL_ID, title: 'プライバシーポリシー', url: 'https://example.com/privacy' },
  { id: LAW_PAGE_URL_ID, title: '特定商取引法に基づく表記', url: 'https://example.com/law' },
];

export async function seedTerms(client: pg.Client): Promise<number> {
  const licence = schemaName('global', 'licence');
  let inserted = 0;
  for (const t of DEMO_TERMS) {
    const r = await client.query(
      // Version 1, published at once (issue 25: published_at set; no change, as the first version of a language).
      `INSERT INTO "${licence}".terms (kind, language, version, content_html, published_at, created_at, updated_at) VALUES ('terms', $1, 1, $2, now(), now(), now())
       ON CONFLICT (kind, language, version) DO NOTHING`,
      [t.language, t.html],
    );
    inserted += r.rowCount ?? 0;
  }
  for (const u of DEMO_TERMS_URLS) {
    const r = await client.query(
      `INSERT INTO "${licence}".terms_urls (id, title, url, updated_at) VALUES ($1, $2, $3, now()) ON CONFLICT (id) DO NOTHING`, [u.id, u.title, u.url],
    );
    inserted += r.rowCount ?? 0;
  }
  return inserted;
}
