/**
 * Demo data (DESIGN §8): the reference data (scripts/reference-data.ts) plus demo accounts,
 * clients, contracts, invoices and notices. Idempotent: `npm run seed` at any time, and the
 * all-in-one start runs it on every boot (it inserts only what is missing). Only `npm start`,
 * start:distributed, the tests and an explicit SEED=demo (scripts/migrate.ts) run it: a production
 * install gets the reference data alone and its first operator from scripts/bootstrap-operator.ts.
 */
import pg from 'pg';
import { hash } from '@node-rs/argon2';
import type { TProductId, TShard } from '@portal/proto';
import { schemaName, type ShardMap } from '@portal/service-common/db/shard-map';
import { seedLicences } from './seed-catalogue.js';
import { installReferenceData } from './reference-data.js';
// Issue 11, slice A (f11-payment)
import { seedBillingPayment } from './seed-billing-payment.js';
// Slice C (issue 10): the demo contracts.
import { seedContracts } from './seed-contracts.js';
// Issue 11, slice B
import { seedPaymentRequests } from './seed-payment-requests.js';
// Issue 12, slice B: demo notices and an inquiry.
import { seedNotices } from './seed-notices.js';
// Issue 11, slice C2: last month's invoices.
import { seedInvoices } from './seed-invoices.js';

/** Fixed ids, so that the demo data is the same on every machine. */
export const DEMO_IDS = {
  partner: '0b9f3c5e-7a1d-4c2e-9f00-000000000001',
  client: '0b9f3c5e-7a1d-4c2e-9f00-000000000101',
  secureClient: '0b9f3c5e-7a1d-4c2e-9f00-000000000102',
  usClient: '0b9f3c5e-7a1d-4c2e-9f00-000000000201',
  thClient: '0b9f3c5e-7a1d-4c2e-9f00-000000000301',
} as const;

type DemoAccount = {
  role: string; email: string; password: string; shard: TShard; uuid: string;
  kind: 'operator' | 'partner' | 'client'; authority: 'owner' | 'admin' | 'user' | null; tenant: string | null;
  family: string; given: string; language: string; products: string[];
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'operator', email: 'operator@example.com', password: 'Operator#2026', shard: 'global', uuid: '0b9f3c5e-7a1d-4c2e-9f00-00000000a001', kind: 'operator', authority: null, tenant: null, family: '運用', given: '太郎', language: 'ja-jp', products: [] },
  { role: 'partner (primary, reseller+referral)', email: 'partner@example.com', password: 'Partner#2026', shard: 'jpn', uuid: '0b9f3c5e-7a1d-4c2e-9f00-00000000a002', kind: 'partner', authority: null, tenant: DEMO_IDS.partner, family: '代理', given: '花子', language: 'ja-jp', products: [] },
  { role: 'client owner (jpn)', email: 'owner@example.com', password: 'Owner#2026', shard: 'jpn', uuid: '0b9f3c5e-7a1d-4c2e-9f00-00000000a003', kind: 'client', authority: 'owner', tenant: DEMO_IDS.client, family: '山田', given: '一郎', language: 'ja-jp', products: ['bownow', 'actibook', 'lpbuilder', 'cocoar'] },
  { role: 'client admin (same client)', email: 'admin@example.com', password: 'Admin#2026', shard: 'jpn', uuid: '0b9f3c5e-7a1d-4c2e-9f00-00000000a004', kind: 'client', authority: 'admin', tenant: DEMO_IDS.client, family: '佐藤', given: '次郎', language: 'ja-jp', products: ['actibook'] },
  { role: 'client user (same client)', email: 'user@example.com', password: 'User#2026', shard: 'jpn', uuid: '0b9f3c5e-7a1d-4c2e-9f00-00000000a005', kind: 'client', authority: 'user', tenant: DEMO_IDS.client, family: '鈴木', given: '三郎', language: 'ja-jp', products: ['actibook'] },
  { role: 'client owner (usa host)', email: 'owner-us@example.com', password: 'OwnerUs#2026', shard: 'usa', uuid: '0b9f3c5e-7a1d-4c2e-9f00-00000000a006', kind: 'client', authority: 'owner', tenant: DEMO_IDS.usClient, family: 'Smith', given: 'Alex', language: 'en-us', products: ['bownow'] },
  { role: 'client owner (tha host)', email: 'owner-th@example.com', password: 'OwnerTh#2026', shard: 'tha', uuid: '0b9f3c5e-7a1d-4c2e-9f00-00000000a008', kind: 'client', authority: 'owner', tenant: DEMO_IDS.thClient, family: 'Sukjai', given: 'Somchai', language: 'th-th', products: ['bownow', 'actibook'] },
  { role: 'owner, MFA and IP list on (jpn)', email: 'secure-owner@example.com', password: 'Secure#2026', shard: 'jpn', uuid: '0b9f3c5e-7a1d-4c2e-9f00-00000000a007', kind: 'client', authority: 'owner', tenant: DEMO_IDS.secureClient, family: '高橋', given: '四郎', language: 'ja-jp', products: ['bownow'] },
];

