/**
 * Issue 25 point 4: the one search's SQL over a large list, on its own (no services): 100,000
 * clients in one shard with 2 accounts each, then EXPLAIN ANALYZE of licence's company-name branch
 * and identity's account branch (TenantSearchRepository) for typical terms. Prints each plan's
 * scan kinds and time; a Seq Scan on clients or accounts is a regression.
 *
 *   tsx scripts/bench/client-search.ts        (BENCH_CLIENTS=100000)
 */
import { createBenchDatabase } from './lib/database.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100_000);
const FAMILY = ['山田', '佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '中村', '小林', '加藤', 'Smith', 'Garcia', 'Nguyen', 'Tan', 'Lee'];
const GIVEN = ['太郎', '花子', '一郎', '美咲', '健', '陽菜', '翔', 'Alex', 'Maria', 'Minh', 'Wei', 'Somchai'];

const like = (q: string) => `%${q}%`;

async function main() {
  const db = await createBenchDatabase();
  try {
    const t0 = performance.now();
    await db.query(`INSERT INTO jpn_licence.clients (uuid, company_name, region, contract_type, licence_type, status, partner_uuid, updated_at)
      SELECT gen_random_uuid(), 'Company ' || g || CASE g % 3 WHEN 0 THEN ' 株式会社' WHEN 1 THEN ' Trading KK' ELSE ' 商事' END, 'jpn', 'none', 'normal', 'active', NULL, now()
      FROM generate_series(1, $1) g`, [CLIENTS]);
    await db.query(`INSERT INTO jpn_identity.tenants (uuid, kind, name, updated_at) SELECT uuid, 'client', company_name, now() FROM jpn_licence.clients ON CONFLICT (uuid) DO NOTHING`);
    await db.query(`INSERT INTO jpn_identity.accounts (uuid, email, family_name, given_name, kind, authority, tenant_uuid, status, language, updated_at)
      SELECT gen_random_uuid(), 'user' || n || '.' || left(t.uuid::text, 8) || '@example' || (n % 97) || '.com',
             ($1::text[])[1 + (n * 7) % array_length($1::text[], 1)], ($2::text[])[1 + (n * 13) % array_length($2::text[], 1)],
             'client', CASE WHEN k = 1 THEN 'owner' ELSE 'user' END, t.uuid, 'active', 'ja-jp', now()
      FROM (SELECT uuid, row_number() OVER () AS n0 FROM jpn_identity.tenants WHERE kind = 'client') t, generate_series(1, 2) k, LATERAL (SELECT t.n0 * 2 + k AS n) x`,
      [FAMILY, GIVEN]);
    await db.query('ANALYZE jpn_licence.clients; ANALYZE jpn_identity.accounts; ANALYZE jpn_identity.tenants');
    console.log(`seeded ${CLIENTS.toLocaleString('en-US')} clients, ${(CLIENTS * 2).toLocaleString('en-US')} accounts in ${Math.round(performance.now() - t0)} ms`);

    const plans: [string, string, unknown[]][] = [
      ['licence: company name part (page of 20 by created_at)', `SELECT uuid FROM jpn_licence.clients c WHERE c.company_name ILIKE $1 ORDER BY created_at DESC, uuid DESC LIMIT 20`, [like('Company 4711')]],
      ['licence: company name + matched uuids (BitmapOr)', `SELECT count(*) FROM jpn_licence.clients c WHERE (c.company_name ILIKE $1 OR c.uuid = ANY($2::uuid[]))`, [like('Company 4711'), []]],
      ['identity: email part', `WITH m AS MATERIALIZED (SELECT a.tenant_uuid FROM jpn_identity.accounts a WHERE a.kind = 'client' AND a.tenant_uuid IS NOT NULL AND (a.email ILIKE $1 OR (a.family_name || a.given_name) ILIKE $2 OR (a.given_name || a.family_name) ILIKE $2)) SELECT DISTINCT tenant_uuid FROM m LIMIT 501`, [like('user4711.'), like('user4711.')]],
      ['identity: person name "山田太郎"', `WITH m AS MATERIALIZED (SELECT a.tenant_uuid FROM jpn_identity.accounts a WHERE a.kind = 'client' AND a.tenant_uuid IS NOT NULL AND (a.email ILIKE $1 OR (a.family_name || a.given_name) ILIKE $2 OR (a.given_name || a.family_name) ILIKE $2)) SELECT DISTINCT tenant_uuid FROM m LIMIT 501`, [like('山田太郎'), like('山田太郎')]],
      ['identity: short name "健" (whole name, btree)', `WITH m AS MATERIALIZED (SELECT a.tenant_uuid FROM jpn_identity.accounts a WHERE a.kind = 'client' AND a.tenant_uuid IS NOT NULL AND (lower(a.family_name) = $1 OR lower(a.given_name) = $1)) SELECT DISTINCT tenant_uuid FROM m LIMIT 501`, ['健']],
    ];
    for (const [name, sql, values] of plans) {
      const rows = await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, values);
      const plan = (rows[0] as { 'QUERY PLAN': [{ Plan: Record<string, unknown>; 'Execution Time': number }] })['QUERY PLAN'][0];
      const scans = new Set<string>();
      const walk = (node: Record<string, unknown>) => {
        if (String(node['Node Type']).includes('Scan')) scans.add(`${String(node['Node Type'])}${node['Index Name'] ? ` ${String(node['Index Name'])}` : ''}`);
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      walk(plan.Plan);
      console.log(`${name}: ${plan['Execution Time'].toFixed(2)} ms; ${[...scans].join(', ')}`);
    }
  } finally {
    await db.drop();
  }
}

await main();
