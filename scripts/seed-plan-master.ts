/**
 * Slice B (issue 10): the demo plan master (global shard): plans, options and initial costs for
 * bownow, lpbuilder, actibook and cocoar, with JPY and USD amounts in minor units excluding tax
 * (lpbuilder is not offered overseas: JPY only). Idempotent: inserts only what is missing.
 */
import type pg from 'pg';
import { LAW_PAGE_URL_ID, PRIVACY_POLICY_URL_ID, type TPlanBillingType, type TPlanContractKind, type TPlanScheme, type TPlanStatus, type TPlanType } from '@portal/proto';
import { schemaName } from '@portal/service-common/db/shard-map';

interface SeedPlan {
  id: string;
  product: string;
  ja: string;
  en: string;
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
}

/** In display order per product. USD amounts are cents. */
export const DEMO_PLANS: readonly SeedPlan[] = [
  // BowNow (marketing automation)
  { id: 'bownow_free', product: 'bownow', ja: 'フリープラン', en: 'Free plan', type: 'plan', jpy: 0, usd: 0, explanationJa: '無料でずっと使えるプラン', explanationEn: 'Free forever' },
  { id: 'bownow_entry', product: 'bownow', ja: 'エントリープラン', en: 'Entry plan', type: 'plan', jpy: 5000, usd: 4900 },
  { id: 'bownow_standard', product: 'bownow', ja: 'スタンダードプラン', en: 'Standard plan', type: 'plan', jpy: 20000, usd: 19900, initialCost: 'bownow_initial' },
  { id: 'bownow_pro', product: 'bownow', ja: 'プロプラン', en: 'Pro plan', type: 'plan', jpy: 40000, usd: 39900, initialCost: 'bownow_initial' },
  { id: 'bownow_enterprise', product: 'bownow', ja: 'エンタープライズプラン', en: 'Enterprise plan', type: 'plan', status: 'available_nodisplay', jpy: 100000, usd: null },
  { id: 'bownow_legacy_basic', product: 'bownow', ja: 'ベーシックプラン（旧）', en: 'Basic plan (old)', type: 'plan', status: 'stopped', jpy: 10000, usd: null },
  { id: 'bownow_opt_accounts', product: 'bownow', ja: 'ユーザー追加（5アカウント）', en: 'Extra users (5 accounts)', type: 'option_monthly', jpy: 3000, usd: 2900, metered: { unitValue: 5, unit: 'account', lower: 1, upper: 100 }, billingType: 'metered' },
  { id: 'bownow_opt_pv', product: 'bownow', ja: 'PV追加（1万PV）', en: 'Extra page views (10,000 PV)', type: 'option_monthly', billingType: 'metered', jpy: 1000, usd: 1000, metered: { unitValue: 10000, unit: 'pv', lower: 0, upper: 1000000 } },
  { id: 'bownow_opt_crm_basic', product: 'bownow', ja: 'CRM連携ベーシック', en: 'CRM link basic', type: 'option', jpy: 10000, usd: 9900 },
  { id: 'bownow_opt_crm_advanced', product: 'bownow', ja: 'CRM連携アドバンス', en: 'CRM link advanced', type: 'option', jpy: 25000, usd: 24900, initialCost: 'bownow_initial_crm' },
  { id: 'bownow_opt_setup_support', product: 'bownow', ja: '導入支援（単月）', en: 'Onboarding support (one month)', type: 'option_shot', contractKind: 'single_month', jpy: 50000, usd: 49900 },
  { id: 'bownow_initial', product: 'bownow', ja: '初期費用', en: 'Initial cost', type: 'initial_cost_plan', contractKind: 'single_month', jpy: 30000, usd: 29900 },
  { id: 'bownow_initial_crm', product: 'bownow', ja: 'CRM連携初期設定', en: 'CRM link setup', type: 'initial_cost_option', contractKind: 'single_month', jpy: 20000, usd: 19900 },
  // LP Builder (landing-page builder; Japan only)
  { id: 'lpbuilder_free', product: 'lpbuilder', ja: 'フリープラン', en: 'Free plan', type: 'plan', jpy: 0, usd: null },
  { id: 'lpbuilder_basic', product: 'lpbuilder', ja: 'ベーシックプラン', en: 'Basic plan', type: 'plan', jpy: 9800, usd: null },
  { id: 'lpbuilder_business', product: 'lpbuilder', ja: 'ビジネスプラン', en: 'Business plan', type: 'plan', jpy: 29800, usd: null, initialCost: 'lpbuilder_initial' },
  { id: 'lpbuilder_opt_domain', product: 'lpbuilder', ja: '独自ドメイン', en: 'Custom domain', type: 'option_monthly', jpy: 1000, usd: null },
  { id: 'lpbuilder_opt_ab_test', product: 'lpbuilder', ja: 'ABテスト', en: 'A/B testing', type: 'option', jpy: 5000, usd: null },
  { id: 'lpbuilder_initial', product: 'lpbuilder', ja: '初期費用', en: 'Initial cost', type: 'initial_cost_plan', contractKind: 'single_month', jpy: 10000, usd: null },
  // ActiBook (e-book maker)
  { id: 'actibook_free', product: 'actibook', ja: 'フリープラン', en: 'Free plan', type: 'plan', jpy: 0, usd: 0 },
  { id: 'actibook_standard', product: 'actibook', ja: 'スタンダードプラン', en: 'Standard plan', type: 'plan', jpy: 12000, usd: 11900 },
  { id: 'actibook_premium', product: 'actibook', ja: 'プレミアムプラン', en: 'Premium plan', type: 'plan', jpy: 36000, usd: 34900 },
  { id: 'actibook_opt_storage', product: 'actibook', ja: '容量追加（10GB）', en: 'Extra storage (10 GB)', type: 'option_monthly', billingType: 'metered', jpy: 2000, usd: 1900, metered: { unitValue: 10, unit: 'GB', lower: 10, upper: 500 } },
  { id: 'actibook_opt_analytics', product: 'actibook', ja: 'アクセス解析', en: 'Analytics', type: 'option', jpy: 5000, usd: 4900, initialCost: 'actibook_initial_analytics' },
  { id: 'actibook_opt_player_basic', product: 'actibook', ja: 'ビューアデザイン ベーシック', en: 'Viewer design basic', type: 'option', jpy: 3000, usd: 2900 },
  { id: 'actibook_opt_player_pro', product: 'actibook', ja: 'ビューアデザイン プロ', en: 'Viewer design pro', type: 'option', jpy: 8000, usd: 7900 },
  { id: 'actibook_opt_print', product: 'actibook', ja: '印刷用PDF出力', en: 'Print PDF export', type: 'option', status: 'ccc_nouse', jpy: 2000, usd: null },
  { id: 'actibook_initial_analytics', product: 'actibook', ja: 'アクセス解析初期設定', en: 'Analytics setup', type: 'initial_cost_option', contractKind: 'single_month', jpy: 10000, usd: 9900 },
  // COCOAR (AR tool; the newer plan/option/initial_cost scheme)
  { id: 'cocoar_free', product: 'cocoar', ja: 'フリープラン', en: 'Free plan', type: 'plan', scheme: 'current', jpy: 0, usd: 0 },
  { id: 'cocoar_light', product: 'cocoar', ja: 'ライトプラン', en: 'Light plan', type: 'plan', scheme: 'current', jpy: 15000, usd: 14900 },
  { id: 'cocoar_business', product: 'cocoar', ja: 'ビジネスプラン', en: 'Business plan', type: 'plan', scheme: 'current', jpy: 50000, usd: 49900, initialCost: 'cocoar_initial' },
  { id: 'cocoar_opt_scans', product: 'cocoar', ja: 'スキャン回数追加（1,000回）', en: 'Extra scans (1,000)', type: 'option', scheme: 'current', billingType: 'metered', jpy: 3000, usd: 2900, metered: { unitValue: 1000, unit: 'scan', lower: 0, upper: 100000 } },
  { id: 'cocoar_opt_white_label', product: 'cocoar', ja: 'ホワイトラベル', en: 'White label', type: 'option', scheme: 'current', jpy: 20000, usd: 19900 },
  { id: 'cocoar_opt_3d', product: 'cocoar', ja: '3Dモデル表示', en: '3D models', type: 'option', scheme: 'current', status: 'waiting_setup', jpy: null, usd: null },
  { id: 'cocoar_initial', product: 'cocoar', ja: '初期費用', en: 'Initial cost', type: 'initial_cost', scheme: 'current', contractKind: 'single_month', jpy: 50000, usd: 49900 },
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
  },
  exclusive: [
    ['bownow_opt_crm_basic', 'bownow_opt_crm_advanced'],
    ['actibook_opt_player_basic', 'actibook_opt_player_pro'],
  ],
};

/** Inserts the demo plan master into the global shard's licence schema; returns the rows inserted. */
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
         initial_cost_plan_id, unit_value, unit, range_lower, range_upper, explanation, sort_order, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, now(), now()) ON CONFLICT (id) DO NOTHING`,
      [p.id, p.product, JSON.stringify({ 'ja-jp': p.ja, 'en-us': p.en }), p.type, p.scheme ?? 'legacy', p.status ?? 'available',
        p.contractKind ?? 'monthly', p.billingType ?? 'fixed', p.jpy, p.usd, p.initialCost ?? null, p.metered?.unitValue ?? null,
        p.metered?.unit ?? null, p.metered?.lower ?? null, p.metered?.upper ?? null, JSON.stringify(explanation), sort],
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
      `INSERT INTO "${licence}".terms (language, version, content_html, created_at, updated_at) VALUES ($1, 1, $2, now(), now()) ON CONFLICT (language, version) DO NOTHING`,
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