/**
 * The demo clients' company details (phone, address and its prefecture or province,
 * representative), so that the operator's and the partner's client info pages show a company
 * rather than dashes. The US client has none: its end-to-end test fills its company page in.
 */
const DEMO_COMPANY_DETAILS: Record<string, { phone: string; address: string; location: string; representative: string }> = {
  [DEMO_IDS.client]: { phone: '03-5555-0123', address: '千代田区丸の内1-1-1', location: '東京都', representative: '代表 太郎' },
  [DEMO_IDS.secureClient]: { phone: '06-5555-0456', address: '大阪市北区梅田2-2-2', location: '大阪府', representative: '安全 一郎' },
  [DEMO_IDS.thClient]: { phone: '02-555-0789', address: '999 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย 10110', location: 'กรุงเทพมหานคร', representative: 'สมชาย ใจดี' },
};

/**
 * Identity's tenants: the partner (a primary partner: it logs in as primary_partner; its clients
 * make it a reseller and referral agency), a referral client of it (MFA off), a client with MFA
 * and an IP list, a US client and a Thai client.
 */
const DEMO_TENANTS = [
  { shard: 'jpn', uuid: DEMO_IDS.partner, kind: 'partner', name: 'デモ代理店株式会社', contract: 'primary', partner: null, mfa: false, ip: false, ips: [] as string[], partnerProxy: false },
  { shard: 'jpn', uuid: DEMO_IDS.client, kind: 'client', name: 'デモ商事株式会社', contract: 'referral', partner: DEMO_IDS.partner, mfa: false, ip: false, ips: [], partnerProxy: true },
  { shard: 'jpn', uuid: DEMO_IDS.secureClient, kind: 'client', name: 'セキュア工業株式会社', contract: 'single_content_provider', partner: DEMO_IDS.partner, mfa: true, ip: true, ips: ['127.0.0.1', '::1', '10.0.0.0/8', '192.168.0.0/16', '172.16.0.0/12'], partnerProxy: false },
  { shard: 'usa', uuid: DEMO_IDS.usClient, kind: 'client', name: 'Demo Corp.', contract: 'none', partner: null, mfa: false, ip: false, ips: [], partnerProxy: false },
  { shard: 'tha', uuid: DEMO_IDS.thClient, kind: 'client', name: 'บริษัท เดโม จำกัด', contract: 'none', partner: null, mfa: false, ip: false, ips: [], partnerProxy: false },
] as const;

/** The products each demo client holds (licence's licences, issue 10): what the pickers of invite and account edit offer. */
export const DEMO_CLIENT_PRODUCTS: Record<string, readonly TProductId[]> = {
  [DEMO_IDS.client]: ['bownow', 'actibook', 'cocoar', 'izanai', 'lpbuilder'],
  [DEMO_IDS.secureClient]: ['bownow', 'actibook'],
  [DEMO_IDS.usClient]: ['bownow', 'actibook', 'lessar'],
  [DEMO_IDS.thClient]: ['bownow', 'actibook', 'izanai'],
};

async function seedIdentity(client: pg.Client): Promise<number> {
  let inserted = 0;
  for (const t of DEMO_TENANTS) {
    const identity = schemaName(t.shard, 'identity');
    const r = await client.query(
      `INSERT INTO "${identity}".tenants (uuid, kind, name, contract_type, partner_uuid, mfa_enabled, ip_restriction_enabled, ip_allowlist, partner_proxy_allowed, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now()) ON CONFLICT (uuid) DO NOTHING`,
      [t.uuid, t.kind, t.name, t.contract, t.partner, t.mfa, t.ip, t.ips, t.partnerProxy],
    );
    inserted += r.rowCount ?? 0;
    if (t.kind === 'client') {
      const details = DEMO_COMPANY_DETAILS[t.uuid] ?? { phone: '', address: '', location: '', representative: '' };
      await client.query(
        `INSERT INTO "${schemaName(t.shard, 'licence')}".clients (uuid, company_name, region, contract_type, partner_uuid, phone, address, location, representative, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now()) ON CONFLICT (uuid) DO NOTHING`,
        [t.uuid, t.name, t.shard, t.contract, t.partner, details.phone, details.address, details.location, details.representative],
      );
      // Issue 10, slice A: the products each client holds are its licences (seedLicences).
      inserted += await seedLicences(client, { [t.uuid]: { shard: t.shard, products: DEMO_CLIENT_PRODUCTS[t.uuid] ?? [] } }, DEMO_IDS.client);
    }
  }
  // Issue 14, slice A: licence's partners (global shard): the demo partner is primary, reseller and referral,
  // and registers clients itself (its embedded form is open once it names its sites).
  for (const t of DEMO_TENANTS.filter((d) => d.kind === 'partner')) {
    await client.query(
      `INSERT INTO "${schemaName('global', 'licence')}".partners (uuid, name, region, parent_partner_uuid, is_primary, grantable_contracts, review_state, status, client_registration,
         representative, phone, address, owner_email, owner_family_name, owner_given_name, owner_language,
         billing_name, billing_email, billing_phone, billing_address, payment_method, updated_at)
       VALUES ($1, $2, $3, NULL, $4, 'both', 'approved', 'active', true,
         '代理 一郎', '0355550100', '東京都千代田区丸の内1-1-1', 'partner@example.com', '代理', '花子', 'ja-jp',
         $2, 'billing@partner.example.jp', '0355550101', '東京都千代田区丸の内1-1-1', 'bank_transfer', now()) ON CONFLICT (uuid) DO NOTHING`,
      [t.uuid, t.name, t.shard, t.contract === 'primary'],
    );
  }
  for (const a of DEMO_ACCOUNTS) {
    const identity = schemaName(a.shard, 'identity');
    const exists = await client.query(`SELECT 1 FROM "${identity}".accounts WHERE uuid = $1`, [a.uuid]);
    if (exists.rowCount) continue;
    const passwordHash = await hash(a.password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const r = await client.query(
      `INSERT INTO "${identity}".accounts (uuid, email, password_hash, family_name, given_name, kind, authority, tenant_uuid, status, language, products, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'active', $9, $10, now()) ON CONFLICT DO NOTHING`,
      [a.uuid, a.email, passwordHash, a.family, a.given, a.kind, a.authority, a.tenant, a.language, a.products],
    );
    inserted += r.rowCount ?? 0;
  }
  // f9-ident (issue 9 item 9): the directory of home regions in the global shard, for logins on
  // another region's host (operators live in global and are found from every host).
  for (const a of DEMO_ACCOUNTS.filter((d) => d.shard !== 'global')) {
    await client.query(
      `INSERT INTO "${schemaName('global', 'identity')}".account_directory (email, region, account_uuid) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING`,
      [a.email, a.shard, a.uuid],
    );
  }
  return inserted;
}

/** Returns true when anything was inserted (a first start). */
export async function seed(shardMap: ShardMap): Promise<boolean> {
  const client = new pg.Client({ connectionString: shardMap.global });
  await client.connect();
  let inserted = 0;
  try {
    // Issue 24: the reference data every install gets (scripts/reference-data.ts), then the demo data.
    inserted += await installReferenceData(client);
    inserted += await seedIdentity(client);
    // Slice C (issue 10): the demo contracts (after the plan master they snapshot).
    inserted += await seedContracts(client);
    // Issue 11, slice C2: last month's invoices of the demo clients (after the contracts they bill).
    inserted += await seedInvoices(client);
    // Issue 11, slice A (f11-payment): billing info and the demo card.
    inserted += await seedBillingPayment(client);
    // Issue 11, slice B: a pending bank-transfer request.
    inserted += await seedPaymentRequests(client);
    // Issue 12, slice B
    inserted += await seedNotices(client);
  } finally {
    await client.end();
  }
  return inserted > 0;
}

// `npm run seed`: against DATABASE_URL, or the embedded database of `npm start`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { singleDatabaseShardMap } = await import('@portal/service-common/db/shard-map');
  const url = process.env.DATABASE_URL ?? `postgresql://postgres:portal@127.0.0.1:${process.env.EMBEDDED_PG_PORT ?? 54329}/portal`;
  const seeded = await seed(singleDatabaseShardMap(url));
  process.stdout.write(seeded ? 'Demo data seeded.\n' : 'Demo data already present.\n');
}
